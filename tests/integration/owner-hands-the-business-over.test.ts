// The owner hands the business over (docs/features/team.md, "Handing the business over"): an offer
// to a current member, emailed, one at a time, withdrawable, declinable, 7 days; on acceptance the
// business's rows move to the new owner in one transaction, the old owner stays as a Manager of
// every location, and the history says so. A member who runs a business of their own is refused.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { createApiKey } from "~/features/integrations/api-keys.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

type Account = Awaited<ReturnType<typeof createUser>>;
let owner: Account;
let mia: Account;
let sam: Account;
let miaMemberId: string;
let samMemberId: string;
let campaignId: string;
let places: string[];

const TAKEN_OVER = "Azul Harbour Coffee";

async function teamPost(form: Record<string, string>, cookie = owner.cookie) {
  const { action } = await import("~/routes/settings.team");
  return callRoute(action, makeRequest("/settings/team", { cookie, form }));
}

async function teamPage(cookie = owner.cookie) {
  const { loader } = await import("~/routes/settings.team");
  return callRoute(loader, makeRequest("/settings/team", { cookie }));
}

async function offersTo(cookie: string) {
  const { loader } = await import("~/routes/team-handover");
  return (await callRoute(loader, makeRequest("/team/handover", { cookie }))).data.offers as Array<{ id: string; business: string }>;
}

/** What the owner who offered the business was emailed once the member answered. */
async function answersTo(email: string) {
  const { db } = await getServices();
  return db
    .select({ subject: schema.emailOutbox.subject, text: schema.emailOutbox.text })
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.kind, "team_handover_answered"), eq(schema.emailOutbox.to, email)));
}

async function answer(intent: "accept" | "decline", handoverId: string, cookie: string) {
  const { action } = await import("~/routes/team-handover");
  return callRoute(action, makeRequest("/team/handover", { cookie, form: { intent, handoverId } }));
}

async function addMember(account: Account, role: "manager" | "staff", locationIds: string[]) {
  const { db } = await getServices();
  const [row] = await db.insert(schema.businessMember).values({ businessId: owner.id, userId: account.id, role, invitedBy: owner.id }).returning();
  if (locationIds.length) await db.insert(schema.businessMemberLocation).values(locationIds.map((locationId) => ({ memberId: row!.id, locationId })));
  return row!.id;
}

async function campaignTitles(cookie: string) {
  const { loader } = await import("~/routes/campaigns");
  const page = await callRoute(loader, makeRequest("/campaigns", { cookie }));
  return { status: page.status, titles: page.status === 200 ? (page.data.campaigns as Array<{ title: string }>).map((row) => row.title) : [] };
}

beforeEach(async () => {
  const { db } = await getServices();
  owner = await createUser({ isPro: true });
  await db.insert(schema.businessProfile).values({ userId: owner.id, name: "Café Azul" });
  places = (
    await db
      .insert(schema.location)
      .values([
        { userId: owner.id, name: "Harbour" },
        { userId: owner.id, name: "Old Town" },
      ])
      .returning({ id: schema.location.id })
  ).map((row) => row.id);
  ({ id: campaignId } = await createCampaignRow(owner.id, { title: TAKEN_OVER }));
  await db.insert(schema.placement).values({ campaignId, name: "Quay Sign", locationId: places[0] });
  await createApiKey(db, { userId: owner.id, name: "Till" });
  mia = await createUser();
  sam = await createUser();
  miaMemberId = await addMember(mia, "manager", [places[0]!]);
  samMemberId = await addMember(sam, "staff", [places[1]!]);
});

describe("offering the business", () => {
  it("emails the member, shows one pending offer to both sides, and refuses a second", async () => {
    const offered = await teamPost({ intent: "handover", memberId: miaMemberId });
    expect(offered.data.message).toBe("Hand-over offered. They have 7 days to accept.");
    const { db } = await getServices();
    const [email] = await db
      .select({ subject: schema.emailOutbox.subject, text: schema.emailOutbox.text })
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.kind, "team_handover"), eq(schema.emailOutbox.to, mia.email)));
    expect(email!.subject).toBe("Café Azul is being handed over to you on LeadQR");
    expect(email!.text).toContain("/team/handover");
    expect((await teamPage()).data.handover).toMatchObject({ email: mia.email, memberId: miaMemberId });

    const second = await teamPost({ intent: "handover", memberId: samMemberId });
    expect({ status: second.status, error: second.data.error }).toEqual({
      status: 400,
      error: `A hand-over to ${mia.email} is already waiting. Withdraw it to offer the business to someone else.`,
    });
    expect((await offersTo(mia.cookie)).map((offer) => offer.business)).toEqual(["Café Azul"]);
    expect(await offersTo(sam.cookie)).toEqual([]);
    const { loader } = await import("~/routes/site-layout");
    const layout = await callRoute<Awaited<ReturnType<typeof loader>>>(loader, makeRequest("/redeem", { cookie: mia.cookie }));
    const [banner, ...more] = layout.data!.handovers;
    expect(more).toEqual([]);
    expect(banner!.business).toBe("Café Azul");
    expect(banner!.parts.map((part) => part.text).join("")).toBe("A hand-over is waiting for you: Café Azul. Review the hand-over");

    // Another business's member id is not found; a member cannot offer the business.
    const other = await createUser({ isPro: true });
    expect((await teamPost({ intent: "handover", memberId: miaMemberId }, other.cookie)).status).toBe(404);
    expect((await teamPost({ intent: "handover", memberId: samMemberId }, mia.cookie)).status).toBe(403);
  });

  it("Free: there is no one to hand over to", async () => {
    const { db } = await getServices();
    await db.update(schema.user).set({ isPro: false }).where(eq(schema.user.id, owner.id));
    const refused = await teamPost({ intent: "handover", memberId: miaMemberId });
    expect({ status: refused.status, error: refused.data.error }).toEqual({
      status: 403,
      error: "On the Free plan the owner works alone, so there is nobody to hand the business over to.",
    });
  });
});

describe("accepting", () => {
  it("moves the business to the new owner in one step; the old owner stays as a Manager of every location", async () => {
    await teamPost({ intent: "handover", memberId: miaMemberId });
    const [offer] = await offersTo(mia.cookie);
    // Only the member it was offered to can answer it.
    expect((await answer("accept", offer!.id, sam.cookie)).status).toBe(410);

    const accepted = await answer("accept", offer!.id, mia.cookie);
    expect({ status: accepted.status, location: accepted.response?.headers.get("location") }).toEqual({ status: 302, location: "/dashboard" });
    const { db } = await getServices();
    const [moved] = await db.select({ userId: schema.campaign.userId }).from(schema.campaign).where(eq(schema.campaign.id, campaignId));
    expect(moved!.userId).toBe(mia.id);
    expect((await db.select({ userId: schema.location.userId }).from(schema.location).where(eq(schema.location.userId, mia.id))).length).toBe(2);
    expect((await db.select().from(schema.apiKey).where(eq(schema.apiKey.userId, mia.id))).length).toBe(1);
    const [profile] = await db
      .select({ name: schema.businessProfile.name })
      .from(schema.businessProfile)
      .where(eq(schema.businessProfile.userId, mia.id));
    expect(profile!.name).toBe("Café Azul");
    const [grant] = await db.select({ isPro: schema.user.isPro }).from(schema.user).where(eq(schema.user.id, mia.id));
    expect(grant!.isPro).toBe(true);

    // Mia owns it: her campaigns and Settings → Team, where the old owner is a Manager and Sam still Staff.
    expect(await campaignTitles(mia.cookie)).toEqual({ status: 200, titles: [TAKEN_OVER] });
    const team = (await teamPage(mia.cookie)).data;
    expect(team.members.map((member: { email: string; role: string; locations: string[] }) => [member.email, member.role, member.locations])).toEqual(
      [
        [sam.email, "staff", ["Old Town"]],
        [owner.email, "manager", ["Harbour", "Old Town"]],
      ],
    );
    expect(team.handover).toBeNull();
    expect(team.audit[0]).toMatchObject({ action: "handed_over", actor: mia.email, subject: owner.email });
    expect(team.audit.map((entry: { action: string }) => entry.action)).toContain("handover_offered");

    // The old owner's session now acts for the business as its manager: Settings → Team is refused.
    expect((await teamPage()).status).toBe(403);
    expect(await campaignTitles(owner.cookie)).toEqual({ status: 200, titles: [TAKEN_OVER] });
    // Sam keeps his counter in the same business, now Mia's.
    const [samNow] = await db
      .select({ businessId: schema.businessMember.businessId })
      .from(schema.businessMember)
      .where(eq(schema.businessMember.userId, sam.id));
    expect(samNow!.businessId).toBe(mia.id);
    expect(await db.select().from(schema.businessMember).where(eq(schema.businessMember.userId, mia.id))).toEqual([]);
    // Accepted once.
    expect((await answer("accept", offer!.id, mia.cookie)).status).toBe(410);
    // The old owner is told, once; with no active subscription, nothing about a card.
    expect(await answersTo(owner.email)).toEqual([
      {
        subject: `${mia.email} now owns Café Azul on LeadQR`,
        text: expect.stringMatching(
          new RegExp(
            `^${mia.email} accepted your hand-over: they now own Café Azul, its campaigns, leads, team and billing\\. You stay on the team as a Manager of every location\\. Open LeadQR: http\\S+/dashboard$`,
          ),
        ),
      },
    ]);
  });

  it("tells the old owner that their card still pays an active subscription until the new owner changes it", async () => {
    const { db } = await getServices();
    await db.insert(schema.subscription).values({ userId: owner.id, status: "active", stripeCustomerId: `cus_${owner.id.slice(0, 8)}` });
    await teamPost({ intent: "handover", memberId: miaMemberId });
    const [offer] = await offersTo(mia.cookie);
    expect((await answer("accept", offer!.id, mia.cookie)).status).toBe(302);
    const [told] = await answersTo(owner.email);
    expect(told!.text).toContain(
      `Its subscription is still paid with the card you set up in Stripe until ${mia.email} changes the payment details in Billing: ask them to, or cancel it there.`,
    );
  });

  it("refuses a member who runs a business of their own, and moves nothing", async () => {
    await createCampaignRow(mia.id, { title: "Mia's Own Bakery" });
    await teamPost({ intent: "handover", memberId: miaMemberId });
    const [offer] = await offersTo(mia.cookie);
    const refused = await answer("accept", offer!.id, mia.cookie);
    expect({ status: refused.status, error: refused.data.error }).toEqual({
      status: 400,
      error:
        "This sign-in runs its own business on LeadQR (it has campaigns), so it cannot take over another. Ask the owner to hand over to another member, or to another address of yours.",
    });
    const { db } = await getServices();
    const [still] = await db.select({ userId: schema.campaign.userId }).from(schema.campaign).where(eq(schema.campaign.id, campaignId));
    expect(still!.userId).toBe(owner.id);
    expect((await teamPage()).data.handover).toMatchObject({ email: mia.email });
  });
});

describe("withdrawing, declining, expiring, removing", () => {
  it("ends the offer each way: its answer is then gone, and a new offer may be made", async () => {
    const { db } = await getServices();
    await teamPost({ intent: "handover", memberId: miaMemberId });
    let [offer] = await offersTo(mia.cookie);
    expect((await teamPost({ intent: "withdrawHandover" })).data.message).toBe("Hand-over withdrawn: the business stays yours.");
    expect(await offersTo(mia.cookie)).toEqual([]);
    expect((await answer("accept", offer!.id, mia.cookie)).status).toBe(410);

    await teamPost({ intent: "handover", memberId: miaMemberId });
    [offer] = await offersTo(mia.cookie);
    expect((await answer("decline", offer!.id, mia.cookie)).data.message).toBe("Declined. The business stays with its owner.");
    expect((await teamPage()).data.handover).toBeNull();
    expect(await answersTo(owner.email)).toEqual([
      {
        subject: `${mia.email} declined to take over Café Azul`,
        text: expect.stringMatching(
          new RegExp(
            `^${mia.email} declined your offer: Café Azul stays yours\\. You can offer it to another member on Settings → Team: http\\S+/settings/team$`,
          ),
        ),
      },
    ]);

    await teamPost({ intent: "handover", memberId: miaMemberId });
    [offer] = await offersTo(mia.cookie);
    await db
      .update(schema.ownershipHandover)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.ownershipHandover.id, offer!.id));
    expect((await answer("accept", offer!.id, mia.cookie)).status).toBe(410);
    expect((await teamPage()).data.handover).toBeNull();

    await teamPost({ intent: "handover", memberId: samMemberId });
    [offer] = await offersTo(sam.cookie);
    await teamPost({ intent: "remove", memberId: samMemberId });
    expect((await teamPage()).data.handover).toBeNull();
    const [campaign] = await db.select({ userId: schema.campaign.userId }).from(schema.campaign).where(eq(schema.campaign.id, campaignId));
    expect(campaign!.userId).toBe(owner.id);
    const history = (await teamPage()).data.audit.map((entry: { action: string }) => entry.action);
    expect(history).toEqual(expect.arrayContaining(["handover_withdrawn", "handover_declined", "handover_offered"]));
  });
});
