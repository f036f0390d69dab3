import { eq } from "drizzle-orm";
import * as schema from "~/db/schema";
import { claimOfferCode } from "~/features/redeem/offer-codes.server";
import { getServices } from "~/utils/services.server";
import { createLeadRow } from "./factories";

/** A lead of `campaignId` with its offer code, as a visitor's claim leaves them. */
export async function createClaim(campaignId: string, visitor: { name: string; email: string }, options: { draw?: () => string } = {}) {
  const { db } = await getServices();
  const lead = await createLeadRow(campaignId, visitor);
  const claim = await claimOfferCode(db, { campaignId, email: visitor.email, leadId: lead.id, at: new Date().toISOString(), draw: options.draw });
  return { leadId: lead.id, code: claim!.code };
}

export async function codeRow(code: string) {
  const { db } = await getServices();
  const [row] = await db.select().from(schema.offerCode).where(eq(schema.offerCode.code, code));
  return row;
}

export async function setCodeTimes(code: string, times: { redeemedAt?: Date | null; expiresAt?: Date | null }) {
  const { db } = await getServices();
  await db.update(schema.offerCode).set(times).where(eq(schema.offerCode.code, code));
}
