import { and, count, eq, gt, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isDatabaseUnavailable } from "~/db/errors.server";
import { businessProfile, campaign, emailOutbox, lead, placement, scan, subscription, user, type ScanSource } from "~/db/schema";
import { businessIdentity } from "~/db/schema/consent";
import { CONSENT_FIELD, CONSENT_REQUIRED_ERROR, privacyHrefOf, type ConsentMode } from "~/features/consent/consent";
import { queueConfirmationEmail, recordLeadConsent } from "~/features/consent/consent.server";
import { FREE_SCAN_LIMIT } from "~/features/billing/plan";
import { PLAN_COLUMNS, planOfRow, SUBSCRIPTION_OF_USER } from "~/features/billing/plan.server";
import { campaignScans } from "~/features/campaigns/scan-count.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import { leadDigestEmail, newLeadEmail } from "~/features/email/templates";
import { nudgeEmailWorker } from "~/features/email/worker.server";
import { enqueueLeadCreated } from "~/features/integrations/webhooks.server";
import { getSessionUser } from "~/features/auth/session.server";
import { describeClaim } from "~/features/redeem/claim.server";
import { formatOfferCode } from "~/features/redeem/code";
import { claimOfferCode, type Claim } from "~/features/redeem/redeem.server";
import { mailExistingCode } from "~/features/redeem/offer-code-email.server";
import { getEnv } from "~/utils/env.server";
import { parseFields, type FieldErrors } from "~/utils/http.server";
import { logger } from "~/utils/logger.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { deviceTypeOf, isUuid, LEAD_EMAILS_PER_HOUR, pageDesignOf, safeLogoUrl, type PageDesign } from "./capture";
import { HONEYPOT_FIELD, LeadSchema, SCAN_TOKEN_FIELD, SUBMISSION_ERRORS } from "./capture.schema";
import { exclusionOf, osOf, REPEAT_WINDOW_MINUTES, sourceOf, type ScanOs } from "./visitors";
import { recordUnlimitedScan, ScanQueueFullError } from "./scan-batch.server";
import { queueScanNotice } from "./scan-notices.server";
import { recordExclusion, tallyScan, visitorHashOf } from "./visitors.server";
import { isDomainError } from "~/utils/domain-error";

export type CaptureOffer = {
  headline: string;
  thankYou: string;
  businessName: string;
  design: PageDesign;
  logoUrl: string | null;
  /** The offer's terms, shown under the headline (the page is the wizard's preview). */
  terms: { discount: string; minOrder: string };
  /** How the form asks for marketing consent, and where the business's privacy notice is (issue 14). */
  consent: { mode: ConsentMode; offerRequiresConsent: boolean; privacyHref: string };
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
      discount: campaign.discount,
      minOrder: campaign.minOrder,
      consentMode: campaign.consentMode,
      offerRequiresConsent: campaign.offerRequiresConsent,
      privacyPolicyUrl: businessIdentity.privacyPolicyUrl,
      scanCount: campaignScans,
      businessName: businessProfile.name,
      ...PLAN_COLUMNS,
    })
    .from(campaign)
    .innerJoin(user, eq(user.id, campaign.userId))
    .leftJoin(businessProfile, eq(businessProfile.userId, campaign.userId))
    .leftJoin(subscription, SUBSCRIPTION_OF_USER)
    .leftJoin(businessIdentity, eq(businessIdentity.userId, campaign.userId))
    .where(eq(campaign.id, campaignId));
  if (!row) return undefined;
  return { ...row, isPro: planOfRow(row).isPro };
}

export type ScanFacts = {
  campaignId: string;
  isPro: boolean;
  deviceType: "mobile" | "desktop";
  os?: ScanOs | null;
  /** Salted hash of the visitor; without one, no repeat detection and every scan is unique. */
  visitorHash?: string | null;
  source?: ScanSource;
  /** Kept only when the placement belongs to the campaign. */
  placementId?: string | null;
};

export type RecordScanResult = { counted: true; scanId: string } | { counted: false; repeatOf?: string };

/**
 * Counts one scan (DESIGN decisions 2 and 14). A load by the same visitor within the repeat
 * window is not counted and answers the earlier scan's id, so a refresh can still submit.
 * Unlimited campaigns: no row every scan must lock, and scans written in batches (decision 095).
 * Free campaigns: the campaign row lock keeps the limit exact across processes.
 */
export async function recordScan(db: Database, options: ScanFacts): Promise<RecordScanResult> {
  const hash = options.visitorHash ?? null;
  const placementId = isUuid(options.placementId ?? undefined) ? options.placementId! : null;
  if (options.isPro) {
    // No lock shared with other scans, and written in batches; the shown total is added in batches too.
    const result = await recordUnlimitedScan(db, {
      campaignId: options.campaignId,
      deviceType: options.deviceType,
      os: options.os ?? null,
      visitorHash: hash,
      source: options.source ?? "link",
      placementId,
    });
    if (result.counted) tallyScan(db, options.campaignId);
    return result;
  }

  const placementOfScan = placementId
    ? sql`(select p.id from placement p where p.id = ${placementId} and p.campaign_id = ${options.campaignId})`
    : sql`null`;
  const values = (isUnique: SQL) => sql`${options.campaignId}, ${options.deviceType}, ${options.os ?? null}, null, ${hash},
      ${isUnique}, ${options.source ?? "link"}, ${placementOfScan}`;
  const columns = sql.raw("campaign_id, device_type, os, location, visitor_hash, is_unique, source, placement_id");
  // The salt changes with the UTC day, so any earlier scan with this hash is from today: the
  // latest one says both "unique today" (none) and "repeat" (within the window). One index probe.
  const latest = latestScanOf(options.campaignId, hash);

  // Read outside the lock: the lock is then held for two statements only. (Two refreshes of one
  // visitor at the same instant may both count; the limit still holds.)
  const [earlier] = rowsOf<{ id: string; recent: boolean }>(await db.execute(latest));
  if (earlier?.recent) return { counted: false, repeatOf: earlier.id };
  return db.transaction(async (tx) => {
    // The conditional increment takes the campaign's row lock: concurrent first loads across
    // processes queue here, and the 6th sees the limit.
    const [counted] = await tx
      .update(campaign)
      .set({ scanCount: sql`${campaign.scanCount} + 1` })
      .where(and(eq(campaign.id, options.campaignId), eq(campaign.status, "active"), lt(campaignScans, FREE_SCAN_LIMIT)))
      .returning({ scans: campaignScans });
    if (!counted) return { counted: false as const };
    await queueScanNotice(tx as unknown as Database, options.campaignId, counted.scans);
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into scan (${columns}) select ${values(earlier ? sql`false` : sql`true`)} returning id`),
    );
    return { counted: true as const, scanId: row!.id };
  });
}

/** This visitor's latest scan of the campaign, and whether it is within the repeat window. */
function latestScanOf(campaignId: string, visitorHash: string | null) {
  return sql`select id, "timestamp" > now() - make_interval(mins => ${REPEAT_WINDOW_MINUTES}) as recent from scan
      where campaign_id = ${campaignId} and visitor_hash = ${visitorHash} order by "timestamp" desc limit 1`;
}

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** Who is asking, looked up only when the request carries a session cookie (visitors pay nothing). */
export type Viewer = { id: string; isAdmin: boolean } | null;

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?leadqr\.session_token=/;

export function hasSessionCookie(request: { headers: { get(name: string): string | null } }) {
  return SESSION_COOKIE.test(request.headers.get("cookie") ?? "");
}

export async function viewerOf(request: Request): Promise<Viewer> {
  const viewer = await getSessionUser(request);
  return viewer ? { id: viewer.id, isAdmin: viewer.isAdmin } : null;
}

export type CaptureVisit = {
  method: string;
  headers: { get(name: string): string | null };
  clientAddress: string;
  searchParams: URLSearchParams;
  /** The render that follows a plain form post in the same request: shown, never counted. */
  afterPost?: boolean;
  viewer?: () => Promise<Viewer>;
};

/** What the capture page needs of a campaign; cached briefly by the fast document path. */
export type CaptureSnapshot = {
  id: string;
  userId: string;
  isPro: boolean;
  scanCount: number;
  offer: CaptureOffer;
};

/** The active campaign behind a capture link, or null (unknown, malformed, paused, draft). */
export async function loadCaptureSnapshot(db: Database, campaignId: string | undefined): Promise<CaptureSnapshot | null> {
  if (!isUuid(campaignId)) return null;
  const found = await getPublicCampaign(db, campaignId);
  if (!found || found.status !== "active") return null;
  return {
    id: found.id,
    userId: found.userId,
    isPro: found.isPro,
    scanCount: found.scanCount,
    offer: {
      headline: found.headline,
      thankYou: found.thankYou,
      businessName: found.businessName?.trim() || found.title,
      design: pageDesignOf(found.design),
      logoUrl: safeLogoUrl(found.logoUrl),
      terms: { discount: found.discount, minOrder: found.minOrder },
      consent: {
        mode: found.consentMode,
        offerRequiresConsent: found.consentMode !== "notice" && found.offerRequiresConsent,
        privacyHref: privacyHrefOf(found.id, found.privacyPolicyUrl),
      },
    },
  };
}

/** Database errors that mean "busy or down, try again shortly" rather than a fault of this scan. */
export function isCaptureOverload(error: unknown) {
  if (isDatabaseUnavailable(error) || error instanceof ScanQueueFullError) return true;
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (candidate.code === "57014") return true; // statement timeout
    current = candidate.cause;
  }
  return false;
}

/**
 * What the capture page shows, and whether this load is a scan. Loads that are not (HEAD,
 * prefetches, previewers, bots, the owner, repeats) are counted by reason, without a row each,
 * and get the page without a new token.
 */
export async function openCapturePage(db: Database, options: { campaignId: string | undefined; visit: CaptureVisit }): Promise<CaptureView> {
  const snapshot = await loadCaptureSnapshot(db, options.campaignId);
  if (!snapshot) return { state: "not-found" };
  return decideCaptureLoad(db, snapshot, options.visit);
}

/** Records (or excludes) one load of a known campaign and says what to show. */
export async function decideCaptureLoad(db: Database, found: CaptureSnapshot, visit: CaptureVisit): Promise<CaptureView> {
  const { offer } = found;
  const design = offer.design;
  const limitView = (scanCount: number): CaptureView => ({ state: "limit", scanCount, limit: FREE_SCAN_LIMIT, design });
  const uncounted = (): CaptureView =>
    !found.isPro && found.scanCount >= FREE_SCAN_LIMIT ? limitView(found.scanCount) : { state: "form", offer, scanToken: null };

  if (visit.afterPost) return uncounted();
  let reason = exclusionOf(visit.method, visit.headers);
  if (!reason && visit.viewer) {
    const viewer = await visit.viewer();
    if (viewer && (viewer.isAdmin || viewer.id === found.userId)) reason = "owner";
  }
  if (reason) {
    recordExclusion(db, found.id, reason);
    return uncounted();
  }

  const userAgent = visit.headers.get("user-agent") ?? "";
  try {
    const visitorHash = await visitorHashOf(db, { clientAddress: visit.clientAddress, userAgent });
    // Past the free limit nothing more is counted: a read, no transaction, no lock (the count only
    // grows until the owner upgrades, and a fresh snapshot then says Pro). A visitor who was
    // counted and refreshes still gets their token.
    if (!found.isPro && found.scanCount >= FREE_SCAN_LIMIT) {
      const [earlier] = rowsOf<{ id: string; recent: boolean }>(await db.execute(latestScanOf(found.id, visitorHash)));
      if (!earlier?.recent) return limitView(found.scanCount);
      recordExclusion(db, found.id, "repeat");
      return { state: "form", offer, scanToken: earlier.id };
    }
    const result = await recordScan(db, {
      campaignId: found.id,
      isPro: found.isPro,
      deviceType: deviceTypeOf(userAgent),
      os: osOf(userAgent),
      visitorHash,
      source: sourceOf(visit.searchParams),
      placementId: visit.searchParams.get("p"),
    });
    if (result.counted) return { state: "form", offer, scanToken: result.scanId };
    if (result.repeatOf) {
      recordExclusion(db, found.id, "repeat");
      return { state: "form", offer, scanToken: result.repeatOf };
    }
  } catch (error) {
    // Busy or down: the caller answers "try again shortly" rather than a form that cannot submit.
    if (isCaptureOverload(error)) throw error;
    // The spec: a failed scan insert is only logged. Without a token this visitor cannot submit.
    logger.error({ err: error, campaignId: found.id }, "scan insert failed");
    return { state: "form", offer, scanToken: null };
  }
  // Not counted: the limit was reached, or the campaign stopped being active meanwhile.
  const current = await loadCaptureSnapshot(db, found.id);
  if (!current) return { state: "not-found" };
  return limitView(current.scanCount);
}

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
