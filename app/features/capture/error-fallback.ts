// The capture route's error page when its loader could not say which language to use (an
// unexpected error): English, and only the few strings that page shows, so the page's script does
// not carry the whole English file. Kept equal to the English file by locales.test.ts.
import type { PageLocale } from "~/features/languages/page-language";

const capture = {
  notFound: {
    pageTitle: "Campaign Not Found",
    title: "Campaign Loading Error: Campaign Not Found",
    body: "The QR code you scanned is not valid or has expired.",
    box: "Campaign not found or inactive",
  },
  errors: {
    waitTitle: "Please wait a moment",
    shortLinkRefused: "Too many links that do not exist were opened from your network. Please wait a few minutes and try again.",
    unexpectedTitle: "Something went wrong",
    unexpectedBody: "We could not load this offer right now. Please try again in a moment.",
  },
  limit: { title: "Scan Limit Reached!" },
  form: { language: "Language" },
};

export type ErrorKey = `errors.${keyof typeof capture.errors}`;

export const ERROR_FALLBACK_LOCALE = { language: "en", messages: { capture } } as unknown as PageLocale;
export const ERROR_FALLBACK_MESSAGES = capture;
