// The language of a visitor's pages: the switcher's link or cookie, the browser's, else the
// campaign's; a short link's placement keeps the switcher's choice.
// Rules: docs/features/visitor-languages.md ("The switcher", "One language per page").
import { chooseLanguage } from "~/features/languages/choose-language.server";
import { pageLocaleOf } from "~/features/languages/i18n.server";
import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, offeredLanguagesOf } from "~/features/languages/languages";
import type { CaptureSnapshot, CaptureVisit } from "./capture.server";

/** A visitor's own page (privacy, confirm, withdraw) in the language their capture page was in. */
export function visitorPageLocaleOf(headers: Headers, url: string) {
  const { language } = visitLanguageOf({ headers, searchParams: new URL(url).searchParams });
  return pageLocaleOf(language, ["visitor"], {});
}

/** A short link's scan parameters are its placement's: the switcher's `?lang=` comes from the address followed. */
export function withLanguageParam(scanParams: URLSearchParams, address: URLSearchParams) {
  const chosen = address.get(LANGUAGE_PARAM);
  if (chosen === null || scanParams.get(LANGUAGE_PARAM) === chosen) return scanParams;
  const merged = new URLSearchParams(scanParams);
  merged.set(LANGUAGE_PARAM, chosen);
  return merged;
}

/**
 * The visit's language: the switcher's link or cookie, the browser's, else the
 * campaign's; of a campaign's page, only a language it has its owner's words in.
 */
export function visitLanguageOf(
  visit: Pick<CaptureVisit, "headers" | "searchParams">,
  campaign?: Pick<CaptureSnapshot, "language" | "translations">,
) {
  return chooseLanguage({
    chosen: visit.searchParams.get(LANGUAGE_PARAM),
    cookie: visit.headers.get("cookie"),
    acceptLanguage: visit.headers.get("accept-language"),
    fallback: campaign?.language ?? DEFAULT_LANGUAGE,
    offered: campaign ? offeredLanguagesOfCampaign(campaign) : undefined,
  });
}

/** The languages a campaign's page is offered in: its own and each its owner translated the copy into. */
export function offeredLanguagesOfCampaign(campaign: Pick<CaptureSnapshot, "language" | "translations">) {
  return offeredLanguagesOf(campaign.language, Object.keys(campaign.translations));
}
