// Team members' own alerts (docs/features/alerts.md, "Team members' own alerts"): a manager or
// viewer sets up their own channels on Settings → Notifications, and those hear only the leads and
// redeems that came through a placement at one of their locations; the owner's channels hear
// everything as before, the morning summary stays the owner's, a removed member's channels are
// deleted at once, and staff are sent from the screen to the counter.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { rowsOf } from "~/db/rows.server";
import { queueOwnerMessage } from "~/features/alerts/deliveries.server";
import { redeemOfferCode } from "~/features/redeem/counter.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createShopsAndPlacements, createUser } from "../support/factories";
import { alertWorker, codeIn, notificationsPage, passesUntil, postNotifications } from "../support/alerts-support";
import { callRoute, makeRequest } from "../support/http";
import { createClaim } from "../support/redeem-support";
import { startSlackStandIn } from "../support/slack-stand-in.mjs";

let slack: Awaited<ReturnType<typeof startSlackStandIn>>;

beforeAll(async () => {
  slack = await startSlackStandIn();
  process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
});
afterAll(async () => {
  await slack.close();
});

type Person = Awaited<ReturnType<typeof createUser>>;

/** A sign-in proves a Slack webhook through the screen, as a person does: paste, read the code in Slack, type it back. */
async function proveSlack(person: Person) {
  const hook = slack.add();
  await postNotifications(person, { intent: "slack-code", url: hook });
  const confirmed = await postNotifications(person, { intent: "slack-confirm", code: codeIn(slack.messages(hook).at(-1)!.text) });
  expect(confirmed.data).toEqual({ message: "Slack is proven: lead alerts go there from now on." });
  return hook;
}

/** The alerts a hook received (its proof left out), first line only. */
const alertsAt = (hook: string) =>
  slack
    .messages(hook)
    .map((m) => m.text)
    .filter((text) => !text.startsWith("Your LeadQR code"))
    .map((text) => text.replace(/, \d\d:\d\d\n/, " | "));

async function setUp() {
  const owner = await createUser({ isPro: true });
  const spring = await createCampaignRow(owner.id, { title: "Spring Offer" });
  const shops = await createShopsAndPlacements(owner.id, [
    { campaignId: spring.id, name: "Window", at: "Harbour" },
    { campaignId: spring.id, name: "Terrace", at: "Old Town" },
    { campaignId: spring.id, name: "Door", at: null },
  ]);
  const [window, terrace, door] = shops.placementIds;
  const { db } = await getServices();
  const addMember = async (role: "manager" | "viewer" | "staff", locationIds: string[]) => {
    const person = await createUser();
    const [row] = await db.insert(schema.businessMember).values({ businessId: owner.id, userId: person.id, role, invitedBy: owner.id }).returning();
    if (locationIds.length)
      await db.insert(schema.businessMemberLocation).values(locationIds.map((locationId) => ({ memberId: row!.id, locationId })));
    return { ...person, memberId: row!.id };
  };
  const claim = async (name: string, placementId: string | null) => {
    const made = await createClaim(spring.id, { name: `${name} Surname`, email: `${name.toLowerCase()}@example.com` });
    await db.update(schema.lead).set({ placementId }).where(eq(schema.lead.id, made.leadId));
    return made;
  };
  return {
    owner,
    ids: { spring: spring.id, harbour: shops.harbour, oldTown: shops.oldTown },
    places: { window: window!, terrace: terrace!, door: door! },
    addMember,
    claim,
  };
}

describe("team members' own alerts", () => {
  it("reach a Harbour manager for Harbour's leads only, a viewer for theirs without the visitor's name, and the owner for all", async () => {
    const { owner, ids, places, addMember, claim } = await setUp();
    const manager = await addMember("manager", [ids.harbour]);
    const viewer = await addMember("viewer", [ids.oldTown]);
    const ownerHook = await proveSlack(owner);
    const managerHook = await proveSlack(manager);
    const viewerHook = await proveSlack(viewer);

    // Each sees only their own channel, and a member chooses among their own locations only.
    const managerPage = await notificationsPage(manager);
    expect(managerPage.isMember).toBe(true);
    expect(managerPage.channels).toEqual([expect.objectContaining({ kind: "slack", status: "proven" })]);
    expect(managerPage.routing.locations).toEqual([{ id: ids.harbour, name: "Harbour" }]);
    expect(managerPage.summary).toBeNull();
    expect((await notificationsPage(owner)).channels).toHaveLength(1);

    const worker = await alertWorker();
    const ana = await claim("Ana", places.window);
    const rui = await claim("Rui", places.terrace);
    await claim("Cy", places.door);
    await claim("Eve", null);
    await worker.runOnce();
    await passesUntil(worker, () => alertsAt(ownerHook).length >= 4);

    expect(alertsAt(managerHook)).toEqual([expect.stringMatching(/^New lead: Ana, Spring Offer \(Window at Harbour\) \| .*\/leads\/[0-9a-f-]{36}$/)]);
    // A viewer's role has no lead details: the alert names no visitor and links the dashboard.
    expect(alertsAt(viewerHook)).toEqual([expect.stringMatching(/^New lead: Spring Offer \(Terrace at Old Town\) \| .*\/dashboard$/)]);
    expect(alertsAt(ownerHook).map((text) => /^New lead: (\w+)/.exec(text)?.[1])).toEqual(["Ana", "Rui", "Cy", "Eve"]);
    for (const text of [...alertsAt(managerHook), ...alertsAt(viewerHook), ...alertsAt(ownerHook)]) expect(text).not.toContain("@example.com");

    // Redeems: to each sign-in that asked for them, at its locations only.
    await postNotifications(manager, { intent: "events", redeemed: "true", scanLimit: "true" });
    await postNotifications(owner, { intent: "events", redeemed: "true" });
    expect((await notificationsPage(manager)).events).toEqual({ redeemed: true, scanLimit: false });
    const { db } = await getServices();
    const actor = { userId: owner.id, campaignId: null, staffAccessId: null, label: "Owner" };
    for (const made of [rui, ana]) await redeemOfferCode(db, { actor, code: made.code });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await worker.runOnce();
    await passesUntil(worker, () => alertsAt(ownerHook).length >= 6 && alertsAt(managerHook).length >= 2);
    expect(alertsAt(managerHook).slice(1)).toEqual([expect.stringMatching(/^Code redeemed: Ana, Spring Offer \(at Harbour\)/)]);
    expect(alertsAt(viewerHook)).toHaveLength(1);

    // The morning summary is the owner's: queued for the owner's channel only.
    expect(await queueOwnerMessage(db, { userId: owner.id, text: "Yesterday: 4 leads" })).toBe(1);
  });

  it("stop at once for a removed member: their channels are deleted, and a message already queued is not sent", async () => {
    const { owner, ids, places, addMember, claim } = await setUp();
    const manager = await addMember("manager", [ids.harbour]);
    const managerHook = await proveSlack(manager);
    const worker = await alertWorker();
    await claim("Ana", places.window);
    await worker.runOnce();
    expect(alertsAt(managerHook)).toHaveLength(1);
    const { db } = await getServices();
    const pending = async () =>
      rowsOf(await db.execute(sql`select 1 from alert_delivery where status = 'pending' and text = 'New lead: Bea, Spring Offer'`)).length;

    // A message queued for the manager's channel, then the owner removes them before it goes.
    await db.execute(sql`
      insert into alert_delivery (channel_id, kind, text)
      select id, 'lead', 'New lead: Bea, Spring Offer' from alert_channel where member_id = ${manager.memberId}`);
    expect(await pending()).toBe(1);
    const team = await import("~/routes/settings.team");
    const removed = await callRoute(
      team.action,
      makeRequest("/settings/team", { cookie: owner.cookie, form: { intent: "remove", memberId: manager.memberId } }),
    );
    expect(removed.data.message).toBe("Removed. They were signed out everywhere.");
    expect(await pending()).toBe(0);
    expect(rowsOf(await db.execute(sql`select 1 from alert_channel where user_id = ${manager.id}`))).toHaveLength(0);

    // One pass notes, decides and sends: a lead at Harbour would reach the hook in it.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await claim("Cy", places.window);
    await worker.runOnce();
    expect(alertsAt(managerHook)).toHaveLength(1);
  });

  it("stop for a member moved to staff, and follow a member moved between locations", async () => {
    const { ids, places, addMember, claim } = await setUp();
    const manager = await addMember("manager", [ids.harbour]);
    const managerHook = await proveSlack(manager);
    const { db } = await getServices();
    await db
      .update(schema.businessMemberLocation)
      .set({ locationId: ids.oldTown })
      .where(eq(schema.businessMemberLocation.memberId, manager.memberId));
    const worker = await alertWorker();
    await claim("Ana", places.window);
    await claim("Rui", places.terrace);
    await worker.runOnce();
    await passesUntil(worker, () => alertsAt(managerHook).length >= 1);
    expect(alertsAt(managerHook).map((text) => /^New lead: (\w+)/.exec(text)?.[1])).toEqual(["Rui"]);

    // A queued message goes nowhere once they are staff, and no new lead is noted for them.
    await db.execute(
      sql`insert into alert_delivery (channel_id, kind, text) select id, 'lead', 'queued' from alert_channel where member_id = ${manager.memberId}`,
    );
    await db.update(schema.businessMember).set({ role: "staff" }).where(eq(schema.businessMember.id, manager.memberId));
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await claim("Tom", places.terrace);
    await worker.runOnce();
    expect(alertsAt(managerHook)).toHaveLength(1);
    const [queued] = rowsOf<{ status: string; outcome: string }>(
      await db.execute(sql`select status, outcome from alert_delivery where text = 'queued'`),
    );
    expect(queued).toEqual({ status: "failed", outcome: "Not sent: the channel is off" });
  });

  it("sends staff from the screen to the counter, and creates nothing", async () => {
    const { ids, addMember } = await setUp();
    const staff = await addMember("staff", [ids.harbour]);
    const route = await import("~/routes/settings.notifications");
    const page = await callRoute(route.loader, makeRequest("/settings/notifications", { cookie: staff.cookie }));
    expect(page.status).toBe(302);
    expect(page.response!.headers.get("location")).toBe("/redeem");
    const posted = await postNotifications(staff, { intent: "slack-code", url: slack.add() });
    expect(posted.status).toBe(302);
    const { db } = await getServices();
    expect(rowsOf(await db.execute(sql`select 1 from alert_channel where user_id = ${staff.id}`))).toHaveLength(0);
  });
});
