// A visitor's lead from the capture form: checked, stored with its consent and offer code, and
// the owner told, in one transaction. The page load and scan recording are in capture.server.ts.
// Rules: docs/features/capture-and-leads.md ("Scan tokens", "Token budgets", "Leads stored in batches");
//   docs/features/consent-and-erasure.md ("Double opt-in"); docs/features/offers-and-the-counter.md ("Double opt-in
//   carries the code").
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isDatabaseUnavailable } from "~/db/errors.server";
import { LEAD_REFUSAL_REASONS, type LeadRefusalReason } from "~/db/schema";
import { CONSENT_FIELD, CONSENT_REQUIRED_ERROR } from "~/features/consent/consent";
import { consentWordingIn, leadConsentRowOf, wordingId } from "~/features/consent/consent.server";
import { DEFAULT_LANGUAGE } from "~/features/languages/languages";
import { nudgeEmailWorker } from "~/features/email/worker.server";
import { newOfferCodeRow, type IssuedClaim } from "~/features/redeem/offer-codes.server";
import { claimedCodeEmailOf, mailExistingCode } from "~/features/redeem/offer-code-email.server";
import { parseLeadFields } from "./lead-fields.server";
import { logger } from "~/utils/logger.server";
import { countLeadSubmission } from "~/utils/metrics.server";
import { consumeRateLimit, refundRateLimit } from "~/utils/rate-limit.server";
import { clientBudgetKey } from "~/utils/client-budget-key.server";
import { isUuid } from "./capture";
import { HONEYPOT_FIELD, networkBusyMessage, SCAN_TOKEN_FIELD, SUBMISSION_ERRORS } from "./capture-fields";
import { recordLeadRefusal } from "~/features/scans/lead-refusals.server";
import { storeLeadInBatch } from "./lead-batch.server";
import { submitTargetOf, type SubmitTarget } from "./lead-targets.server";
import { isDomainError } from "~/utils/domain-error";
import { looksLikeCrowdToken, readCrowdToken, type CrowdToken } from "~/features/scans/crowd-token.server";
import { claimKeyOf } from "~/features/scans/visitor-id.server";
import { scanOfCrowdToken, spendCrowdBudget } from "./crowd-claims.server";
import { isCaptureOverload } from "./capture.server";

import { accepted, answerStored, refuse, THANKS, type LeadValues, type SubmitLeadOptions, type SubmitLeadResult } from "./submit-lead-result.server";
import {
  chargeTokenForAnotherLead,
  newLeadEmailOf,
  storeLeadAlone,
  TOKEN_BUDGET_DUE,
  type AloneInput,
  type StoredAlone,
} from "./store-lead-alone.server";

export type { LeadValues, SubmitLeadResult, SubmitRefusal } from "./submit-lead-result.server";

/**
 * Stores a lead from the capture form and queues the owner's notification in the same
 * transaction. The lead must carry the token of a scan of this campaign.
 * Every outcome is counted for operators, and refusals per campaign and reason for the owner.
 */
export async function submitLead(db: Database, options: SubmitLeadOptions): Promise<SubmitLeadResult> {
  const result = await decideLead(db, options);
  countLeadSubmission(result.ok ? "accepted" : result.refusal);
  if (!result.ok && isUuid(options.campaignId) && (LEAD_REFUSAL_REASONS as readonly string[]).includes(result.refusal)) {
    recordLeadRefusal(db, options.campaignId, result.refusal as LeadRefusalReason);
  }
  return result;
}

/** What one post is: its fields read and the answers every refusal of it shares. */
type LeadPost = {
  options: SubmitLeadOptions;
  fields: Record<string, string>;
  campaignId: string;
  ticked: boolean;
  values: LeadValues;
  token: string | undefined;
  /** The fields checked against the form's schema, once for the whole post. */
  parsed: ReturnType<typeof parseLeadFields>;
};

async function decideLead(db: Database, initial: SubmitLeadOptions): Promise<SubmitLeadResult> {
  let options = initial;
  const { fields } = options;
  const ticked = fields[CONSENT_FIELD] === "yes";
  const values: LeadValues = {
    name: (fields.name ?? "").slice(0, 200),
    email: (fields.email ?? "").slice(0, 300),
    phone: (fields.phone ?? "").slice(0, 60),
    marketingConsent: ticked,
  };
  const field = fields[SCAN_TOKEN_FIELD];
  let token = isUuid(field) ? field : undefined;
  const { campaignId } = options;
  if (!isUuid(campaignId)) return refuse("invalid_campaign", { error: SUBMISSION_ERRORS.invalidCampaign, values });
  const crowd = looksLikeCrowdToken(field) ? readCrowdToken(field, campaignId) : null;
  const parsed = parseLeadFields(fields);
  let newVisitorId: string | undefined;
  if (crowd) {
    const exchanged = await exchangeCrowdToken(db, { options, fields, campaignId, ticked, values, token: field!, parsed }, crowd);
    if ("ok" in exchanged) return exchanged;
    token = exchanged.scanId;
    newVisitorId = exchanged.newVisitorId;
    if (newVisitorId) options = { ...options, visitorKey: claimKeyOf(newVisitorId) };
  }
  const post: LeadPost = { options, fields, campaignId, ticked, values, token, parsed };

  // One read: the campaign, its owner, and the scan behind the token (when it is one of this campaign's).
  let target: SubmitTarget | undefined;
  try {
    target = await submitTargetOf(db, post.campaignId, token, values.email);
  } catch (error) {
    return unavailable(post, error);
  }
  // A page is in one language (docs/features/visitor-languages.md): a posted language the campaign
  // has no words in (a forged or stale field) gets its page language's consent wording and emails.
  if (target && !target.offeredLanguages.includes(options.language ?? DEFAULT_LANGUAGE)) {
    post.options = options = { ...options, language: target.offeredLanguages[0] };
  }
  const tokenUnused = Boolean(target?.scanId && !target.tokenUsed);
  const spent = await spendPostBudget(post, target, tokenUnused);
  if (spent) return spent;
  const storingNothing = (result: SubmitLeadResult) => chargeStoringNothing(post, tokenUnused, result);

  // Scripts fill every field; people never see this one. They get a thank-you and store nothing.
  if ((fields[HONEYPOT_FIELD] ?? "").trim() !== "") return storingNothing(THANKS);
  if (!parsed.ok) return storingNothing(refuse("invalid_fields", { fieldErrors: parsed.fieldErrors, values, scanToken: token }));
  if (!target) return refuse("not_found", { error: SUBMISSION_ERRORS.notLoaded, values });
  if (target.status !== "active") return storingNothing(refuse("inactive", { error: SUBMISSION_ERRORS.inactive, values }));
  // A token that is no scan of this campaign (an old tab, an expired crowd token) needs the page reloaded.
  if (!token || !target.scanId)
    return refuse("no_scan", { error: fields[SCAN_TOKEN_FIELD] ? SUBMISSION_ERRORS.expired : SUBMISSION_ERRORS.failed, values });
  if (target.consentMode !== "notice" && target.offerRequiresConsent && !ticked) {
    return storingNothing(refuse("consent_required", { fieldErrors: { [CONSENT_FIELD]: CONSENT_REQUIRED_ERROR }, values, scanToken: token }));
  }
  const stored = await storeLead(db, { ...post, token }, target, parsed.value, storingNothing);
  return stored.ok && newVisitorId ? { ...stored, newVisitorId } : stored;
}

/**
 * A crowd token's post (docs/features/crowds.md) becomes a post with a scan's token: the network's
 * crowd budget is spent, a post that stores nothing stops here, and the lead's scan is counted.
 * The browser is the one its cookie names, else the token's, which it is then given.
 */
async function exchangeCrowdToken(
  db: Database,
  post: LeadPost,
  crowd: CrowdToken,
): Promise<SubmitLeadResult | { scanId: string; newVisitorId?: string }> {
  const { options, fields, values, parsed } = post;
  try {
    await spendCrowdBudget(options.clientAddress);
  } catch (error) {
    if (!isDomainError(error, "rate_limited")) return unavailable(post, error);
    const seconds = error.retryAfterSeconds ?? 600;
    return refuse("rate_limited", { error: networkBusyMessage(seconds), values, scanToken: post.token }, seconds);
  }
  if ((fields[HONEYPOT_FIELD] ?? "").trim() !== "") return THANKS;
  if (!parsed.ok) return refuse("invalid_fields", { fieldErrors: parsed.fieldErrors, values, scanToken: post.token });
  const visitorId = options.browser?.id ?? crowd.visitorId;
  let scan;
  try {
    scan = await scanOfCrowdToken(db, crowd, { userAgent: options.userAgent ?? "", clientAddress: options.clientAddress, visitorId });
  } catch (error) {
    if (!isCaptureOverload(error)) throw error;
    logger.warn({ err: error, campaignId: post.campaignId }, "crowd lead's scan not written: database busy or unavailable");
    return refuse("unavailable", { error: SUBMISSION_ERRORS.failed, values, scanToken: post.token });
  }
  if ("refused" in scan) return refuse("inactive", { error: SUBMISSION_ERRORS.inactive, values });
  return { scanId: scan.scanId, ...(options.browser && !options.browser.id ? { newVisitorId: crowd.visitorId } : {}) };
}

/** A database outage answers with the form, its values and the way to retry, not an error page. */
function unavailable({ campaignId, values, token }: LeadPost, error: unknown) {
  if (!isDatabaseUnavailable(error)) throw error;
  logger.warn({ err: error, campaignId }, "lead not stored: database unavailable");
  return refuse("unavailable", { error: SUBMISSION_ERRORS.failed, values, scanToken: token });
}

function limited(post: LeadPost, error: unknown) {
  if (isDomainError(error, "rate_limited")) {
    return refuse(
      "rate_limited",
      { error: `Submission Error: ${error.message}`, values: post.values, scanToken: post.token },
      error.retryAfterSeconds,
    );
  }
  return unavailable(post, error);
}

function leadNotStored({ campaignId, values, token }: LeadPost, error: unknown) {
  logger.error({ err: error, campaignId }, "lead insert failed");
  return refuse("unavailable", { error: SUBMISSION_ERRORS.failed, values, scanToken: token });
}

/**
 * Many visitors can share one address (a café's Wi-Fi, a school, a carrier's NAT): one holding a
 * valid scan token is held to that token's budget, not the address's. There is no budget per
 * campaign: tokens come only from counted scans, and each stores one lead. A
 * token's first lead spends nothing; its repeats, and its posts that store
 * nothing, spend the token's budget. Answers the refusal when the budget is spent.
 */
async function spendPostBudget(post: LeadPost, target: SubmitTarget | undefined, tokenUnused: boolean) {
  try {
    if (!target?.scanId) await consumeRateLimit("leadByAddress", clientBudgetKey(post.options.clientAddress));
    else if (!tokenUnused) await consumeRateLimit("leadByToken", post.token!);
  } catch (error) {
    return limited(post, error);
  }
  return null;
}

/** A post that stores nothing spends its unused token's budget (which its first lead would not). */
async function chargeStoringNothing(post: LeadPost, tokenUnused: boolean, result: SubmitLeadResult) {
  if (!tokenUnused) return result;
  try {
    await consumeRateLimit("leadByToken", post.token!);
  } catch (error) {
    return limited(post, error);
  }
  return result;
}

type CheckedLead = { name: string; email: string; phone?: string };

async function storeLead(
  db: Database,
  post: LeadPost & { token: string },
  target: SubmitTarget,
  checked: CheckedLead,
  storingNothing: (result: SubmitLeadResult) => Promise<SubmitLeadResult>,
): Promise<SubmitLeadResult> {
  const { options, campaignId, ticked, token } = post;
  const mode = target.consentMode;
  const mayEmail = mode === "double_opt_in" && ticked && (await mayEmailConsent(post));
  if (typeof mayEmail !== "boolean") return mayEmail;
  const businessName = target.businessName?.trim() || target.title;
  const { name, email, phone } = checked;
  const leadValues = {
    campaignId,
    scanId: token,
    name,
    email,
    phone: phone ?? null,
    placementId: target.placementId,
    collectedAt: sql`${target.at}::timestamptz`,
  };
  // The common lead (an unused token, an email new to this offer, no confirmation email) joins
  // the others arriving now in one commit; anything else is stored alone below.
  const batchable = !target.tokenUsed && !target.claimed && mode !== "double_opt_in";
  if (batchable) {
    const claim = await storeInBatch(db, { target, leadValues, businessName, ticked, options });
    if (claim) {
      nudgeEmailWorker();
      return accepted({ claim });
    }
  }
  const timeZone = options.timeZone ?? "UTC";
  // Read as claimed, or left out by its batch (mostly: the same email's post committed first).
  const claimedBefore = target.claimed || batchable;
  const aloneInput = {
    target,
    leadValues,
    email,
    mode,
    businessName,
    ticked,
    mayEmail,
    timeZone,
    options,
    tokenCharged: target.tokenUsed,
    claimedBefore,
  };
  const stored = await storeAloneChargingToken(db, post, aloneInput);
  if (!("seenAgain" in stored)) return stored;
  if (stored.emailQueued || stored.codeMailed) nudgeEmailWorker();
  if (stored.seenAgain) {
    // No confirmation email was queued for a lead seen again: give back what was taken for one.
    if (mayEmail) await refundRateLimit("consentEmailByAddress", clientBudgetKey(options.clientAddress)).catch(() => undefined);
    // It stored no lead, so it spends its token's budget like any post that stores nothing.
    const charged = await storingNothing(THANKS);
    if (!charged.ok) return charged;
  }
  if (stored.claimedElsewhere)
    return mailClaimedElsewhere(db, { campaignId, target, email, businessName, timeZone, options, claim: stored.claimedElsewhere });
  return answerStored(stored, { codeByEmailOnly: mode === "double_opt_in" && target.offerRequiresConsent, mayEmail });
}

/**
 * The client's budget of confirmation emails ("Double opt-in": the form must not mail-bomb strangers).
 * Spent up, the lead is still stored; it just waits without an email.
 */
async function mayEmailConsent(post: LeadPost): Promise<boolean | SubmitLeadResult> {
  try {
    await consumeRateLimit("consentEmailByAddress", clientBudgetKey(post.options.clientAddress));
    return true;
  } catch (error) {
    if (!isDomainError(error, "rate_limited")) return unavailable(post, error);
    return false;
  }
}

/** The batched lead with its code, consent and emails; its claim, or null when the batch did not take it. */
async function storeInBatch(
  db: Database,
  input: { target: SubmitTarget; leadValues: AloneInput["leadValues"]; businessName: string; ticked: boolean; options: SubmitLeadOptions },
) {
  const { target, leadValues, businessName, ticked, options } = input;
  const { campaignId, email } = leadValues;
  const { at } = target;
  const mode = target.consentMode;
  const leadId = crypto.randomUUID();
  const code = newOfferCodeRow({ campaignId, userId: target.ownerId, leadId, email, at, rule: target.rule });
  const language = options.language ?? DEFAULT_LANGUAGE;
  const consent = leadConsentRowOf(
    { leadId, campaignId, mode, businessName, ticked, clientAddress: options.clientAddress, userAgent: options.userAgent ?? null, at },
    await wordingId(db, consentWordingIn(language, mode, businessName), language),
  );
  const ownerEmail = newLeadEmailOf(target, { leadId, campaignId });
  const claim = { code: code.code, expiresAt: code.expiresAt?.toISOString() ?? null };
  const visitorEmail = claimedCodeEmailOf({
    campaignId,
    leadId,
    to: email,
    businessName,
    postalAddress: target.postalAddress,
    whiteLabel: target.whiteLabel,
    claim,
    timeZone: options.timeZone ?? "UTC",
    language,
  });
  const batched = await storeLeadInBatch(db, {
    lead: { id: leadId, ...leadValues, visitorKey: options.visitorKey ?? null },
    code,
    consent: consent.row,
    ownerEmail,
    visitorEmail,
    announce: target.listening,
    at,
  });
  return batched === "stored" ? claim : null;
}

/** The lead stored alone; when its token turns out used, the token is charged and the store tried once more. */
async function storeAloneChargingToken(db: Database, post: LeadPost & { token: string }, input: AloneInput): Promise<StoredAlone | SubmitLeadResult> {
  let stored: StoredAlone | typeof TOKEN_BUDGET_DUE;
  try {
    stored = await storeLeadAlone(db, input);
  } catch (error) {
    return leadNotStored(post, error);
  }
  if (stored !== TOKEN_BUDGET_DUE) return stored;
  try {
    await chargeTokenForAnotherLead(post.token);
  } catch (error) {
    return limited(post, error);
  }
  try {
    stored = await storeLeadAlone(db, { ...input, tokenCharged: true });
  } catch (error) {
    return leadNotStored(post, error);
  }
  if (stored === TOKEN_BUDGET_DUE) return leadNotStored(post, new Error("token found used after it was charged"));
  return stored;
}

/** The email had claimed this offer from another browser: its code goes to that mailbox, not to this screen. */
async function mailClaimedElsewhere(
  db: Database,
  input: {
    campaignId: string;
    target: SubmitTarget;
    email: string;
    businessName: string;
    timeZone: string;
    options: SubmitLeadOptions;
    claim: IssuedClaim;
  },
) {
  const { campaignId, target, options } = input;
  let codeByEmail: "sent" | "not-sent" = "not-sent";
  try {
    codeByEmail = await mailExistingCode(db, {
      campaignId,
      ownerId: target.ownerId,
      whiteLabel: target.whiteLabel,
      to: input.email,
      businessName: input.businessName,
      claim: input.claim,
      timeZone: input.timeZone,
      clientAddress: options.clientAddress,
      language: options.language,
    });
  } catch (error) {
    logger.error({ err: error, campaignId }, "offer code email not queued");
  }
  nudgeEmailWorker();
  return accepted({ alreadyClaimed: true, codeByEmail });
}
