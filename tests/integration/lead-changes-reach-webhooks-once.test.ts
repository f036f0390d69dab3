// A redeem at the counter and a change of consent reach the owner's integrations as
// `lead.redeemed` and `lead.consent_changed`, queued in the same transaction, once each.
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { withdrawConsent } from "~/features/consent/consent.server";
import { redeemOfferCode } from "~/features/redeem/counter.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { createClaim } from "../support/redeem-support";

async function endpointFor(userId: string, events: string[]) {
  const { db } = await getServices();
  await db
    .insert(schema.webhookEndpoint)
    .values({ userId, url: "https://hooks.example.com/crm", events, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" });
}

async function eventsOf(userId: string, type: string) {
  const { db } = await getServices();
  return db
    .select({ payload: schema.webhookEvent.payload })
    .from(schema.webhookEvent)
    .where(and(eq(schema.webhookEvent.userId, userId), eq(schema.webhookEvent.type, type)));
}

describe("lead changes reach integrations", () => {
  it("queues lead.redeemed once when a code is redeemed, not on the second press", async () => {
    const owner = await createUser({ isPro: true });
    await endpointFor(owner.id, ["lead.redeemed"]);
    const campaign = await createCampaignRow(owner.id);
    const { leadId, code } = await createClaim(campaign.id, { name: "Rita Redeem", email: "rita@example.com" });
    const { db } = await getServices();
    const actor = { userId: owner.id, campaignId: null, staffAccessId: null, label: "Owner" };

    expect((await redeemOfferCode(db, { actor, code })).outcome).toBe("redeemed");
    expect((await redeemOfferCode(db, { actor, code })).outcome).toBe("already");

    const events = await eventsOf(owner.id, "lead.redeemed");
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0]!.payload)).toContain(leadId);
    expect(JSON.stringify(events[0]!.payload)).toContain(code);
  });

  it("queues lead.consent_changed once when a visitor withdraws, however often they click", async () => {
    const owner = await createUser({ isPro: true });
    await endpointFor(owner.id, ["lead.consent_changed"]);
    const campaign = await createCampaignRow(owner.id);
    const { leadId } = await createClaim(campaign.id, { name: "Wanda Withdraw", email: "wanda@example.com" });
    const { db } = await getServices();
    const wording = await db.insert(schema.consentWording).values({ hash: "h-test-wording", text: "Yes, email me offers." }).returning();
    const token = "W".repeat(43);
    await db.insert(schema.leadConsent).values({
      leadId,
      campaignId: campaign.id,
      givenAt: new Date(),
      mode: "checkbox",
      ticked: true,
      wordingId: wording[0]!.id,
      clientAddress: "198.51.100.9",
      userAgent: "test",
      withdrawTokenHash: createHash("sha256").update(token).digest("hex"),
    });

    expect(await withdrawConsent(db, { token })).toBe(true);
    expect(await withdrawConsent(db, { token })).toBe(true);

    const events = await eventsOf(owner.id, "lead.consent_changed");
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0]!.payload)).toContain("withdrawn");
  });
});
