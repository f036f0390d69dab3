// The answer to a visitor's lead post, whichever way it arrives: the capture
// route's action (a phone without JavaScript, or React Router's own `.data` post) and the form
// script's JSON post to `/capture/{id}/lead`, which the HTTP edge answers before Express. One
// place decides the status, the Retry-After and the body the form shows.
// Rules: docs/features/capture-and-leads.md ("Two ways in for a lead", "Visitor ids").
import type { Database } from "~/db/client.server";
import { OUTAGE_RETRY_AFTER_SECONDS } from "~/db/errors.server";
import { presentClaim } from "~/features/redeem/claim.server";
import { captureTargetOf } from "~/features/placements/short-links.server";
import { isDomainError } from "~/utils/domain-error";
import { formFields } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import { timeZoneOfCookie } from "~/utils/time-zone.server";
import type { LeadFormResult } from "./capture";
import { SHORT_LINK_REFUSED, SUBMISSION_ERRORS } from "./capture-fields";
import { submitLead, type SubmitRefusal } from "./submit-lead.server";
import { claimKeyOf, keyVisitorIds, visitorCookieHeader, visitorIdFromCookie } from "~/features/scans/visitor-id.server";
import { leadAnswerIn } from "./visitor-messages.server";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_FIELD } from "~/features/languages/languages";

export type LeadPostAnswer = { status: number; headers?: Record<string, string>; body: LeadFormResult };

const SUBMIT_STATUS: Record<SubmitRefusal, number> = {
  invalid_campaign: 400,
  invalid_fields: 400,
  consent_required: 400,
  no_scan: 400,
  not_found: 404,
  inactive: 409,
  rate_limited: 429,
  unavailable: 503,
};

/** A post whose body could not be read as a form: nothing stored, the form stays. */
export const UNREADABLE_POST: LeadPostAnswer = { status: 400, body: { ok: false, error: SUBMISSION_ERRORS.failed } };

export async function answerLeadPost(
  db: Database,
  post: {
    /** The capture URL the form was on: `/capture/{campaignId}` or the short link `/q/{code}`. */
    params: { campaignId?: string; code?: string };
    fields: Record<string, string>;
    clientAddress: string;
    userAgent: string | null;
    cookie: string | null;
  },
): Promise<LeadPostAnswer> {
  // The language the form was shown in (its hidden field); a form from before languages was English.
  const language = isLanguage(post.fields[LANGUAGE_FIELD]) ? post.fields[LANGUAGE_FIELD] : DEFAULT_LANGUAGE;
  let campaignId;
  try {
    ({ campaignId } = await captureTargetOf(db, { params: post.params, searchParams: new URLSearchParams(), clientAddress: post.clientAddress }));
  } catch (error) {
    if (!isDomainError(error, "rate_limited")) throw error;
    const headers = { "Retry-After": String(error.retryAfterSeconds ?? 60) };
    return { status: 429, headers, body: leadAnswerIn(language, { ok: false, error: `Submission Error: ${SHORT_LINK_REFUSED}` }) };
  }
  const timeZone = await timeZoneOfCookie(post.cookie);
  const browser = await browserOf(post.cookie);
  const result = await submitLead(db, {
    campaignId,
    fields: post.fields,
    clientAddress: post.clientAddress,
    userAgent: post.userAgent,
    timeZone,
    visitorKey: browser?.id ? claimKeyOf(browser.id) : null,
    browser,
    language,
  });
  if (result.ok) {
    const { claim: issued, ...rest } = result.body;
    const claim = issued ? await presentClaim(issued, timeZone, language) : undefined;
    // A crowd token's lead gives its browser the id its load could not (docs/features/crowds.md).
    const headers = result.newVisitorId ? { "Set-Cookie": await newVisitorCookie(result.newVisitorId) } : undefined;
    return { status: 200, headers, body: { ...rest, ...(claim ? { claim } : {}) } };
  }
  // Every 503 says when to retry: an outage's wait, unless the refusal named its own.
  const retryAfter = result.retryAfterSeconds ?? (result.refusal === "unavailable" ? OUTAGE_RETRY_AFTER_SECONDS : undefined);
  const headers = retryAfter === undefined ? undefined : { "Retry-After": String(retryAfter) };
  return { status: SUBMIT_STATUS[result.refusal], headers, body: leadAnswerIn(language, result.body) };
}

/** The claiming browser, when visitors are browsers: the id it sent back, or null. */
async function browserOf(cookie: string | null) {
  const { env, secret } = await getServices();
  keyVisitorIds(secret);
  if (env.VISITOR_ID !== "cookie") return undefined;
  return { id: visitorIdFromCookie(cookie) };
}

async function newVisitorCookie(id: string) {
  const { env } = await getServices();
  return visitorCookieHeader(id, env.appUrl.protocol === "https:");
}

/**
 * The form script's post as the HTTP edge reads it off the socket, before Express: an url-encoded
 * body, the client address the trusted proxy named, and the Cookie header.
 */
export async function answerEncodedLeadPost(post: {
  params: { campaignId?: string; code?: string };
  body: string;
  clientAddress: string;
  userAgent: string | null;
  cookie: string | null;
}): Promise<LeadPostAnswer> {
  const { db } = await getServices();
  const { body, ...rest } = post;
  return answerLeadPost(db, { ...rest, fields: formFields(new URLSearchParams(body)) });
}
