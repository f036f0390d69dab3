// The answer every URL gives when serving it failed (docs/architecture.md "The request flow"): the
// status says whether a retry will do, the text is one line in the browser's language, and no
// stack trace ever reaches the client.
import type { IncomingHttpHeaders } from "node:http";
import { isDatabaseUnavailable, OUTAGE_RETRY_AFTER_SECONDS } from "~/db/errors.server";
import { browserLanguageOf } from "~/features/capture/visitor-failures.server";
import { translatorFor } from "~/features/languages/i18n.server";

/** The plain-text answer when serving a request failed, in the browser's language. */
export function failureTextFor(headers: IncomingHttpHeaders) {
  return translatorFor(browserLanguageOf(headers), "capture")("errors.plainFailed");
}

/**
 * The status of a failed request: 503 with a retry hint when the database could not be reached
 * (the visitor's retry will do, as the pages' own outage answer says), 500 for anything else.
 */
export function failureStatusOf(error: unknown): { status: 500 | 503; retryAfter?: string } {
  return isDatabaseUnavailable(error) ? { status: 503, retryAfter: String(OUTAGE_RETRY_AFTER_SECONDS) } : { status: 500 };
}
