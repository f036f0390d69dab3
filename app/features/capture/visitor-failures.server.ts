// What a visitor reads when the capture page cannot be served: the overload page,
// in the language the browser asks for or chose with the switcher; English when it
// asks for none we have. The plain-text failure of any URL is the edge's (app/server/http/failure.ts).
// Rules: docs/features/capture-and-leads.md ("Overload answers fast"); docs/features/visitor-languages.md ("The
//   switcher").
import type { IncomingHttpHeaders } from "node:http";
import { chooseLanguage } from "~/features/languages/choose-language.server";
import { translatorFor } from "~/features/languages/i18n.server";
import { directionOf, DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(", ") : (value ?? null));

/** The browser's language: its switcher cookie, else its Accept-Language, else English. */
export function browserLanguageOf(headers: IncomingHttpHeaders): Language {
  return chooseLanguage({ cookie: one(headers.cookie), acceptLanguage: one(headers["accept-language"]), fallback: DEFAULT_LANGUAGE }).language;
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const busyPages = new Map<Language, string>();

/** The overload page: tiny, self-contained, reloading itself after three seconds. */
export function busyPageIn(language: Language) {
  let page = busyPages.get(language);
  if (!page) {
    const t = translatorFor(language, "capture");
    const title = escapeHtml(t("busy.title"));
    page = `<!doctype html><html lang="${language}" dir="${directionOf(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="3"><meta name="robots" content="noindex"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;text-align:center;padding:48px 16px"><main><h1>${title}</h1><p role="status">${escapeHtml(t("busy.body"))}</p><p><a href="">${escapeHtml(t("busy.retry"))}</a></p></main></body></html>`;
    busyPages.set(language, page);
  }
  return page;
}
