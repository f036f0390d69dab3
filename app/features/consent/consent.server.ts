// Rules: docs/features/domains.md ("The address of new codes", "White label"); docs/features/visitor-languages.md ("One
//   language per page").
import type { PgInsertValue } from "drizzle-orm/pg-core";
import crypto from "node:crypto";
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { businessIdentity, businessProfile, campaign, consentWording, emailOutbox, lead, leadConsent, user } from "~/db/schema";
import { enqueueEmail } from "~/features/email/outbox.server";
import { getEnv } from "~/utils/env.server";
import { isUuid } from "~/utils/text";
import { translatorFor } from "~/features/languages/i18n.server";
import { DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";
import { CONFIRM_LINK_DAYS, consentWordingOf, type ConsentMode } from "./consent";
import { consentConfirmationEmail, listUnsubscribeHeaders } from "./consent-emails";
import { enqueueLeadChanged } from "~/features/integrations/webhooks.server";

type Tx = Pick<Database, "insert" | "select" | "update" | "execute">;

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");
const newToken = () => crypto.randomBytes(32).toString("base64url");
/** Tokens are 43 base64url characters; anything else is not worth a query. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The visitor's links, on `origin`: the owner's domain when their codes use it, else the main address. */
export const confirmUrlOf = (token: string, origin = getEnv().appOrigin) => `${origin}/consent/confirm/${token}`;
export const withdrawUrlOf = (token: string, origin = getEnv().appOrigin) => `${origin}/consent/withdraw/${token}`;

/** What the capture page needs beyond the scan: consent mode, offer and the business's identity. */
export async function getCapturePageDetails(db: Database, options: { campaignId: string | undefined }) {
  if (!isUuid(options.campaignId)) return null;
  const [row] = await db
    .select({
      consentMode: campaign.consentMode,
      offerRequiresConsent: campaign.offerRequiresConsent,
      discount: campaign.discount,
      minOrder: campaign.minOrder,
      title: campaign.title,
      businessName: businessProfile.name,
      privacyPolicyUrl: businessIdentity.privacyPolicyUrl,
    })
    .from(campaign)
    .leftJoin(businessProfile, eq(businessProfile.userId, campaign.userId))
    .leftJoin(businessIdentity, eq(businessIdentity.userId, campaign.userId))
    .where(eq(campaign.id, options.campaignId));
  if (!row) return null;
  return {
    consentMode: row.consentMode,
    offerRequiresConsent: row.consentMode !== "notice" && row.offerRequiresConsent,
    discount: row.discount,
    minOrder: row.minOrder,
    businessName: row.businessName?.trim() || row.title,
    privacyPolicyUrl: row.privacyPolicyUrl ?? null,
  };
}

export type CapturePageDetails = NonNullable<Awaited<ReturnType<typeof getCapturePageDetails>>>;

// Every lead's record needs its wording, and i18next made it a tenth of a millisecond a lead; the
// catalogues never change while the process runs, so the text is kept per language, mode and business.
const MAX_WORDINGS = 1_000;
const wordings = new Map<string, string>();

/** The consent text a visitor read on the page in their language: exactly what its record keeps. */
export function consentWordingIn(language: Language, mode: ConsentMode, businessName: string) {
  const key = `${language}\u0000${mode}\u0000${businessName}`;
  let wording = wordings.get(key);
  if (wording === undefined) {
    const t = translatorFor(language, "capture");
    wording = consentWordingOf(mode, businessName, {
      notice: t("consent.notice"),
      checkbox: (business) => t("consent.checkbox", { business }),
      doubleOptInHint: t("consent.doubleOptInHint"),
    });
    if (wordings.size >= MAX_WORDINGS) wordings.delete(wordings.keys().next().value!);
    wordings.set(key, wording);
  }
  return wording;
}

/** Wording ids by hash, per database: wordings are never changed or deleted, so a found id stays right. */
const wordingIds = new WeakMap<object, Map<string, string>>();

/**
 * The wording's row, created the first time any visitor sees this exact text. Pass the database
 * (not a transaction) to remember the id for the process: a surge asks once, not once per lead.
 */
export async function wordingId(tx: Tx, text: string, language: Language = DEFAULT_LANGUAGE) {
  const hash = sha256(text);
  const known = wordingIds.get(tx)?.get(hash);
  if (known) return known;
  const [found] = await tx.select({ id: consentWording.id }).from(consentWording).where(eq(consentWording.hash, hash));
  let id = found?.id;
  if (!id) {
    await tx.insert(consentWording).values({ hash, text, language }).onConflictDoNothing({ target: consentWording.hash });
    const [row] = await tx.select({ id: consentWording.id }).from(consentWording).where(eq(consentWording.hash, hash));
    id = row!.id;
  }
  let ids = wordingIds.get(tx);
  if (!ids) wordingIds.set(tx, (ids = new Map()));
  if (ids.size < 10_000) ids.set(hash, id);
  return id;
}

export type ConsentInput = {
  leadId: string;
  campaignId: string;
  mode: ConsentMode;
  businessName: string;
  ticked: boolean;
  clientAddress: string;
  userAgent: string | null;
  /** The lead's own timestamp, so record and lead agree to the microsecond. */
  at: string;
  /** The page's language: the wording is kept as shown in it. */
  language?: Language;
};

/**
 * Writes the consent record of a new lead (in the lead's transaction). Returns the withdraw token
 * for emails to this visitor, and the confirmation token when a double opt-in email is due.
 */
export async function recordLeadConsent(tx: Tx, input: ConsentInput) {
  const language = input.language ?? DEFAULT_LANGUAGE;
  const consent = leadConsentRowOf(input, await wordingId(tx, consentWordingIn(language, input.mode, input.businessName), language));
  await tx.insert(leadConsent).values(consent.row);
  return { withdrawToken: consent.withdrawToken, confirmToken: consent.confirmToken };
}

/** The consent record of a new lead with its wording's id, and the tokens its emails carry. */
export function leadConsentRowOf(input: ConsentInput, wording: string) {
  const at = sql`${input.at}::timestamptz`;
  const ticked = input.mode !== "notice" && input.ticked;
  const withdrawToken = newToken();
  const confirmToken = input.mode === "double_opt_in" && ticked ? newToken() : null;
  const row: PgInsertValue<typeof leadConsent> = {
    leadId: input.leadId,
    campaignId: input.campaignId,
    mode: input.mode,
    wordingId: wording,
    ticked,
    givenAt: at,
    clientAddress: input.clientAddress.slice(0, 100),
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    confirmTokenHash: confirmToken ? sha256(confirmToken) : null,
    confirmExpiresAt: confirmToken ? sql`${at} + make_interval(days => ${CONFIRM_LINK_DAYS})` : null,
    withdrawTokenHash: sha256(withdrawToken),
  };
  return { row, withdrawToken, confirmToken };
}

/**
 * Queues the double opt-in email unless this address already got one for this campaign in the
 * last day (the caller holds the campaign's lock, so the count is exact). False when held back.
 */
export async function queueConfirmationEmail(
  tx: Tx,
  options: {
    leadId: string;
    campaignId: string;
    ownerId: string;
    to: string;
    businessName: string;
    mode: ConsentMode;
    confirmToken: string;
    withdrawToken: string;
    at: string;
    /** Where the links point; the main address when not given. */
    origin?: string;
    whiteLabel?: boolean;
    offerCode?: { code: string; validity: string };
    language?: Language;
  },
) {
  const at = sql`${options.at}::timestamptz`;
  const [{ recent }] = (await tx
    .select({ recent: count() })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.campaignId, options.campaignId),
        eq(emailOutbox.kind, "consent_confirmation"),
        sql`lower(${emailOutbox.to}) = lower(${options.to})`,
        gt(emailOutbox.createdAt, sql`${at} - interval '1 day'`),
      ),
    )) as [{ recent: number }];
  if (recent > 0) return false;
  const [identity] = await tx
    .select({ postalAddress: businessIdentity.postalAddress })
    .from(businessIdentity)
    .where(eq(businessIdentity.userId, options.ownerId));
  const withdrawUrl = withdrawUrlOf(options.withdrawToken, options.origin);
  await enqueueEmail(tx, {
    kind: "consent_confirmation",
    to: options.to,
    content: consentConfirmationEmail({
      businessName: options.businessName,
      postalAddress: identity?.postalAddress ?? "",
      wording: consentWordingIn(options.language ?? DEFAULT_LANGUAGE, options.mode, options.businessName),
      confirmUrl: confirmUrlOf(options.confirmToken, options.origin),
      withdrawUrl,
      offerCode: options.offerCode,
      language: options.language,
      whiteLabel: options.whiteLabel,
    }),
    campaignId: options.campaignId,
    leadId: options.leadId,
    headers: listUnsubscribeHeaders(withdrawUrl),
    createdAt: at,
  });
  await tx.update(leadConsent).set({ confirmationSentAt: at }).where(eq(leadConsent.leadId, options.leadId));
  return true;
}

export type ConfirmTokenState = "valid" | "invalid";

/** Whether a confirmation link can still be used (unknown, used, expired and withdrawn all read as invalid). */
export async function checkConfirmToken(db: Database, options: { token: string | undefined }): Promise<ConfirmTokenState> {
  if (!options.token || !TOKEN.test(options.token)) return "invalid";
  const [row] = await db
    .select({ leadId: leadConsent.leadId })
    .from(leadConsent)
    .where(
      and(eq(leadConsent.confirmTokenHash, sha256(options.token)), gt(leadConsent.confirmExpiresAt, sql`now()`), isNull(leadConsent.withdrawnAt)),
    );
  return row ? "valid" : "invalid";
}

/** Uses a confirmation link: the lead becomes "confirmed", the link stops working. */
export async function confirmConsent(db: Database, options: { token: string | undefined; clientAddress: string }) {
  if (!options.token || !TOKEN.test(options.token)) return false;
  const token = options.token;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(leadConsent)
      .set({ confirmedAt: sql`now()`, confirmedAddress: options.clientAddress.slice(0, 100), confirmTokenHash: null })
      .where(and(eq(leadConsent.confirmTokenHash, sha256(token)), gt(leadConsent.confirmExpiresAt, sql`now()`), isNull(leadConsent.withdrawnAt)))
      .returning({ leadId: leadConsent.leadId, confirmedAt: leadConsent.confirmedAt });
    if (!row) return false;
    await enqueueLeadChanged(tx as unknown as Database, {
      leadId: row.leadId,
      changes: [
        { type: "lead.confirmed", confirmedAt: row.confirmedAt!.toISOString() },
        { type: "lead.consent_changed", status: "confirmed" },
      ],
    });
    return true;
  });
}

export type WithdrawState = "active" | "withdrawn" | "invalid";

export async function checkWithdrawToken(db: Database, options: { token: string | undefined }): Promise<WithdrawState> {
  if (!options.token || !TOKEN.test(options.token)) return "invalid";
  const [row] = await db
    .select({ withdrawnAt: leadConsent.withdrawnAt })
    .from(leadConsent)
    .where(eq(leadConsent.withdrawTokenHash, sha256(options.token)));
  if (!row) return "invalid";
  return row.withdrawnAt ? "withdrawn" : "active";
}

/** Whether the withdraw link belongs to an Enterprise owner's lead: its page names no LeadQR. */
export async function isWhiteLabelWithdrawToken(db: Database, options: { token: string | undefined }) {
  if (!options.token || !TOKEN.test(options.token)) return false;
  const [row] = await db
    .select({ whiteLabel: user.isEnterprise })
    .from(leadConsent)
    .innerJoin(lead, eq(lead.id, leadConsent.leadId))
    .innerJoin(campaign, eq(campaign.id, lead.campaignId))
    .innerJoin(user, eq(user.id, campaign.userId))
    .where(eq(leadConsent.withdrawTokenHash, sha256(options.token)));
  return row?.whiteLabel ?? false;
}

/**
 * Withdraws consent: the lead shows "consent withdrawn", an unused confirmation link dies and a
 * confirmation email not yet sent is dropped. Repeating it changes nothing.
 */
export async function withdrawConsent(db: Database, options: { token: string | undefined }) {
  if (!options.token || !TOKEN.test(options.token)) return false;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ withdrawnAt: leadConsent.withdrawnAt })
      .from(leadConsent)
      .where(eq(leadConsent.withdrawTokenHash, sha256(options.token!)))
      .for("update");
    const [row] = await tx
      .update(leadConsent)
      .set({ withdrawnAt: sql`coalesce(${leadConsent.withdrawnAt}, now())`, confirmTokenHash: null })
      .where(eq(leadConsent.withdrawTokenHash, sha256(options.token!)))
      .returning({ leadId: leadConsent.leadId });
    if (!row) return false;
    // Only the first withdrawal is news to the owner's integrations.
    if (before && !before.withdrawnAt) {
      await enqueueLeadChanged(tx as unknown as Database, { leadId: row.leadId, changes: [{ type: "lead.consent_changed", status: "withdrawn" }] });
    }
    await tx
      .delete(emailOutbox)
      .where(and(eq(emailOutbox.leadId, row.leadId), eq(emailOutbox.kind, "consent_confirmation"), eq(emailOutbox.status, "pending")));
    return true;
  });
}

/** The default privacy notice of a campaign's page: who the business is, and us as processor. */
export async function getPrivacyNotice(db: Database, options: { campaignId: string | undefined }) {
  if (!isUuid(options.campaignId)) return null;
  const [row] = await db
    .select({
      title: campaign.title,
      status: campaign.status,
      consentMode: campaign.consentMode,
      businessName: businessProfile.name,
      postalAddress: businessIdentity.postalAddress,
      privacyPolicyUrl: businessIdentity.privacyPolicyUrl,
      whiteLabel: user.isEnterprise,
    })
    .from(campaign)
    .innerJoin(user, eq(user.id, campaign.userId))
    .leftJoin(businessProfile, eq(businessProfile.userId, campaign.userId))
    .leftJoin(businessIdentity, eq(businessIdentity.userId, campaign.userId))
    .where(eq(campaign.id, options.campaignId));
  if (!row || row.status !== "active") return null;
  return {
    /** Enterprise: the processor is named without our brand. */
    whiteLabel: row.whiteLabel,
    businessName: row.businessName?.trim() || row.title,
    postalAddress: row.postalAddress ?? "",
    privacyPolicyUrl: row.privacyPolicyUrl ?? null,
    consentMode: row.consentMode,
  };
}
