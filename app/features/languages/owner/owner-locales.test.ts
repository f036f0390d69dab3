import { describe, expect, it } from "vitest";
import { flatten, markersOf, type Tree } from "../../../../tests/support/catalogues";
import type { Language } from "../languages";
import en from "./en";
import { OWNER_CATALOGUE_CHUNKS, OWNER_LANGUAGES } from "./owner-catalogues";
import { SERVER_OWNER_CATALOGUES } from "./owner-language.server";

const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNT = "{{count}}";

/** A plural form may leave the number out ("one key", "two keys" in Arabic); every other marker stays. */
const withoutCount = (text: string) => markersOf(text).filter((marker) => marker !== COUNT);

/**
 * Every way a catalogue differs from English: a key missing or extra, a plural without exactly the
 * forms its language has (`Intl.PluralRules`, as i18next picks them), a placeholder or tag changed.
 */
function differencesFromEnglish(language: Language, other: Tree) {
  const source = flatten(en as unknown as Tree);
  const target = flatten(other);
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const [key, text] of source) {
    if (!PLURAL.test(key)) expected.set(key, text);
    else if (key.endsWith("_other")) for (const form of forms) expected.set(key.replace(PLURAL, `_${form}`), text);
  }
  const problems: string[] = [];
  for (const key of expected.keys()) if (!target.has(key)) problems.push(`missing ${key}`);
  for (const key of target.keys()) if (!expected.has(key)) problems.push(`extra ${key}`);
  for (const [key, text] of expected) {
    const translated = target.get(key);
    if (translated === undefined) continue;
    if (translated.trim() === "") problems.push(`empty ${key}`);
    const same = PLURAL.test(key)
      ? withoutCount(translated).join(" ") === withoutCount(text).join(" ") && (!key.endsWith("_other") || translated.includes(COUNT))
      : markersOf(translated).join(" ") === markersOf(text).join(" ");
    if (!same) problems.push(`markers differ in ${key}`);
  }
  return problems;
}

const translated = Object.entries(SERVER_OWNER_CATALOGUES) as [Language, Tree][];

describe("the owner's catalogues", () => {
  it.each(translated)("%s has exactly English's keys, its own plural forms, and English's placeholders and tags", (language, messages) => {
    expect(differencesFromEnglish(language, messages)).toEqual([]);
  });

  it("the check finds a missing key, an extra key, a missing plural form and a changed placeholder", () => {
    const broken = structuredClone(SERVER_OWNER_CATALOGUES.ar) as unknown as {
      nav: Tree;
      domains: { remove: Tree };
      copy: Tree;
    };
    delete broken.nav.signOut;
    broken.nav.extra = "زائد";
    delete broken.domains.remove.codes_few;
    broken.copy.named = "نسخ {{name}}";
    expect(differencesFromEnglish("ar", broken as unknown as Tree)).toEqual([
      "missing nav.signOut",
      "missing domains.remove.codes_few",
      "extra nav.extra",
      "markers differ in copy.named",
    ]);
  });

  it("no translation is left in English by mistake", () => {
    const english = flatten(en as unknown as Tree);
    for (const [language, messages] of translated) {
      const same = [...flatten(messages)].filter(([key, text]) => english.get(key) === text && !sameInEveryLanguage(text));
      expect(
        same.map(([key]) => key),
        language,
      ).toEqual([]);
    }
  });

  it("the browser can load every language the server speaks, and no other", () => {
    expect(Object.keys(OWNER_CATALOGUE_CHUNKS).sort()).toEqual(Object.keys(SERVER_OWNER_CATALOGUES).sort());
    expect([...OWNER_LANGUAGES].sort()).toEqual(["en", ...translated.map(([language]) => language)].sort());
  });
});

/** A counted noun and table headings French and Dutch share with English ("{{count}} scans", "Conversion", "Actions"). */
const SHARED_COUNTS_AND_HEADINGS = /^(?:scans?|leads?|Conversion|Actions)$/;

/**
 * What stays as it is in every language: names (LeadQR, Slack, Cloudflare…), examples (a host
 * name, a URL, a code), words a language shares with English, and strings of placeholders alone.
 */
function sameInEveryLanguage(text: string) {
  const words = text
    .replace(/\{\{[^}]+\}\}|<\/?[a-z0-9]+\s*\/?>|LeadQR/gi, "")
    .replace(/[^\p{L}\s-]/gu, "")
    .trim();
  return (
    !/[A-Za-z]/.test(words) ||
    SHARED_WORDS.test(words) ||
    SHARED_WORDS.test(text) ||
    SHARED_COUNTS_AND_HEADINGS.test(words) ||
    SHARED_BUSINESS_TYPES.test(text)
  );
}

/** Business types some languages write as English does (campaignSentences.businessTypes). */
const SHARED_BUSINESS_TYPES = /^(?:Restaurant|Bar\/Pub|Boutique|Hotel\/Motel|Museum)$/;

const SHARED_WORDS =
  /^(?:Blog|Leads?|Manager|ms|Email|No|Plan|Endpoint|link|in|Events?|Date|Pages|Mode|Active|Notifications|Sessions|Condition|page|Audience|Destination|Scans?|Status|Team|Layout|Format|Domain|Passkeys|Password|Webhooks|Slack|Telegram|Test|Code|E-Mail|Browser|Bots|Problem|\(optional\)|Cloudflare|GoDaddy|Namecheap|Google \/ Squarespace Domains|DNS → Custom records → Create new record\.|K7M-4QX-9D|go\.mycafe\.com|https:\/\/[^ ]+|Logo \(optional\)|Mailchimp und Google Sheets)$/;
