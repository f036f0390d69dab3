/* eslint-disable no-restricted-syntax -- the capture page's viewer is read from the request's session. */
// The capture page's load: the campaign behind a link, who is viewing, and whether the load is a
// scan (recorded by scans.server.ts) or excluded. A visitor's lead from the form is submit-lead.server.ts.
// Rules: docs/features/consent-and-erasure.md ("What is recorded"); docs/features/capture-and-leads.md ("One email is
//   one lead per campaign", "Visitor ids"); docs/features/visitor-languages.md ("The switcher", "One language per
//   page", "The owner's translations"); docs/features/crowds.md ("What one network adds to the counts").
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isDatabaseUnavailable } from "~/db/errors.server";
import { rowsOf } from "~/db/rows.server";
import { businessProfile, campaign, subscription, user } from "~/db/schema";
import { businessIdentity } from "~/db/schema/consent";
import { privacyHrefOf, type ConsentMode } from "~/features/consent/consent";
import { FREE_SCAN_LIMIT } from "~/features/billing/plan";
import { PLAN_COLUMNS, planOfRow, SUBSCRIPTION_OF_USER } from "~/features/billing/plan.server";
import { campaignScans } from "~/features/scans/scan-count.server";
import { getSessionUser } from "~/features/auth/session.server";
import { logger } from "~/utils/logger.server";
import { isUuid, pageDesignOf, safeLogoUrl, type PageDesign } from "./capture";
import { deviceTypeOf, exclusionOf, osOf, sourceOf } from "~/features/scans/visitors";
import { ScanQueueFullError } from "~/features/scans/scan-batch.server";
import { latestScanOf, recordScan } from "~/features/scans/scans.server";
import { noteIdReturned, recordIdIssued } from "~/features/scans/visitor-id-returns.server";
import { recordExclusion } from "~/features/scans/scan-exclusions.server";
import { visitorHashOf } from "~/features/scans/visitor-hash.server";
import { admitVisitor, burstAllowance, forgetVisitor, type BurstVisitor } from "~/features/scans/bursts.server";
import { clientBudgetKey } from "~/utils/client-budget-key.server";
import { claimKeyOf, type VisitorId } from "~/features/scans/visitor-id.server";
import { mintCrowdToken } from "~/features/scans/crowd-token.server";
import { randomString } from "~/utils/random-pool.server";
import { presentClaim, type ClaimView } from "~/features/redeem/claim.server";
import type { Claim } from "~/features/redeem/offer-codes.server";
import { timeZoneOfCookie } from "~/utils/time-zone.server";
import { pageLocaleOf, type PageLocale } from "~/features/languages/i18n.server";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/features/languages/languages";
import { offeredLanguagesOfCampaign, visitLanguageOf } from "./visit-language.server";
import { cleanTranslations, copyIn, type CopyTranslations } from "~/features/campaigns/copy-translations";

export type CaptureOffer = {
  headline: string;
  thankYou: string;
  businessName: string;
  design: PageDesign;
  logoUrl: string | null;
  /** The offer's terms, shown under the headline (the page is the wizard's preview). */
  terms: { discount: string; minOrder: string };
  /** How the form asks for marketing consent, and where the business's privacy notice is. */
  consent: { mode: ConsentMode; offerRequiresConsent: boolean; privacyHref: string };
};

type CaptureState =
  | { state: "not-found" }
  | { state: "limit"; scanCount: number; limit: number; design: PageDesign }
  | { state: "form"; offer: CaptureOffer; scanToken: string | null }
  /** This browser claimed the offer already: its thank-you and code, not a blank form. */
  | { state: "claimed"; offer: CaptureOffer; claim: ClaimView };

/** What the capture page shows, in the language it is shown in. */
export type CaptureView = CaptureState & {
  language: Language;
  /** The languages the switcher offers: those the page has its owner's words in (every one when it has none). */
  languages?: readonly Language[];
};

/** The view as the page renders it: with its language's strings, and only those. */
export type LocalizedCaptureView = CaptureView & { locale: PageLocale };

/**
 * The strings each state of the page can show, its later states included (the form becomes the
 * thank-you in place). Field errors arrive translated from the server, so they are not shipped.
 */
const CAPTURE_KEYS: Record<CaptureView["state"], readonly string[]> = {
  form: ["form", "consent.notice", "consent.checkbox", "consent.doubleOptInHint", "errors.failed", "thanks", "claim"],
  claimed: ["form.language", "thanks", "claim"],
  limit: ["form.language", "limit"],
  "not-found": ["form.language", "notFound"],
};

export function localize(view: CaptureView): LocalizedCaptureView {
  const locale = pageLocaleOf(view.language, ["capture"], { capture: CAPTURE_KEYS[view.state] });
  return { ...view, locale: view.languages ? { ...locale, offered: [...view.languages] } : locale };
}

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
      language: campaign.language,
      translations: campaign.copyTranslations,
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
  /** That post was accepted: its answer (the thank-you) shows, even if the campaign reached its limit meanwhile. */
  acceptedPost?: boolean;
  viewer?: () => Promise<Viewer>;
  /**
   * The browser's visitor id; absent with VISITOR_ID=hash, where a visitor is a
   * daily-salted hash of address and agent. `issue` is cleared when the load gets no new id.
   */
  visitor?: VisitorId;
};

/** What the capture page needs of a campaign; cached briefly by the fast document path. */
export type CaptureSnapshot = {
  id: string;
  userId: string;
  isPro: boolean;
  scanCount: number;
  offer: CaptureOffer;
  /** The owner's choice for visitors whose browser asks for no language we have. */
  language: Language;
  /** The owner's translations of their copy; the page shows its language's. */
  translations: CopyTranslations;
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
    language: isLanguage(found.language) ? found.language : DEFAULT_LANGUAGE,
    translations: cleanTranslations(found.translations),
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
  if (!snapshot) return { state: "not-found", language: visitLanguageOf(options.visit).language };
  return decideCaptureLoad(db, snapshot, options.visit);
}

/**
 * Records (or excludes) one load of a known campaign and says what to show: the form, or the
 * claimed state to a browser that claimed. Only a browser that brought its id back
 * costs the extra read, so first loads stay one statement.
 */
export async function decideCaptureLoad(db: Database, snapshot: CaptureSnapshot, visit: CaptureVisit): Promise<CaptureView> {
  const { language } = visitLanguageOf(visit, snapshot);
  const languages = offeredLanguagesOfCampaign(snapshot);
  const found = { ...snapshot, offer: offerIn(snapshot, language) };
  const visitor = visit.visitor;
  const claimed = visitor?.returning && !visit.afterPost ? claimOfBrowser(db, found.id, claimKeyOf(visitor.id)) : null;
  // Read alongside the scan; a failed read only costs the visitor the form.
  claimed?.catch(() => undefined);
  const view = { ...(await decideScan(db, found, visit)), language, languages };
  // The claimed state wins over the free limit too: the code was issued before the limit.
  if (view.state === "not-found" || !claimed) return view;
  const claim = await claimed.catch((error: unknown) => {
    logger.warn({ err: error, campaignId: found.id }, "claimed state not read: the form is shown");
    return null;
  });
  if (!claim) return view;
  const timeZone = await timeZoneOfCookie(visit.headers.get("cookie"));
  return { state: "claimed", offer: found.offer, claim: await presentClaim(claim, timeZone, language), language, languages };
}

/** The offer in the page's language: the owner's translation where they wrote one, else their own words. */
function offerIn(snapshot: CaptureSnapshot, language: Language): CaptureOffer {
  const { offer } = snapshot;
  if (!snapshot.translations[language]) return offer;
  const original = { headline: offer.headline, offer: offer.terms.discount, condition: offer.terms.minOrder, thankYou: offer.thankYou };
  const copy = copyIn(original, snapshot.translations, language);
  return { ...offer, headline: copy.headline, thankYou: copy.thankYou, terms: { discount: copy.offer, minOrder: copy.condition } };
}

/** The code this browser claimed on the campaign (its latest lead's), or null. */
async function claimOfBrowser(db: Database, campaignId: string, visitorKey: string): Promise<Claim | null> {
  const [row] = rowsOf<{ code: string; expires_at: string | null }>(
    await db.execute(sql`select o.code, o.expires_at::text as expires_at from lead l join offer_code o on o.lead_id = l.id
      where l.campaign_id = ${campaignId} and l.visitor_key = ${visitorKey} order by l.collected_at desc limit 1`),
  );
  return row ? { code: row.code, expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null } : null;
}

/**
 * What a load that counts no scan shows (the render after a plain form post): the form, or the free
 * limit. After an accepted post the form state stays, as its thank-you answers in its place: the
 * limit this very lead may have reached is not the visitor's news.
 */
export function uncountedStateOf(found: CaptureSnapshot, { acceptedPost = false }: { acceptedPost?: boolean } = {}): CaptureState {
  if (!acceptedPost && !found.isPro && found.scanCount >= FREE_SCAN_LIMIT) {
    return { state: "limit", scanCount: found.scanCount, limit: FREE_SCAN_LIMIT, design: found.offer.design };
  }
  return { state: "form", offer: found.offer, scanToken: null };
}

/**
 * The form for a load that counts no scan but may be a person: a crowd token in place of a scan's
 * id, so the visitor can claim and their lead counts them then. The free limit still shows.
 */
function withCrowdToken(found: CaptureSnapshot, visit: CaptureVisit, { burst }: { burst: boolean }): CaptureState {
  const state = uncountedStateOf(found);
  if (state.state !== "form") return state;
  const scanToken = mintCrowdToken({
    campaignId: found.id,
    visitorId: visit.visitor?.id ?? randomString(16, "base64url"),
    burst,
    source: sourceOf(visit.searchParams),
    placementId: visit.searchParams.get("p"),
  });
  return { ...state, scanToken };
}

const burstVisitorOf = (visit: CaptureVisit, userAgent: string): BurstVisitor => (visit.visitor ? { id: visit.visitor.id } : { agent: userAgent });

/**
 * One client adds a bounded number of visitors per window, however its ids behave:
 * "burst" past this process's allowance; else, for a visitor that is not its client's first here,
 * what the scan batch needs to hold the client to the allowance across processes too.
 */
function admitToCounting(visit: CaptureVisit, userAgent: string): "burst" | { newVisitor: { clientKey: string; allowance: number } | null } {
  const visitor = visit.visitor;
  if (visitor?.returning) noteIdReturned(visitor.id);
  const admission = admitVisitor(visit.clientAddress, burstVisitorOf(visit, userAgent));
  if (admission === "burst") {
    if (visitor) visitor.issue = false;
    return "burst";
  }
  return { newVisitor: admission === "new" ? { clientKey: clientBudgetKey(visit.clientAddress), allowance: burstAllowance() } : null };
}

async function decideScan(db: Database, found: CaptureSnapshot, visit: CaptureVisit): Promise<CaptureState> {
  const { offer } = found;
  const design = offer.design;
  const limitView = (scanCount: number): CaptureState => ({ state: "limit", scanCount, limit: FREE_SCAN_LIMIT, design });
  const uncounted = () => uncountedStateOf(found, { acceptedPost: visit.acceptedPost });

  if (visit.afterPost) return uncounted();
  let reason = exclusionOf(visit.method, visit.headers);
  if (!reason && visit.viewer) {
    const viewer = await visit.viewer();
    if (viewer && (viewer.isAdmin || viewer.id === found.userId)) reason = "owner";
  }
  const userAgent = visit.headers.get("user-agent") ?? "";
  const admission = reason ? null : admitToCounting(visit, userAgent);
  if (admission === "burst") reason = "burst";
  if (reason) {
    recordExclusion(db, found.id, reason);
    // A burst is excluded from the counts, never from claiming (docs/features/crowds.md).
    return reason === "burst" ? withCrowdToken(found, visit, { burst: true }) : uncounted();
  }

  try {
    const visitorHash = await visitorHashOf(db, { clientAddress: visit.clientAddress, userAgent, visitorId: visit.visitor?.id });
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
      burst: admission && admission !== "burst" ? admission.newVisitor : null,
    });
    if (result.counted) {
      if (visit.visitor?.issue) recordIdIssued(db, found.id, visit.visitor.id);
      return { state: "form", offer, scanToken: result.scanId };
    }
    if (result.burst) {
      // The client's window is full across processes: this process takes its admission back.
      forgetVisitor(visit.clientAddress, burstVisitorOf(visit, userAgent));
      if (visit.visitor) visit.visitor.issue = false;
      recordExclusion(db, found.id, "burst");
      return withCrowdToken(found, visit, { burst: true });
    }
    if (result.repeatOf) {
      recordExclusion(db, found.id, "repeat");
      return { state: "form", offer, scanToken: result.repeatOf };
    }
  } catch (error) {
    // Busy or down: the caller answers "try again shortly" rather than a form that cannot submit.
    if (isCaptureOverload(error)) throw error;
    // The spec: a failed scan insert is only logged. The visitor may still claim: their lead counts the scan.
    logger.error({ err: error, campaignId: found.id }, "scan insert failed");
    return withCrowdToken(found, visit, { burst: false });
  }
  // Not counted: the limit was reached, or the campaign stopped being active meanwhile.
  const current = await loadCaptureSnapshot(db, found.id);
  if (!current) return { state: "not-found" };
  return limitView(current.scanCount);
}
