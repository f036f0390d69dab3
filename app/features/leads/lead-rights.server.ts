// The owner's side of a visitor's rights: see one lead with its consent record, export
// all we hold about the person, erase it. Every function is scoped to the acting owner.
// Rules: docs/features/consent-and-erasure.md ("The person's rights"); docs/features/offers-and-the-counter.md ("One
//   code per claimant").
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaign, consentWording, dataErasure, emailOutbox, lead, leadConsent, offerCode, scan } from "~/db/schema";
import { listVisibleLeadIds } from "~/features/leads/leads.server";
import { maskLead } from "~/features/leads/leads";
import { codeStatusOf, redeemerText, formatOfferCode } from "~/features/redeem/code";
import { isUuid } from "~/utils/text";
import { consentStatusOf } from "~/features/consent/consent";
import { placementIn, type PlacementScope } from "~/features/team/scope.server";

export type LeadRightsOptions = {
  userId: string;
  isPro: boolean;
  leadId: string;
  /** A manager's placements: a lead that came through none of them is not found (docs/features/team.md). */
  placementIds?: PlacementScope;
};

async function findOwnedLead(db: Database, options: { userId: string; leadId: string; placementIds?: PlacementScope }) {
  if (!isUuid(options.leadId)) return null;
  const [row] = await db
    .select({
      id: lead.id,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      collectedAt: lead.collectedAt,
      scanId: lead.scanId,
      campaignId: campaign.id,
      campaignTitle: campaign.title,
    })
    .from(lead)
    .innerJoin(campaign, eq(campaign.id, lead.campaignId))
    .where(and(eq(lead.id, options.leadId), eq(campaign.userId, options.userId), placementIn(sql`${lead.placementId}`, options.placementIds)));
  return row ?? null;
}

async function consentOf(db: Database, leadId: string) {
  const [row] = await db
    .select({
      mode: leadConsent.mode,
      ticked: leadConsent.ticked,
      wording: consentWording.text,
      language: consentWording.language,
      givenAt: leadConsent.givenAt,
      clientAddress: leadConsent.clientAddress,
      userAgent: leadConsent.userAgent,
      confirmationSentAt: leadConsent.confirmationSentAt,
      confirmExpiresAt: leadConsent.confirmExpiresAt,
      confirmedAt: leadConsent.confirmedAt,
      confirmedAddress: leadConsent.confirmedAddress,
      withdrawnAt: leadConsent.withdrawnAt,
    })
    .from(leadConsent)
    .innerJoin(consentWording, eq(consentWording.id, leadConsent.wordingId))
    .where(eq(leadConsent.leadId, leadId));
  return row ?? null;
}

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

/**
 * One of the owner's leads with its consent record, its scan and the person's other leads (same
 * email, any campaign); null when it is not theirs. Masked for a free owner as on the list.
 */
export async function getLeadDetail(db: Database, options: LeadRightsOptions) {
  const found = await findOwnedLead(db, options);
  if (!found) return null;
  const isMasked = !options.isPro && !(await listVisibleLeadIds(db, { userId: options.userId })).has(found.id);
  const contact = isMasked ? maskLead(found) : found;
  const [consent, [scanRow], others, [codeRow]] = await Promise.all([
    consentOf(db, found.id),
    found.scanId
      ? db.select({ timestamp: scan.timestamp, deviceType: scan.deviceType, source: scan.source }).from(scan).where(eq(scan.id, found.scanId))
      : Promise.resolve([]),
    isMasked ? Promise.resolve([]) : listLeadsOfPerson(db, { userId: options.userId, email: found.email, placementIds: options.placementIds }),
    db
      .select({
        code: offerCode.code,
        expiresAt: offerCode.expiresAt,
        redeemedAt: offerCode.redeemedAt,
        redeemedBy: offerCode.redeemedBy,
        redeemedLocation: offerCode.redeemedLocation,
      })
      .from(offerCode)
      .where(eq(offerCode.leadId, found.id))
      .limit(1),
  ]);
  return {
    id: found.id,
    name: contact.name,
    email: contact.email,
    phone: contact.phone,
    isMasked,
    campaign: { id: found.campaignId, title: found.campaignTitle },
    collectedAt: found.collectedAt.toISOString(),
    scan: scanRow ? { timestamp: scanRow.timestamp.toISOString(), deviceType: scanRow.deviceType, source: scanRow.source } : null,
    status: consentStatusOf(consent),
    // The code the visitor was given, and where it stands; a masked lead's code is hidden like its contact.
    offerCode: codeRow
      ? {
          code: isMasked ? null : formatOfferCode(codeRow.code),
          status: codeStatusOf(codeRow, new Date()),
          expiresAt: iso(codeRow.expiresAt),
          redeemedAt: iso(codeRow.redeemedAt),
          // Who and where (issue 55): a member's name, "Owner" or a shared device, and the location's name.
          ...(codeRow.redeemedAt ? { redeemedBy: redeemerText(codeRow.redeemedBy), redeemedLocation: codeRow.redeemedLocation } : {}),
        }
      : null,
    consent: consent
      ? {
          mode: consent.mode,
          ticked: consent.ticked,
          wording: consent.wording,
          language: consent.language,
          givenAt: consent.givenAt.toISOString(),
          // Addresses are personal data too: a masked lead shows none.
          clientAddress: isMasked ? null : consent.clientAddress,
          userAgent: isMasked ? null : consent.userAgent,
          confirmationSentAt: iso(consent.confirmationSentAt),
          confirmExpiresAt: iso(consent.confirmExpiresAt),
          confirmedAt: iso(consent.confirmedAt),
          confirmedAddress: isMasked ? null : consent.confirmedAddress,
          withdrawnAt: iso(consent.withdrawnAt),
        }
      : null,
    otherLeads: others.filter((other) => other.id !== found.id),
  };
}

export type LeadDetail = NonNullable<Awaited<ReturnType<typeof getLeadDetail>>>;

/** Every lead of one person (exact email, any case) across the owner's campaigns, newest first. */
export async function listLeadsOfPerson(db: Database, options: { userId: string; email: string; placementIds?: PlacementScope }) {
  const rows = await db
    .select({ id: lead.id, campaignTitle: campaign.title, collectedAt: lead.collectedAt })
    .from(lead)
    .innerJoin(campaign, eq(campaign.id, lead.campaignId))
    .where(
      and(
        eq(campaign.userId, options.userId),
        sql`lower(${lead.email}) = lower(${options.email})`,
        placementIn(sql`${lead.placementId}`, options.placementIds),
      ),
    )
    .orderBy(desc(lead.collectedAt), asc(lead.id))
    .limit(100);
  return rows.map((row) => ({ id: row.id, campaignTitle: row.campaignTitle, collectedAt: row.collectedAt.toISOString() }));
}

/** Everything held about the person behind one lead, as one JSON document (GDPR Art. 15 and 20). */
export async function exportLeadData(db: Database, options: LeadRightsOptions) {
  const detail = await getLeadDetail(db, options);
  if (!detail) return null;
  const emails = await db
    .select({
      kind: emailOutbox.kind,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.leadId, detail.id))
    .orderBy(asc(emailOutbox.createdAt));
  // The person's offer code for this campaign: shared by all their claims of it.
  const [code] = await db
    .select({ code: offerCode.code, claimedAt: offerCode.claimedAt, expiresAt: offerCode.expiresAt, redeemedAt: offerCode.redeemedAt })
    .from(lead)
    .innerJoin(offerCode, and(eq(offerCode.campaignId, lead.campaignId), eq(offerCode.claimantKey, lead.claimantKey)))
    .where(eq(lead.id, detail.id));
  return {
    exportedAt: new Date().toISOString(),
    lead: {
      id: detail.id,
      name: detail.name,
      email: detail.email,
      phone: detail.phone,
      collectedAt: detail.collectedAt,
      campaign: detail.campaign,
      masked: detail.isMasked,
    },
    consent: detail.consent ? { status: detail.status, ...detail.consent } : { status: detail.status },
    scan: detail.scan,
    offerCode: code
      ? {
          // The code is what a masked lead's details are: held back until the owner upgrades.
          code: detail.isMasked ? null : formatOfferCode(code.code),
          claimedAt: code.claimedAt.toISOString(),
          expiresAt: iso(code.expiresAt),
          redeemedAt: iso(code.redeemedAt),
        }
      : null,
    emails: emails.map((email) => ({
      kind: email.kind,
      to: detail.isMasked ? detail.email : email.to,
      subject: email.subject,
      status: email.status,
      createdAt: email.createdAt.toISOString(),
      sentAt: iso(email.sentAt),
    })),
    otherLeadsOfThisPerson: detail.otherLeads,
  };
}

/**
 * Erases one lead: the lead, its consent record and every email about it (cascades) go; the
 * audit keeps only that an erasure happened and when. False when the lead is not the owner's.
 */
export async function eraseLead(db: Database, options: { userId: string; leadId: string }) {
  if (!isUuid(options.leadId)) return false;
  return db.transaction(async (tx) => {
    const erased = await tx
      .delete(lead)
      .where(
        and(
          eq(lead.id, options.leadId),
          sql`${lead.campaignId} in (select ${campaign.id} from ${campaign} where ${campaign.userId} = ${options.userId})`,
        ),
      )
      .returning({ id: lead.id });
    if (erased.length === 0) return false;
    await tx.insert(dataErasure).values({ userId: options.userId, reason: "owner_request", leads: 1 });
    return true;
  });
}
