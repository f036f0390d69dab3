import { and, count, eq, gt, gte, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isDatabaseUnavailable } from "~/db/errors.server";
import { businessProfile, campaign, emailOutbox, lead, scan, user } from "~/db/schema";
import { FREE_SCAN_LIMIT } from "~/features/billing/plan";
import { getPlanOfUser } from "~/features/billing/plan.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import { leadDigestEmail, newLeadEmail } from "~/features/email/templates";
import { nudgeEmailWorker } from "~/features/email/worker.server";
import { claimOfferCode, type Claim } from "~/features/redeem/redeem.server";
import { getEnv } from "~/utils/env.server";
import { parseFields, type FieldErrors } from "~/utils/http.server";
import { logger } from "~/utils/logger.server";
import { consumeRateLimit, RateLimitedError } from "~/utils/rate-limit.server";
import { deviceTypeOf, isUuid, LEAD_EMAILS_PER_HOUR, pageDesignOf, safeLogoUrl, type PageDesign } from "./capture";
import { HONEYPOT_FIELD, LeadSchema, SCAN_TOKEN_FIELD, SUBMISSION_ERRORS } from "./capture.schema";

export type CaptureOffer = {
  headline: string;
  thankYou: string;
  businessName: string;
  design: PageDesign;
  logoUrl: string | null;
};

export type CaptureView =
  | { state: "not-found" }
  | { state: "limit"; scanCount: number; limit: number; design: PageDesign }
  | { state: "form"; offer: CaptureOffer; scanToken: string | null };

async function getPublicCampaign(db: Database, campaignId: string) {
  const [row] = await db
    .select({
      id: campaign.id,
      userId: campaign.userId,
      title: campaign.title,
      headline: campaign.aiHeadline,
      thankYou: campaign.aiThankyou,
      status: campaign.status,
      design: campaign.design,
      logoUrl: campaign.qrLogoUrl,
      scanCount: campaign.scanCount,
      businessName: businessProfile.name,
    })
    .from(campaign)
    .leftJoin(businessProfile, eq(businessProfile.userId, campaign.userId))
    .where(eq(campaign.id, campaignId));
  return row;
}

/**
 * Counts one scan atomically (DESIGN decision 2): the conditional increment takes the row lock,
 * so concurrent first loads of a free campaign can never push it past the limit.
 */
export async function recordScan(
  db: Database,
  options: { campaignId: string; isPro: boolean; deviceType: "mobile" | "desktop" },
): Promise<{ counted: true; scanId: string } | { counted: false }> {
  return db.transaction(async (tx) => {
    const [counted] = await tx
      .update(campaign)
      .set({ scanCount: sql`${campaign.scanCount} + 1` })
      .where(
        and(
          eq(campaign.id, options.campaignId),
          eq(campaign.status, "active"),
          options.isPro ? undefined : lt(campaign.scanCount, FREE_SCAN_LIMIT),
        ),
      )
      .returning({ scanCount: campaign.scanCount });
    if (!counted) return { counted: false as const };
    const [row] = await tx
      .insert(scan)
      .values({ campaignId: options.campaignId, deviceType: options.deviceType, location: null })
      .returning({ id: scan.id });
    return { counted: true as const, scanId: row!.id };
  });
}

/**
 * What the capture page shows. `countView` is false for bots, HEAD, prefetches and the render
 * that follows a form post: those see the page but record nothing and get no scan token.
 */
export async function openCapturePage(
  db: Database,
  options: { campaignId: string | undefined; countView: boolean; userAgent: string | null },
): Promise<CaptureView> {
  if (!isUuid(options.campaignId)) return { state: "not-found" };
  const found = await getPublicCampaign(db, options.campaignId);
  if (!found || found.status !== "active") return { state: "not-found" };

  const design = pageDesignOf(found.design);
  const offer: CaptureOffer = {
    headline: found.headline,
    thankYou: found.thankYou,
    businessName: found.businessName?.trim() || found.title,
    design,
    logoUrl: safeLogoUrl(found.logoUrl),
  };
  const { isPro } = await getPlanOfUser(db, found.userId);
  const limitView = (scanCount: number): CaptureView => ({ state: "limit", scanCount, limit: FREE_SCAN_LIMIT, design });

  if (!options.countView) {
    return !isPro && found.scanCount >= FREE_SCAN_LIMIT ? limitView(found.scanCount) : { state: "form", offer, scanToken: null };
  }
  try {
    const result = await recordScan(db, { campaignId: found.id, isPro, deviceType: deviceTypeOf(options.userAgent) });
    if (result.counted) return { state: "form", offer, scanToken: result.scanId };
  } catch (error) {
    // The spec: a failed scan insert is only logged. Without a token this visitor cannot submit.
    logger.error({ err: error, campaignId: found.id }, "scan insert failed");
    return { state: "form", offer, scanToken: null };
  }
  // Not counted: the limit was reached, or the campaign stopped being active meanwhile.
  const current = await getPublicCampaign(db, found.id);
  if (!current || current.status !== "active") return { state: "not-found" };
  return limitView(current.scanCount);
}

export type LeadValues = { name: string; email: string; phone: string };

export type SubmitLeadResult =
  | { status: 200; body: { ok: true; claim?: Claim } }
  | {
      status: number;
      body: { ok: false; error?: string; fieldErrors?: FieldErrors; values?: LeadValues; scanToken?: string };
    };

function fail(status: number, body: Omit<Extract<SubmitLeadResult, { body: { ok: false } }>["body"], "ok">): SubmitLeadResult {
  return { status, body: { ok: false, ...body } };
}

const THANKS: SubmitLeadResult = { status: 200, body: { ok: true } };

/**
 * Stores a lead from the capture form and queues the owner's notification in the same
 * transaction. The lead must carry the token of a scan of this campaign (DESIGN decision 3).
 */
export async function submitLead(
  db: Database,
  options: { campaignId: string | undefined; fields: Record<string, string>; clientAddress: string },
): Promise<SubmitLeadResult> {
  const { fields } = options;
  const values: LeadValues = {
    name: (fields.name ?? "").slice(0, 200),
    email: (fields.email ?? "").slice(0, 300),
    phone: (fields.phone ?? "").slice(0, 60),
  };
  const token = isUuid(fields[SCAN_TOKEN_FIELD]) ? fields[SCAN_TOKEN_FIELD] : undefined;
  if (!isUuid(options.campaignId)) return fail(400, { error: SUBMISSION_ERRORS.invalidCampaign, values });
  const campaignId = options.campaignId;

  // A database outage answers with the form, its values and the way to retry, not an error page.
  const unavailable = (error: unknown) => {
    if (!isDatabaseUnavailable(error)) throw error;
    logger.warn({ err: error, campaignId }, "lead not stored: database unavailable");
    return fail(503, { error: SUBMISSION_ERRORS.failed, values, scanToken: token });
  };

  const limited = (error: unknown) => {
    if (error instanceof RateLimitedError) return fail(429, { error: `Submission Error: ${error.message}`, values, scanToken: token });
    return unavailable(error);
  };
  try {
    await consumeRateLimit("leadByAddress", options.clientAddress);
  } catch (error) {
    return limited(error);
  }

  // Scripts fill every field; people never see this one. They get a thank-you and store nothing.
  if ((fields[HONEYPOT_FIELD] ?? "").trim() !== "") return THANKS;

  const parsed = parseFields(LeadSchema, fields);
  if (!parsed.ok) {
    return fail(400, { fieldErrors: (parsed.response.data as { fieldErrors: FieldErrors }).fieldErrors, values, scanToken: token });
  }

  let found: { status: string; title: string; businessType: string; ownerEmail: string } | undefined;
  try {
    [found] = await db
      .select({ status: campaign.status, title: campaign.title, businessType: campaign.businessType, ownerEmail: user.email })
      .from(campaign)
      .innerJoin(user, eq(user.id, campaign.userId))
      .where(eq(campaign.id, campaignId));
  } catch (error) {
    return unavailable(error);
  }
  const target = found;
  if (!target) return fail(404, { error: SUBMISSION_ERRORS.notLoaded, values });
  if (target.status !== "active") return fail(409, { error: SUBMISSION_ERRORS.inactive, values });
  if (!token) return fail(400, { error: SUBMISSION_ERRORS.failed, values });
  // The campaign's budget is spent only by posts carrying a real scan of it, so junk posts from
  // many addresses cannot lock genuine visitors out.
  try {
    const [counted] = await db.select({ id: scan.id }).from(scan).where(and(eq(scan.id, token), eq(scan.campaignId, campaignId)));
    if (!counted) return fail(400, { error: SUBMISSION_ERRORS.failed, values });
    await consumeRateLimit("leadByCampaign", campaignId);
  } catch (error) {
    return limited(error);
  }

  const { name, email, phone } = parsed.value;
  let outcome: "stored" | "repeat" | "no-scan";
  let claim: Claim | null = null;
  try {
    outcome = await db.transaction(async (tx) => {
      // One writer per campaign at a time keeps the hourly notification count exact.
      const locked = await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${campaignId})), clock_timestamp()::text as at`);
      const at = (locked as unknown as { rows: Array<{ at: string }> }).rows[0]!.at;
      const [counted] = await tx
        .select({ id: scan.id })
        .from(scan)
        .where(and(eq(scan.id, token), eq(scan.campaignId, campaignId)));
      if (!counted) return "no-scan" as const;
      const [stored] = await tx
        .insert(lead)
        .values({ campaignId, scanId: token, name, email, phone: phone ?? null, collectedAt: sql`${at}::timestamptz` })
        .onConflictDoNothing({ target: lead.scanId })
        .returning({ id: lead.id });
      // The same email claiming again gets its first code back (decision 120).
      claim = await claimOfferCode(tx as unknown as Database, { campaignId, email, leadId: stored?.id ?? null, at });
      if (!stored) return "repeat" as const;
      await notifyOwner(tx as unknown as Database, {
        campaignId,
        at,
        ownerEmail: target.ownerEmail,
        details: { name, email, phone: phone ?? null, campaignTitle: target.title, businessType: target.businessType },
      });
      return "stored" as const;
    });
  } catch (error) {
    logger.error({ err: error, campaignId }, "lead insert failed");
    return fail(503, { error: SUBMISSION_ERRORS.failed, values, scanToken: token });
  }
  if (outcome === "no-scan") return fail(400, { error: SUBMISSION_ERRORS.failed, values });
  if (outcome === "stored") nudgeEmailWorker();
  return claim ? { status: 200, body: { ok: true, claim } } : THANKS;
}

/**
 * The new-lead email goes to the campaign owner's account address, never to the visitor. Past
 * the hourly cap, leads fold into one pending digest per campaign, due an hour after it opened.
 */
async function notifyOwner(
  tx: Database,
  options: { campaignId: string; at: string; ownerEmail: string; details: Parameters<typeof newLeadEmail>[0] },
) {
  const appUrl = getEnv().appOrigin;
  const at = sql`${options.at}::timestamptz`;
  const byCampaign = (kind: "new_lead" | "lead_digest") =>
    and(eq(emailOutbox.campaignId, options.campaignId), eq(emailOutbox.kind, kind));
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
  await tx
    .update(emailOutbox)
    .set({ subject: content.subject, html: content.html, text: content.text })
    .where(eq(emailOutbox.id, digest.id));
}
