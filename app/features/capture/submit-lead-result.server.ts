// What a lead post asks and what it is answered: the options the edge and the route pass in, the
// refusals a route turns into a status, and the thank-you's body.
// Rules: docs/features/offers-and-the-counter.md ("Double opt-in carries the code"); docs/features/capture-and-leads.md
//   ("One email is one lead per campaign", "Visitor ids").
import type { Language } from "~/features/languages/languages";
import type { Claim } from "~/features/redeem/offer-codes.server";
import type { FieldErrors } from "~/utils/http.server";
import type { StoredAlone } from "./store-lead-alone.server";

export type LeadValues = { name: string; email: string; phone: string; marketingConsent?: boolean };

/** Why a submission was not stored; the route answers each with its status. */
export type SubmitRefusal =
  | "invalid_campaign"
  | "invalid_fields"
  | "consent_required"
  /** No token of a counted scan of this campaign (the page was not loaded, or was forged). */
  | "no_scan"
  | "not_found"
  | "inactive"
  | "rate_limited"
  /** The database could not be reached: the visitor keeps the form and may retry. */
  | "unavailable";

export type SubmitLeadResult =
  | {
      ok: true;
      /** A crowd token's lead from a browser without a visitor id: the id to give it, so it sees its code on return. */
      newVisitorId?: string;
      body: {
        ok: true;
        checkEmail?: boolean;
        claim?: Claim;
        /** The offer waits for the visitor's mailbox: it is in an email, or none could be sent now. */
        codeByEmail?: "sent" | "not-sent";
        /** The email had claimed this offer from another scan: its code went to that mailbox, not here. */
        alreadyClaimed?: boolean;
      };
    }
  | {
      ok: false;
      refusal: SubmitRefusal;
      /** Only for `rate_limited`: when the budget refills. */
      retryAfterSeconds?: number;
      body: { ok: false; error?: string; fieldErrors?: FieldErrors; values?: LeadValues; scanToken?: string };
    };

export function refuse(
  refusal: SubmitRefusal,
  body: Omit<Extract<SubmitLeadResult, { ok: false }>["body"], "ok">,
  retryAfterSeconds?: number,
): SubmitLeadResult {
  return { ok: false, refusal, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }), body: { ok: false, ...body } };
}

export const accepted = (body: Omit<Extract<SubmitLeadResult, { ok: true }>["body"], "ok"> = {}): SubmitLeadResult => ({
  ok: true,
  body: { ok: true, ...body },
});

export const THANKS = accepted();

export type SubmitLeadOptions = {
  campaignId: string | undefined;
  fields: Record<string, string>;
  clientAddress: string;
  userAgent?: string | null;
  /** The visitor's zone, for the validity line in their email (as on their thank-you screen). */
  timeZone?: string;
  /** The claiming browser's key, kept with a new lead; null without a visitor id. */
  visitorKey?: string | null;
  /** When visitors are browsers: the id this browser sent back, or null when it sent none. */
  browser?: { id: string | null };
  /** The page's language: the consent wording is kept in it and the visitor's emails are written in it. */
  language?: Language;
};

/** The thank-you for a lead stored alone: its code on screen, or word that it went by email. */
export function answerStored(stored: StoredAlone, { codeByEmailOnly, mayEmail }: { codeByEmailOnly: boolean; mayEmail: boolean }) {
  const { emailQueued, claim } = stored;
  // Double opt-in with the offer tied to consent: the code goes only to the typed mailbox.
  if (claim && codeByEmailOnly) {
    // Not queued now but allowed: this address already got its email (with this code) today.
    const mailed = emailQueued || stored.codeMailed || mayEmail;
    return accepted({ ...(emailQueued ? { checkEmail: true } : {}), codeByEmail: mailed ? "sent" : "not-sent" });
  }
  if (!emailQueued && !claim) return THANKS;
  return accepted({ ...(emailQueued ? { checkEmail: true } : {}), ...(claim ? { claim } : {}) });
}
