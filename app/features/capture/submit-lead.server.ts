// A visitor's lead from the capture form: checked, stored with its consent and offer code, and
// the owner told, in one transaction. The page load and scan recording are in capture.server.ts.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isDatabaseUnavailable } from "~/db/errors.server";
import { rowsOf } from "~/db/rows.server";
import { businessProfile, campaign, lead, LEAD_REFUSAL_REASONS, placement, scan, user, type LeadRefusalReason } from "~/db/schema";
import { CONSENT_FIELD, CONSENT_REQUIRED_ERROR, type ConsentMode } from "~/features/consent/consent";
import { queueConfirmationEmail, recordLeadConsent } from "~/features/consent/consent.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import { newLeadEmail } from "~/features/email/templates";
import { nudgeEmailWorker } from "~/features/email/worker.server";
import { enqueueLeadCreated } from "~/features/integrations/webhooks.server";
import { describeClaim } from "~/features/redeem/claim.server";
import { formatOfferCode } from "~/features/redeem/code";
import { claimOfferCode, type Claim } from "~/features/redeem/redeem.server";
import { mailExistingCode } from "~/features/redeem/offer-code-email.server";
import { getEnv } from "~/utils/env.server";
import { parseFields, type FieldErrors } from "~/utils/http.server";
import { logger } from "~/utils/logger.server";
import { countLeadSubmission } from "~/utils/metrics.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { isUuid } from "./capture";
import { HONEYPOT_FIELD, LeadSchema, SCAN_TOKEN_FIELD, SUBMISSION_ERRORS } from "./capture.schema";
import { REPEAT_WINDOW_MINUTES } from "./visitors";
import { recordLeadRefusal } from "./visitors.server";
import { isDomainError } from "~/utils/domain-error";

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
};

/**
 * Stores a lead from the capture form and queues the owner's notification in the same
 * transaction. The lead must carry the token of a scan of this campaign (DESIGN decision 3).
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

async function decideLead(
  db: Database,
  options: {
    campaignId: string | undefined;
    fields: Record<string, string>;
    clientAddress: string;
    userAgent?: string | null;
    /** The visitor's zone, for the validity line in their email (as on their thank-you screen). */
    timeZone?: string;
  },
): Promise<SubmitLeadResult> {
  const { fields } = options;
  const ticked = fields[CONSENT_FIELD] === "yes";
  const values: LeadValues = {
    name: (fields.name ?? "").slice(0, 200),
    email: (fields.email ?? "").slice(0, 300),
    phone: (fields.phone ?? "").slice(0, 60),
    marketingConsent: ticked,
  };
  const token = isUuid(fields[SCAN_TOKEN_FIELD]) ? fields[SCAN_TOKEN_FIELD] : undefined;
  if (!isUuid(options.campaignId)) return refuse("invalid_campaign", { error: SUBMISSION_ERRORS.invalidCampaign, values });
  const campaignId = options.campaignId;

  // A database outage answers with the form, its values and the way to retry, not an error page.
  const unavailable = (error: unknown) => {
    if (!isDatabaseUnavailable(error)) throw error;
    logger.warn({ err: error, campaignId }, "lead not stored: database unavailable");
    return refuse("unavailable", { error: SUBMISSION_ERRORS.failed, values, scanToken: token });
  };

  const limited = (error: unknown) => {
    if (isDomainError(error, "rate_limited")) {
      return refuse("rate_limited", { error: `Submission Error: ${error.message}`, values, scanToken: token }, error.retryAfterSeconds);
    }
    return unavailable(error);
  };

  // One read: the campaign, its owner, and the scan behind the token (when it is one of this campaign's).
  let target: SubmitTarget | undefined;
  try {
    target = await submitTargetOf(db, campaignId, token);
  } catch (error) {
    return unavailable(error);
  }

  // Many visitors can share one address (a café's Wi-Fi, a school, a carrier's NAT): one holding a
  // valid scan token is held to that token's budget, not the address's. There is no budget per
  // campaign (decision 300): tokens come only from counted scans, and each stores one lead.
  try {
    if (target?.scanId) await consumeRateLimit("leadByToken", token!);
    else await consumeRateLimit("leadByAddress", options.clientAddress);
  } catch (error) {
    return limited(error);
  }

  // Scripts fill every field; people never see this one. They get a thank-you and store nothing.
  if ((fields[HONEYPOT_FIELD] ?? "").trim() !== "") return THANKS;

  const parsed = parseFields(LeadSchema, fields);
  if (!parsed.ok) {
    return refuse("invalid_fields", { fieldErrors: (parsed.response.data as { fieldErrors: FieldErrors }).fieldErrors, values, scanToken: token });
  }

  if (!target) return refuse("not_found", { error: SUBMISSION_ERRORS.notLoaded, values });
  if (target.status !== "active") return refuse("inactive", { error: SUBMISSION_ERRORS.inactive, values });
  if (!token || !target.scanId) return refuse("no_scan", { error: SUBMISSION_ERRORS.failed, values });
  const at = target.at;

  const mode = target.consentMode;
  if (mode !== "notice" && target.offerRequiresConsent && !ticked) {
    return refuse("consent_required", { fieldErrors: { [CONSENT_FIELD]: CONSENT_REQUIRED_ERROR }, values, scanToken: token });
  }
  // The client's budget of confirmation emails (issue 14: the form must not mail-bomb strangers).
  // Spent up, the lead is still stored; it just waits without an email.
  let mayEmail = mode === "double_opt_in" && ticked;
  if (mayEmail) {
    try {
      await consumeRateLimit("consentEmailByAddress", options.clientAddress);
    } catch (error) {
      if (!isDomainError(error, "rate_limited")) return unavailable(error);
      mayEmail = false;
    }
  }
  const businessName = target.businessName?.trim() || target.title;
  // Double opt-in with the offer tied to consent: the code goes only to the typed mailbox (decision 125).
  const codeByEmailOnly = mode === "double_opt_in" && target.offerRequiresConsent;

  const { name, email, phone } = parsed.value;
  let outcome: "stored" | "repeat";
  let emailQueued = false;
  let claim: Claim | null = null;
  /** A code this submission may not see: the email claimed it from another scan (issue 25 finding 4). */
  let claimedElsewhere: Claim | null = null;
  try {
    outcome = await db.transaction(async (tx) => {
      // No lock and no row shared by the campaign's leads (decision 300): the scan's unique lead,
      // the claimant's unique code and the outbox rows keep every rule under concurrency.
      const values = {
        campaignId,
        scanId: token,
        name,
        email,
        phone: phone ?? null,
        placementId: target.placementId,
        collectedAt: sql`${at}::timestamptz`,
      };
      let [stored] = await tx.insert(lead).values(values).onConflictDoNothing({ target: lead.scanId }).returning({ id: lead.id });
      if (!stored && !(await isSameSubmission(tx as unknown as Database, { campaignId, scanId: token, email }))) {
        // A refresh shares its first load's token (decision 090), and two people behind one
        // address with the same browser share a visitor hash: the second person's lead is kept.
        [stored] = await tx
          .insert(lead)
          .values({ ...values, scanId: null })
          .returning({ id: lead.id });
      }
      // The same email claiming again gets its first code back (decision 120).
      const claimed = await claimOfferCode(tx as unknown as Database, { campaignId, email, leadId: stored?.id ?? null, at });
      // Only the scan that drew the code (a refresh or double submit of it included) sees it.
      if (claimed && !claimed.isNew && !(await isLeadOfScan(tx as unknown as Database, claimed.leadId, token))) claimedElsewhere = claimed;
      else claim = claimed;
      if (!stored) return "repeat" as const;
      const consent = await recordLeadConsent(tx, {
        leadId: stored.id,
        campaignId,
        mode,
        businessName,
        ticked,
        clientAddress: options.clientAddress,
        userAgent: options.userAgent ?? null,
        at,
      });
      if (mayEmail && consent.confirmToken) {
        emailQueued = await queueConfirmationEmail(tx, {
          leadId: stored.id,
          campaignId,
          ownerId: target.ownerId,
          to: email,
          businessName,
          mode,
          confirmToken: consent.confirmToken,
          withdrawToken: consent.withdrawToken,
          at,
          // The confirmation goes to the typed mailbox, so it may carry the code whoever drew it.
          offerCode: claimed ? describeClaim(claimed, options.timeZone ?? "UTC") : undefined,
        });
      }
      await notifyOwner(tx as unknown as Database, {
        leadId: stored.id,
        campaignId,
        at,
        ownerEmail: target.ownerEmail,
        details: {
          name,
          email,
          phone: phone ?? null,
          campaignTitle: target.title,
          businessType: target.businessType,
          leadId: stored.id,
          offerCode: claimed ? formatOfferCode(claimed.code) : null,
          placement: target.placementName,
          receivedAt: new Date(at),
          ownerTimeZone: target.ownerTimeZone,
        },
      });
      await enqueueLeadCreated(tx, { leadId: stored.id });
      return "stored" as const;
    });
  } catch (error) {
    logger.error({ err: error, campaignId }, "lead insert failed");
    return refuse("unavailable", { error: SUBMISSION_ERRORS.failed, values, scanToken: token });
  }
  // The owner's new-lead email waits to settle (decision 320): only a visitor's email is worth a nudge.
  if (outcome === "stored" && emailQueued) nudgeEmailWorker();
  if (claimedElsewhere) {
    let codeByEmail: "sent" | "not-sent" = emailQueued ? "sent" : "not-sent";
    if (!emailQueued) {
      try {
        codeByEmail = await mailExistingCode(db, {
          campaignId,
          ownerId: target.ownerId,
          to: email,
          businessName,
          claim: claimedElsewhere,
          timeZone: options.timeZone ?? "UTC",
          clientAddress: options.clientAddress,
        });
      } catch (error) {
        logger.error({ err: error, campaignId }, "offer code email not queued");
      }
      nudgeEmailWorker();
    }
    return accepted({ ...(emailQueued ? { checkEmail: true } : {}), alreadyClaimed: true, codeByEmail });
  }
  if (claim && codeByEmailOnly) {
    // Not queued now but allowed: this address already got its email (with this code) today.
    return accepted({ ...(emailQueued ? { checkEmail: true } : {}), codeByEmail: mayEmail ? "sent" : "not-sent" });
  }
  if (!emailQueued && !claim) return THANKS;
  return accepted({ ...(emailQueued ? { checkEmail: true } : {}), ...(claim ? { claim } : {}) });
}

type SubmitTarget = {
  status: string;
  title: string;
  businessType: string;
  ownerId: string;
  ownerEmail: string;
  consentMode: ConsentMode;
  offerRequiresConsent: boolean;
  businessName: string | null;
  ownerTimeZone: string | null;
  /** The token's scan when it is a counted scan of this campaign (used or not: decision 090). */
  scanId: string | null;
  placementId: string | null;
  /** The placement's name, or null for the campaign's own code. */
  placementName: string | null;
  /** The database's time of this read: the lead's collection time. */
  at: string;
};

async function submitTargetOf(db: Database, campaignId: string, token: string | undefined): Promise<SubmitTarget | undefined> {
  const tokenScan = token ?? "00000000-0000-0000-0000-000000000000";
  const [row] = await db
    .select({
      status: campaign.status,
      title: campaign.title,
      businessType: campaign.businessType,
      ownerId: user.id,
      ownerEmail: user.email,
      consentMode: campaign.consentMode,
      offerRequiresConsent: campaign.offerRequiresConsent,
      businessName: businessProfile.name,
      ownerTimeZone: businessProfile.timeZone,
      scanId: scan.id,
      placementId: scan.placementId,
      placementName: placement.name,
      at: sql<string>`clock_timestamp()::text`,
    })
    .from(campaign)
    .innerJoin(user, eq(user.id, campaign.userId))
    .leftJoin(businessProfile, eq(businessProfile.userId, campaign.userId))
    .leftJoin(scan, and(eq(scan.id, tokenScan), eq(scan.campaignId, campaign.id)))
    .leftJoin(placement, eq(placement.id, scan.placementId))
    .where(eq(campaign.id, campaignId));
  return row;
}

/** A double submit: the scan's lead, or a token-less lead from the same window, has this email. */
async function isLeadOfScan(tx: Database, leadId: string, scanId: string) {
  const [row] = await tx
    .select({ id: lead.id })
    .from(lead)
    .where(and(eq(lead.id, leadId), eq(lead.scanId, scanId)));
  return Boolean(row);
}

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
 * past the owner's per-minute threshold into one digest (decision 301).
 */
async function notifyOwner(
  tx: Database,
  options: { leadId: string; campaignId: string; at: string; ownerEmail: string; details: Parameters<typeof newLeadEmail>[0] },
) {
  await enqueueEmail(tx, {
    kind: "new_lead",
    to: options.ownerEmail,
    content: newLeadEmail(options.details, getEnv().appOrigin),
    campaignId: options.campaignId,
    leadId: options.leadId,
    createdAt: sql`${options.at}::timestamptz`,
  });
}
