// A visitor's lead from the capture form: checked, stored with its consent and offer code, and
// the owner told, in one transaction. The page load and scan recording are in capture.server.ts.
import { and, count, eq, gt, gte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isDatabaseUnavailable } from "~/db/errors.server";
import { rowsOf } from "~/db/rows.server";
import { businessProfile, campaign, emailOutbox, lead, placement, scan, user } from "~/db/schema";
import { CONSENT_FIELD, CONSENT_REQUIRED_ERROR } from "~/features/consent/consent";
import { queueConfirmationEmail, recordLeadConsent } from "~/features/consent/consent.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import { leadDigestEmail, newLeadEmail } from "~/features/email/templates";
import { nudgeEmailWorker } from "~/features/email/worker.server";
import { enqueueLeadCreated } from "~/features/integrations/webhooks.server";
import { describeClaim } from "~/features/redeem/claim.server";
import { formatOfferCode } from "~/features/redeem/code";
import { claimOfferCode, type Claim } from "~/features/redeem/redeem.server";
import { mailExistingCode } from "~/features/redeem/offer-code-email.server";
import { getEnv } from "~/utils/env.server";
import { parseFields, type FieldErrors } from "~/utils/http.server";
import { logger } from "~/utils/logger.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { isUuid, LEAD_EMAILS_PER_HOUR } from "./capture";
import { HONEYPOT_FIELD, LeadSchema, SCAN_TOKEN_FIELD, SUBMISSION_ERRORS } from "./capture.schema";
import { REPEAT_WINDOW_MINUTES } from "./visitors";
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

/**
 * Stores a lead from the capture form and queues the owner's notification in the same
 * transaction. The lead must carry the token of a scan of this campaign (DESIGN decision 3).
 */
export async function submitLead(
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
  // Many visitors can share one address (a café's Wi-Fi, a school, a carrier's NAT): one holding a
  // valid scan token is held to that token's budget, not the address's. Tokens come only
  // from counted scans, and the campaign's budget below still bounds them all.
  try {
    if (token && (await isScanTokenOf(db, campaignId, token))) await consumeRateLimit("leadByToken", token);
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

  let found:
    | {
        status: string;
        title: string;
        businessType: string;
        ownerId: string;
        ownerEmail: string;
        consentMode: "notice" | "checkbox" | "double_opt_in";
        offerRequiresConsent: boolean;
        businessName: string | null;
      }
    | undefined;
  try {
    [found] = await db
      .select({
        status: campaign.status,
        title: campaign.title,
        businessType: campaign.businessType,
        ownerId: user.id,
        ownerEmail: user.email,
        consentMode: campaign.consentMode,
        offerRequiresConsent: campaign.offerRequiresConsent,
        businessName: businessProfile.name,
      })
      .from(campaign)
      .innerJoin(user, eq(user.id, campaign.userId))
      .leftJoin(businessProfile, eq(businessProfile.userId, campaign.userId))
      .where(eq(campaign.id, campaignId));
  } catch (error) {
    return unavailable(error);
  }
  const target = found;
  if (!target) return refuse("not_found", { error: SUBMISSION_ERRORS.notLoaded, values });
  if (target.status !== "active") return refuse("inactive", { error: SUBMISSION_ERRORS.inactive, values });
  if (!token) return refuse("no_scan", { error: SUBMISSION_ERRORS.failed, values });
  // The campaign's budget is spent only by posts carrying a real scan of it, so junk posts from
  // many addresses cannot lock genuine visitors out.
  try {
    const [counted] = await db
      .select({ id: scan.id })
      .from(scan)
      .where(and(eq(scan.id, token), eq(scan.campaignId, campaignId)));
    if (!counted) return refuse("no_scan", { error: SUBMISSION_ERRORS.failed, values });
    await consumeRateLimit("leadByCampaign", campaignId);
  } catch (error) {
    return limited(error);
  }

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
  let outcome: "stored" | "repeat" | "no-scan";
  let emailQueued = false;
  let claim: Claim | null = null;
  /** A code this submission may not see: the email claimed it from another scan (issue 25 finding 4). */
  let claimedElsewhere: Claim | null = null;
  try {
    outcome = await db.transaction(async (tx) => {
      // One writer per campaign at a time keeps the hourly notification count exact.
      const locked = await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${campaignId})), clock_timestamp()::text as at`);
      const at = (locked as unknown as { rows: Array<{ at: string }> }).rows[0]!.at;
      const [counted] = await tx
        .select({ id: scan.id, placementId: scan.placementId })
        .from(scan)
        .where(and(eq(scan.id, token), eq(scan.campaignId, campaignId)));
      if (!counted) return "no-scan" as const;
      const values = {
        campaignId,
        scanId: token,
        name,
        email,
        phone: phone ?? null,
        placementId: counted.placementId,
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
          placement: await placementNameOf(tx as unknown as Database, counted.placementId),
        },
      });
      await enqueueLeadCreated(tx, { leadId: stored.id });
      return "stored" as const;
    });
  } catch (error) {
    logger.error({ err: error, campaignId }, "lead insert failed");
    return refuse("unavailable", { error: SUBMISSION_ERRORS.failed, values, scanToken: token });
  }
  if (outcome === "no-scan") return refuse("no_scan", { error: SUBMISSION_ERRORS.failed, values });
  if (outcome === "stored") nudgeEmailWorker();
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

/**
 * A token of a counted scan of this campaign. Used or not: phones with the same browser behind one
 * address share a visitor hash, so a repeat load hands out the first scan's token (decision 090).
 */
async function isScanTokenOf(db: Database, campaignId: string, token: string) {
  const [row] = await db
    .select({ id: scan.id })
    .from(scan)
    .where(and(eq(scan.id, token), eq(scan.campaignId, campaignId)));
  return Boolean(row);
}

/** The name of the placement a lead's scan came from, or null for the campaign's own code. */
async function placementNameOf(tx: Database, placementId: string | null) {
  if (!placementId) return null;
  const [row] = await tx.select({ name: placement.name }).from(placement).where(eq(placement.id, placementId));
  return row?.name ?? null;
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
 * The new-lead email goes to the campaign owner's account address, never to the visitor. Past
 * the hourly cap, leads fold into one pending digest per campaign, due an hour after it opened.
 */
async function notifyOwner(
  tx: Database,
  options: { leadId: string; campaignId: string; at: string; ownerEmail: string; details: Parameters<typeof newLeadEmail>[0] },
) {
  const appUrl = getEnv().appOrigin;
  const at = sql`${options.at}::timestamptz`;
  const byCampaign = (kind: "new_lead" | "lead_digest") => and(eq(emailOutbox.campaignId, options.campaignId), eq(emailOutbox.kind, kind));
  const [{ sentThisHour }] = (await tx
    .select({ sentThisHour: count() })
    .from(emailOutbox)
    .where(and(byCampaign("new_lead"), gt(emailOutbox.createdAt, sql`${at} - interval '1 hour'`)))) as [{ sentThisHour: number }];
  if (sentThisHour < LEAD_EMAILS_PER_HOUR) {
    await enqueueEmail(tx, {
      kind: "new_lead",
      to: options.ownerEmail,
      content: newLeadEmail(options.details, appUrl),
      campaignId: options.campaignId,
      leadId: options.leadId,
      createdAt: at,
    });
    return;
  }
  const [digest] = await tx
    .select({ id: emailOutbox.id, openedAt: sql<string>`${emailOutbox.createdAt}::text` })
    .from(emailOutbox)
    .where(and(byCampaign("lead_digest"), eq(emailOutbox.status, "pending")))
    .limit(1);
  if (!digest) {
    await enqueueEmail(tx, {
      kind: "lead_digest",
      to: options.ownerEmail,
      content: leadDigestEmail(options.details.campaignTitle, 1, appUrl),
      campaignId: options.campaignId,
      createdAt: at,
      notBefore: sql`${at} + interval '1 hour'`,
    });
    return;
  }
  // Leads since the digest opened, less those that still got an email of their own.
  const since = sql`${digest.openedAt}::timestamptz`;
  const [{ leads }] = (await tx
    .select({ leads: count() })
    .from(lead)
    .where(and(eq(lead.campaignId, options.campaignId), gte(lead.collectedAt, since)))) as [{ leads: number }];
  const [{ single }] = (await tx
    .select({ single: count() })
    .from(emailOutbox)
    .where(and(byCampaign("new_lead"), gte(emailOutbox.createdAt, since)))) as [{ single: number }];
  const content = leadDigestEmail(options.details.campaignTitle, Math.max(1, leads - single), appUrl);
  await tx.update(emailOutbox).set({ subject: content.subject, html: content.html, text: content.text }).where(eq(emailOutbox.id, digest.id));
}
