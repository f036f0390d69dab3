// The form's answers in the visitor's language. The rules that refuse a lead speak
// English (the spec's messages, verbatim); the answer is translated once, where it leaves.
// Rules: docs/features/visitor-languages.md ("One language per page").
import { translatorFor } from "~/features/languages/i18n.server";
import type { Language } from "~/features/languages/languages";
import type { LeadFormResult } from "./capture";
import { LEAD_LIMITS } from "./capture-fields";

/** Every message a lead post can answer with, as a key of the language files and its values. */
const ANSWERS: Array<[key: string, values?: Record<string, number>]> = [
  ["errors.invalidCampaign"],
  ["errors.notLoaded"],
  ["errors.inactive"],
  ["errors.failed"],
  ["errors.expired"],
  ["errors.rateLimited"],
  // The crowd budget's refusal names the minutes to wait: at most its 10-minute window.
  ...Array.from({ length: 10 }, (_, index): [string, Record<string, number>] => ["errors.networkBusy", { minutes: index + 1 }]),
  ["errors.shortLinkRefusedOnSubmit"],
  ["consent.required"],
  ["validation.nameRequired"],
  ["validation.nameTooLong", { max: LEAD_LIMITS.name }],
  ["validation.emailRequired"],
  ["validation.emailInvalid"],
  ["validation.phoneTooLong", { max: LEAD_LIMITS.phone }],
  ["validation.phoneInvalid"],
];

let byEnglish: Map<string, (typeof ANSWERS)[number]> | undefined;

/** One message of a lead post's answer in the page's language; a message we do not know stays as it is. */
export function answerIn(language: Language, message: string) {
  if (language === "en") return message;
  const english = translatorFor("en", "capture");
  byEnglish ??= new Map(ANSWERS.map((answer) => [english(answer[0], answer[1]), answer]));
  const found = byEnglish.get(message);
  return found ? translatorFor(language, "capture")(found[0], found[1]) : message;
}

export function leadAnswerIn(language: Language, body: LeadFormResult): LeadFormResult {
  if (language === "en" || body.ok) return body;
  const fieldErrors =
    body.fieldErrors && Object.fromEntries(Object.entries(body.fieldErrors).map(([field, message]) => [field, answerIn(language, message)]));
  return { ...body, ...(body.error ? { error: answerIn(language, body.error) } : {}), ...(fieldErrors ? { fieldErrors } : {}) };
}
