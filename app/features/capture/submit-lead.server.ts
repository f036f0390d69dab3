// A visitor's lead from the capture form: checked, stored with its consent and offer code, and
// the owner told, in one transaction. The page load and scan recording are in capture.server.ts.
import crypto from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isDatabaseUnavailable, isForeignKeyViolation } from "~/db/errors.server";
import { preparedStatement, queryPrepared } from "~/db/prepared.server";
import { rowsOf } from "~/db/rows.server";
import { lead, LEAD_REFUSAL_REASONS, type LeadRefusalReason } from "~/db/schema";
import { CONSENT_FIELD, CONSENT_REQUIRED_ERROR } from "~/features/consent/consent";
import { publicOriginOf } from "~/features/domains/domains.server";
import { consentWordingIn, leadConsentRowOf, queueConfirmationEmail, recordLeadConsent, wordingId } from "~/features/consent/consent.server";
import { DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";
import { enqueueEmail, type OutboxEmail } from "~/features/email/outbox.server";
import { newLeadEmailToRender } from "~/features/email/new-lead-email.server";
import { nudgeEmailWorker } from "~/features/email/worker.server";
import { enqueueLeadCreated } from "~/features/integrations/webhooks.server";
import { describeClaim } from "~/features/redeem/claim.server";
import { claimantKeyOf, claimOfferCode, lockClaimant, newOfferCodeRow, type Claim, type IssuedClaim } from "~/features/redeem/redeem.server";
import { claimedCodeEmailOf, mailExistingCode } from "~/features/redeem/offer-code-email.server";
import type { FieldErrors } from "~/utils/http.server";
import { parseLeadFields } from "./lead-fields.server";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { countLeadSubmission } from "~/utils/metrics.server";
import { consumeRateLimit, refundRateLimit } from "~/utils/rate-limit.server";
import { clientBudgetKey } from "~/utils/client-budget-key.server";
import { isUuid } from "./capture";
import { HONEYPOT_FIELD, networkBusyMessage, SCAN_TOKEN_FIELD, SUBMISSION_ERRORS } from "./capture-fields";
import { REPEAT_WINDOW_MINUTES } from "~/features/scans/visitors";
import { recordLeadRefusal } from "~/features/scans/visitors.server";
import { storeLeadInBatch } from "./lead-batch.server";
import { submitTargetOf, type SubmitTarget } from "./lead-targets.server";
import { isDomainError } from "~/utils/domain-error";
import { looksLikeCrowdToken, readCrowdToken, type CrowdToken } from "~/features/scans/crowd-token.server";
import { claimKeyOf } from "~/features/scans/visitor-id.server";
import { scanOfCrowdToken, spendCrowdBudget } from "./crowd-claims.server";
import { isCaptureOverload } from "./capture.server";

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
        /** The offer waits for the visitor's mailbox (decision 125): it is in an email, or none could be sent now. */
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

function refuse(
  refusal: SubmitRefusal,
  body: Omit<Extract<SubmitLeadResult, { ok: false }>["body"], "ok">,
  retryAfterSeconds?: number,
): SubmitLeadResult {
  return { ok: false, refusal, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }), body: { ok: false, ...body } };
}

const accepted = (body: Omit<Extract<SubmitLeadResult, { ok: true }>["body"], "ok"> = {}): SubmitLeadResult => ({
  ok: true,
  body: { ok: true, ...body },
});

const THANKS = accepted();

type SubmitLeadOptions = {
  campaignId: string | undefined;
  fields: Record<string, string>;
  clientAddress: string;
  userAgent?: string | null;
  /** The visitor's zone, for the validity line in their email (as on their thank-you screen). */
  timeZone?: string;
  /** The claiming browser's key (decision 344), kept with a new lead; null without a visitor id. */
  visitorKey?: string | null;
  /** When visitors are browsers (decision 310): the id this browser sent back, or null when it sent none. */
  browser?: { id: string | null };
  /** The page's language: the consent wording is kept in it and the visitor's emails are written in it. */
  language?: Language;
};

/**
 * Stores a lead from the capture form and queues the owner's notification in the same
 * transaction. The lead must carry the token of a scan of this campaign (decision 031).
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
 * campaign (decision 300): tokens come only from counted scans, and each stores one lead. A
 * token's first lead spends nothing (decision 322); its repeats, and its posts that store
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
  // the others arriving now in one commit (decision 322); anything else is stored alone below.
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
 * The client's budget of confirmation emails (decision 111: the form must not mail-bomb strangers).
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

/** The thank-you for a lead stored alone: its code on screen, or word that it went by email. */
function answerStored(stored: StoredAlone, { codeByEmailOnly, mayEmail }: { codeByEmailOnly: boolean; mayEmail: boolean }) {
  const { emailQueued, claim } = stored;
  // Double opt-in with the offer tied to consent: the code goes only to the typed mailbox (decision 125).
  if (claim && codeByEmailOnly) {
    // Not queued now but allowed: this address already got its email (with this code) today.
    const mailed = emailQueued || stored.codeMailed || mayEmail;
    return accepted({ ...(emailQueued ? { checkEmail: true } : {}), codeByEmail: mailed ? "sent" : "not-sent" });
  }
  if (!emailQueued && !claim) return THANKS;
  return accepted({ ...(emailQueued ? { checkEmail: true } : {}), ...(claim ? { claim } : {}) });
}

/** The per-lead transaction found the token used and stored nothing: charge the token, then store. */
const TOKEN_BUDGET_DUE = "token budget due";

/**
 * A token's lead after its first (a second person with the same browser, decision 090) spends the
 * token's budget, however the posts raced: parallel first posts all read the token as unused, so
 * the charge is made where the token is found used (decision 333). One token thus stores at most
 * 1 + its budget leads.
 */
async function chargeTokenForAnotherLead(token: string) {
  await consumeRateLimit("leadByToken", token);
}

type StoredAlone = {
  /** The email had claimed from another scan: its lead was marked seen again, nothing stored. */
  seenAgain: boolean;
  emailQueued: boolean;
  /** The visitor's code email of a new claim was queued (decision 343). */
  codeMailed: boolean;
  /** The code this submission may see: drawn by it, a double submit of its scan, or its own browser's. */
  claim: IssuedClaim | null;
  /** A code this submission may not see: the email claimed it from another browser (decision 224). */
  claimedElsewhere: IssuedClaim | null;
};

type AloneInput = {
  target: SubmitTarget;
  leadValues: { campaignId: string; scanId: string; name: string; email: string; phone: string | null; placementId: string | null; collectedAt: SQL };
  email: string;
  mode: SubmitTarget["consentMode"];
  businessName: string;
  ticked: boolean;
  mayEmail: boolean;
  timeZone: string;
  options: SubmitLeadOptions;
  /** The token's budget is already charged for this post (it was read as used, or charged since). */
  tokenCharged: boolean;
  /** The email probably claimed this offer before this post (a committed claim): look for it first, without a transaction. */
  claimedBefore: boolean;
};

/** Another post of the same email drew the claimant's code since this one looked: store this one as seen again. */
class ClaimedMeanwhile extends Error {}

/**
 * The per-lead transaction, for every lead the batch does not take. The same email on the same
 * campaign is one lead (decision 344): a claim from another scan marks that lead seen again and
 * stores nothing new. Two posts of one email at once: the second's code insert waits for the
 * first's commit, finds the claimant taken, and the second is stored again as seen again.
 */
async function storeLeadAlone(db: Database, input: AloneInput): Promise<StoredAlone | typeof TOKEN_BUDGET_DUE> {
  // A claim committed before this post is seen in one statement, without the claimant's lock or a
  // transaction (decision 385); one in flight is not, and the transaction below waits for it.
  if (input.claimedBefore) {
    const seen = await markSeenAgainIfClaimed(db, input).catch(unlessErasedMeanwhile);
    if (seen) return seen;
  }
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => storeLeadAloneOnce(tx as unknown as Database, input));
    } catch (error) {
      if (!(error instanceof ClaimedMeanwhile) || attempt > 0) throw error;
    }
  }
}

/** The claimant's lead was erased while it was marked (its placement's key is gone): store this post as new. */
function unlessErasedMeanwhile(error: unknown): null {
  if (isForeignKeyViolation(error)) return null;
  throw error;
}

async function storeLeadAloneOnce(tx: Database, input: AloneInput): Promise<StoredAlone | typeof TOKEN_BUDGET_DUE> {
  const { target, leadValues, email, options } = input;
  const { campaignId, scanId: token } = leadValues;
  const at = target.at;
  const visitorKey = options.visitorKey ?? null;
  // First, before any row of its own: a transaction never waits for the lock while holding a row a batch waits for.
  await lockClaimant(tx, campaignId, claimantKeyOf(campaignId, email));
  const seen = await markSeenAgainIfClaimed(tx, input);
  if (seen) return seen;
  // No lock and no row shared by the campaign's leads (decision 300): the scan's unique lead,
  // the claimant's unique code and the outbox rows keep every rule under concurrency.
  let [stored] = await tx
    .insert(lead)
    .values({ ...leadValues, visitorKey })
    .onConflictDoNothing({ target: lead.scanId })
    .returning({ id: lead.id });
  if (!stored && !(await isSameSubmission(tx, { campaignId, scanId: token, email }))) {
    if (!input.tokenCharged) return TOKEN_BUDGET_DUE;
    // A refresh shares its first load's token (decision 090), and two people behind one
    // address with the same browser share a visitor hash: the second person's lead is kept.
    [stored] = await tx
      .insert(lead)
      .values({ ...leadValues, visitorKey, scanId: null })
      .returning({ id: lead.id });
  }
  const claim = await claimOfferCode(tx, { campaignId, email, leadId: stored?.id ?? null, at });
  if (stored && claim && !claim.isNew) throw new ClaimedMeanwhile();
  if (!stored) return { seenAgain: false, emailQueued: false, codeMailed: false, claim, claimedElsewhere: null };
  const { emailQueued, codeMailed } = await recordConsentAndQueueEmails(tx, input, stored.id, claim);
  await enqueueLeadCreated(tx, { leadId: stored.id });
  return { seenAgain: false, emailQueued, codeMailed, claim, claimedElsewhere: null };
}

/**
 * The stored lead's consent record and its emails: the confirmation (carrying the code when there
 * is one), else the code's own email, and the owner's new-lead email.
 */
async function recordConsentAndQueueEmails(tx: Database, input: AloneInput, leadId: string, claim: Claim | null) {
  const { target, email, mode, businessName, ticked, options } = input;
  const { campaignId } = input.leadValues;
  const at = target.at;
  const consent = await recordLeadConsent(tx, {
    leadId,
    campaignId,
    mode,
    businessName,
    ticked,
    clientAddress: options.clientAddress,
    userAgent: options.userAgent ?? null,
    at,
    language: options.language,
  });
  let emailQueued = false;
  if (input.mayEmail && consent.confirmToken) {
    emailQueued = await queueConfirmationEmail(tx, {
      leadId,
      campaignId,
      ownerId: target.ownerId,
      to: email,
      businessName,
      mode,
      confirmToken: consent.confirmToken,
      withdrawToken: consent.withdrawToken,
      at,
      origin: await publicOriginOf(tx, getEnv(), { userId: target.ownerId, campaignId }),
      whiteLabel: target.whiteLabel,
      // The confirmation goes to the typed mailbox, so it may carry the code whoever drew it.
      offerCode: claim ? describeClaim(claim, input.timeZone, options.language) : undefined,
      language: options.language,
    });
  }
  // The confirmation email carries the code: one email, never two (decision 343).
  const codeMailed = Boolean(claim && !emailQueued);
  if (claim && codeMailed) {
    await enqueueEmail(
      tx,
      claimedCodeEmailOf({
        campaignId,
        leadId,
        to: email,
        businessName,
        postalAddress: target.postalAddress,
        whiteLabel: target.whiteLabel,
        claim,
        timeZone: input.timeZone,
        language: options.language,
      }),
    );
  }
  await enqueueEmail(tx, newLeadEmailOf(target, { leadId, campaignId }));
  return { emailQueued, codeMailed };
}

/**
 * The same email claimed again from another scan (decision 344), in one statement: the claimant's
 * code with its lead's scan and browser, and, when that lead came from another scan, the lead
 * marked seen again and through this placement too. `$1` is the post as JSON. One statement, so
 * the per-lead transaction and a post that finds the claim already committed share it (decision 385).
 */
const SEEN_AGAIN = preparedStatement(
  "lead_seen_again",
  `with p as (
     select * from json_to_record($1::json) as x(campaign_id uuid, claimant_key text, scan_id uuid, placement_id uuid, at timestamptz)
   ), earlier as (
     select o.code, o.expires_at, o.lead_id, l.visitor_key, l.scan_id is distinct from p.scan_id as seen_again, p.placement_id, p.at
     from p
     join offer_code o on o.campaign_id = p.campaign_id and o.claimant_key = p.claimant_key
     join lead l on l.id = o.lead_id
   ), seen as (
     update lead set last_seen_at = e.at from earlier e where lead.id = e.lead_id and e.seen_again
   ), placed as (
     insert into lead_placement (lead_id, placement_id, last_seen_at)
     select lead_id, placement_id, at from earlier where seen_again and placement_id is not null
     on conflict (lead_id, placement_id) do update set last_seen_at = excluded.last_seen_at
   )
   select code, (extract(epoch from expires_at) * 1000)::float8 as expires_ms, lead_id::text, visitor_key, seen_again from earlier`,
);

type SeenAgainRow = { code: string; expires_ms: number | null; lead_id: string; visitor_key: string | null; seen_again: boolean };

/** The post's email claimed from another scan: its lead is seen again, and this post stores nothing. Null otherwise. */
async function markSeenAgainIfClaimed(db: Database, input: AloneInput): Promise<StoredAlone | null> {
  const { target, leadValues, options } = input;
  const post = {
    campaign_id: leadValues.campaignId,
    claimant_key: claimantKeyOf(leadValues.campaignId, input.email),
    scan_id: leadValues.scanId,
    placement_id: target.placementId,
    at: target.at,
  };
  const [row] = await queryPrepared<SeenAgainRow>(db, SEEN_AGAIN, JSON.stringify(post));
  if (!row?.seen_again) return null;
  const earlier: IssuedClaim = {
    code: row.code,
    expiresAt: row.expires_ms === null ? null : new Date(Number(row.expires_ms)).toISOString(),
    leadId: row.lead_id,
    isNew: false,
  };
  // The browser that claimed sees its code again; any other gets it in that mailbox only.
  const visitorKey = options.visitorKey ?? null;
  const sameBrowser = visitorKey !== null && row.visitor_key === visitorKey;
  return {
    seenAgain: true,
    emailQueued: false,
    codeMailed: false,
    claim: sameBrowser ? earlier : null,
    claimedElsewhere: sameBrowser ? null : earlier,
  };
}

/** A double submit: the scan's lead, or a token-less lead from the same window, has this email. */
async function isSameSubmission(tx: Database, options: { campaignId: string; scanId: string; email: string }) {
  const result = await tx.execute(sql`
    select 1 from lead where campaign_id = ${options.campaignId} and lower(email) = lower(${options.email})
      and (scan_id = ${options.scanId} or (scan_id is null and collected_at > now() - make_interval(mins => ${REPEAT_WINDOW_MINUTES} * 2)))
    limit 1`);
  return rowsOf(result).length > 0;
}

/**
 * The new-lead email goes to the campaign owner's account address, never to the visitor. One
 * outbox row per lead and nothing counted here: under a surge the email worker folds the rows
 * past the owner's per-minute threshold into one digest (decision 301). Its body is rendered from
 * the lead when it is sent (decision 422).
 */
function newLeadEmailOf(target: SubmitTarget, lead: { leadId: string; campaignId: string }): OutboxEmail {
  return {
    kind: "new_lead",
    to: target.ownerEmail,
    content: newLeadEmailToRender(target.title),
    campaignId: lead.campaignId,
    leadId: lead.leadId,
    createdAt: sql`${target.at}::timestamptz`,
  };
}
