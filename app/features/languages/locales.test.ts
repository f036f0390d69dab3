import { describe, expect, it } from "vitest";
import { flatten, markersOf, type Tree } from "../../../tests/support/catalogues";
import { networkBusyMessage, SHORT_LINK_REFUSED, SUBMISSION_ERRORS } from "~/features/capture/capture-fields";
import { ERROR_FALLBACK_MESSAGES } from "~/features/capture/error-fallback";
import { consentCheckboxText, CONSENT_REQUIRED_ERROR, DOUBLE_OPT_IN_HINT, NOTICE_TEXT } from "~/features/consent/consent";
import { ALREADY_CLAIMED_PREFIX, ALREADY_CLAIMED_TEXT, CODE_BY_EMAIL_TEXT, FORM_INVITATION } from "~/features/redeem/offer";
import { RATE_LIMITED_MESSAGE } from "~/utils/rate-limit.server";
import { MESSAGES, translatorFor } from "./i18n.server";
import { LANGUAGES } from "./languages";
import en from "./locales/en";

/** Every way a language file differs from English in its keys or in a string's markers. */
function differencesFromEnglish(other: Tree) {
  const source = flatten(en as unknown as Tree);
  const target = flatten(other);
  const problems: string[] = [];
  for (const key of source.keys()) if (!target.has(key)) problems.push(`missing ${key}`);
  for (const key of target.keys()) if (!source.has(key)) problems.push(`extra ${key}`);
  for (const [key, text] of source) {
    const translated = target.get(key);
    if (translated === undefined) continue;
    if (translated.trim() === "") problems.push(`empty ${key}`);
    if (markersOf(translated).join(" ") !== markersOf(text).join(" ")) problems.push(`markers differ in ${key}`);
  }
  return problems;
}

describe("language files", () => {
  it.each(LANGUAGES.filter((language) => language !== "en"))("%s has exactly English's keys, placeholders and tags", (language) => {
    expect(differencesFromEnglish(MESSAGES[language] as unknown as Tree)).toEqual([]);
  });

  it("the check finds a missing key, an extra key and a changed placeholder", () => {
    const broken = structuredClone(MESSAGES.es) as unknown as { capture: Tree & { form: Tree } };
    delete broken.capture.form.name;
    broken.capture.form.extra = "¡Hola!";
    broken.capture.form.logoAlt = "Logotipo de {{negocio}}";
    expect(differencesFromEnglish(broken as unknown as Tree)).toEqual([
      "missing capture.form.name",
      "extra capture.form.extra",
      "markers differ in capture.form.logoAlt",
    ]);
  });

  it("no translation is left in English by mistake", () => {
    const english = flatten(en as unknown as Tree);
    // Words that are the same in a language (a brand, "Privacy" in Italian and Dutch) are few.
    const sameAllowed = new Set(["capture.form.privacy", "visitor.privacy.title"]);
    for (const language of LANGUAGES.filter((each) => each !== "en")) {
      const same = [...flatten(MESSAGES[language] as unknown as Tree)].filter(([key, text]) => english.get(key) === text && !sameAllowed.has(key));
      expect(same, language).toEqual([]);
    }
  });

  it("English is the wording the spec and the rest of the code use", () => {
    const t = translatorFor("en", "capture");
    expect(t("consent.notice")).toBe(NOTICE_TEXT);
    expect(t("consent.checkbox", { business: "Bean There Café" })).toBe(consentCheckboxText("Bean There Café"));
    expect(t("consent.doubleOptInHint")).toBe(DOUBLE_OPT_IN_HINT);
    expect(t("consent.required")).toBe(CONSENT_REQUIRED_ERROR);
    expect(t("form.invitation")).toBe(FORM_INVITATION);
    expect(t("thanks.alreadyClaimed")).toBe(ALREADY_CLAIMED_PREFIX);
    expect(t("thanks.alreadyClaimedSent")).toBe(ALREADY_CLAIMED_TEXT);
    expect(t("thanks.codeSent")).toBe(CODE_BY_EMAIL_TEXT.sent);
    expect(t("thanks.codeNotSent")).toBe(CODE_BY_EMAIL_TEXT["not-sent"]);
    expect(t("errors.failed")).toBe(SUBMISSION_ERRORS.failed);
    expect(t("errors.inactive")).toBe(SUBMISSION_ERRORS.inactive);
    expect(t("errors.expired")).toBe(SUBMISSION_ERRORS.expired);
    expect(t("errors.notLoaded")).toBe(SUBMISSION_ERRORS.notLoaded);
    expect(t("errors.invalidCampaign")).toBe(SUBMISSION_ERRORS.invalidCampaign);
    expect(t("errors.shortLinkRefused")).toBe(SHORT_LINK_REFUSED);
    expect(t("errors.rateLimited")).toBe(`Submission Error: ${RATE_LIMITED_MESSAGE}`);
    expect(t("errors.networkBusy", { minutes: 7 })).toBe(networkBusyMessage(400));
  });

  it("the capture error page's English fallback is English's own words", () => {
    const english = flatten(en.capture as unknown as Tree);
    for (const [key, text] of flatten(ERROR_FALLBACK_MESSAGES as unknown as Tree)) expect(text, key).toBe(english.get(key));
  });
});
