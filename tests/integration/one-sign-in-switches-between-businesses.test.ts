// One sign-in in several businesses (docs/features/team.md, "Several businesses, one sign-in"): a
// sign-in that runs its own business joins another from the emailed link and keeps its own; the
// header lists both; switching changes what the dashboard and campaign loaders return; a choice
// the sign-in does not hold (forged, or a membership since removed) is never acted on.
import { and, desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { DEFAULT_PASSWORD } from "../support/row-factories";

type Account = Awaited<ReturnType<typeof createUser>>;
let owner: Account;
let mia: Account;
let harbour: string;
let client = 0;

const AZUL_OFFER = "Azul Harbour Coffee";
const MIA_OFFER = "Mia's Own Bakery Offer";

const load = (file: string) => import(`~/routes/${file}.tsx`) as Promise<{ loader: never; action: never }>;

async function campaignTitles(cookie: string) {
  const { loader } = await import("~/routes/campaigns");
  const page = await callRoute(loader, makeRequest("/campaigns", { cookie }));
  expect(page.status).toBe(200);
  return (page.data.campaigns as Array<{ title: string }>).map((row) => row.title).sort();
}

async function dashboardTitles(cookie: string) {
  const { loader } = await import("~/routes/dashboard");
  const page = await callRoute(loader, makeRequest("/dashboard", { cookie }));
  expect(page.status).toBe(200);
  return (page.data.recentCampaigns as Array<{ title: string }>).map((row) => row.title).sort();
}

async function header(cookie: string) {
  const { loader } = await import("~/routes/site-layout");
  return (await callRoute(loader, makeRequest("/dashboard", { cookie }))).data.user.businesses as
    Array<{ id: string; name: string | null; current: boolean }> | undefined;
}

async function headerPlan(cookie: string) {
  const { loader } = await import("~/routes/site-layout");
  return (await callRoute(loader, makeRequest("/dashboard", { cookie }))).data.user.planName as string;
}

async function switchTo(businessId: string, cookie: string) {
  const { action } = await import("~/routes/business-switch");
  return callRoute(action, makeRequest("/business/switch", { cookie, form: { businessId } }));
}

async function invite(email: string, role: string, locationIds: string[] = [harbour]) {
  const { action } = await load("settings.team");
  const sent = await callRoute(action, makeRequest("/settings/team", { cookie: owner.cookie, form: { intent: "invite", email, role, locationIds } }));
  expect(sent.status).toBe(200);
  const { db } = await getServices();
  const [row] = await db
    .select({ text: schema.emailOutbox.text })
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.kind, "team_invite"), eq(schema.emailOutbox.to, email)))
    .orderBy(desc(schema.emailOutbox.createdAt))
    .limit(1);
  return /\/team\/join\/([A-Za-z0-9_-]+)/.exec(row!.text)![1]!;
}

async function join(token: string, form: Record<string, string>, cookie?: string) {
  const { action } = await load("team-join");
  client++;
  return callRoute(
    action,
    makeRequest(`/team/join/${token}`, { cookie, form, headers: { "x-leadqr-client-ip": `2001:db8:5600:${client.toString(16)}::1` } }),
    { token },
  );
}

beforeEach(async () => {
  const { db } = await getServices();
  owner = await createUser({ isPro: true });
  await db.insert(schema.businessProfile).values({ userId: owner.id, name: "Café Azul" });
  [{ id: harbour }] = (await db.insert(schema.location).values({ userId: owner.id, name: "Harbour" }).returning({ id: schema.location.id })) as [
    { id: string },
  ];
  const azul = await createCampaignRow(owner.id, { title: AZUL_OFFER });
  await db.insert(schema.placement).values({ campaignId: azul.id, name: "Quay Sign", locationId: harbour });
  mia = await createUser();
  await createCampaignRow(mia.id, { title: MIA_OFFER });
});

describe("a sign-in with its own business joins another", () => {
  it("keeps its own campaigns, acts for the business it joined, and switches back and forth", async () => {
    const joined = await join(await invite(mia.email, "manager"), { intent: "join" }, mia.cookie);
    expect({ status: joined.status, location: joined.response?.headers.get("location") }).toEqual({ status: 302, location: "/dashboard" });
    const { db } = await getServices();
    const [member] = await db
      .select({ role: schema.businessMember.role })
      .from(schema.businessMember)
      .where(eq(schema.businessMember.userId, mia.id));
    expect(member).toEqual({ role: "manager" });

    // The session that joined acts for Café Azul.
    expect(await campaignTitles(mia.cookie)).toEqual([AZUL_OFFER]);
    expect(await dashboardTitles(mia.cookie)).toEqual([AZUL_OFFER]);
    expect(await header(mia.cookie)).toEqual([
      { id: mia.id, name: null, current: false },
      { id: owner.id, name: "Café Azul", current: true },
    ]);
    // The header's plan is Café Azul's (Pro), not her own sign-in's (Free).
    expect(await headerPlan(mia.cookie)).toBe("Pro");

    // "Your business": her own campaigns, as owner (Settings is hers again).
    const own = await switchTo(mia.id, mia.cookie);
    expect({ status: own.status, location: own.response?.headers.get("location") }).toEqual({ status: 302, location: "/dashboard" });
    expect(await campaignTitles(mia.cookie)).toEqual([MIA_OFFER]);
    expect(await dashboardTitles(mia.cookie)).toEqual([MIA_OFFER]);
    expect((await callRoute((await load("settings")).loader, makeRequest("/settings", { cookie: mia.cookie }))).status).toBe(200);
    expect((await header(mia.cookie))?.map((entry) => entry.current)).toEqual([true, false]);
    expect(await headerPlan(mia.cookie)).toBe("Free");

    // And back: the business's screens are again those of a manager.
    await switchTo(owner.id, mia.cookie);
    expect(await campaignTitles(mia.cookie)).toEqual([AZUL_OFFER]);
    expect((await callRoute((await load("settings")).loader, makeRequest("/settings", { cookie: mia.cookie }))).status).toBe(403);
  });

  it("joins with its password from the link too, and that new session acts for the business joined", async () => {
    const joined = await join(await invite(mia.email, "viewer"), { intent: "signin", password: DEFAULT_PASSWORD });
    expect(joined.status).toBe(302);
    expect(await campaignTitles(joined.cookies)).toEqual([AZUL_OFFER]);
    // Her older session, which chose nothing, stays on her own business (she has campaigns).
    expect(await campaignTitles(mia.cookie)).toEqual([MIA_OFFER]);
  });

  it("one switch changes one session: another device keeps its own choice", async () => {
    await join(await invite(mia.email, "manager"), { intent: "join" }, mia.cookie);
    const { signIn } = await import("~/features/auth/auth-actions.server");
    const other = await signIn({ email: mia.email, password: DEFAULT_PASSWORD, headers: new Headers(), clientAddress: "2001:db8:5601::1" });
    expect(other.ok).toBe(true);
    const otherCookie = (other as { setCookies: string[] }).setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
    expect(await campaignTitles(otherCookie)).toEqual([MIA_OFFER]);
    expect(await campaignTitles(mia.cookie)).toEqual([AZUL_OFFER]);
  });
});

describe("a choice the sign-in does not hold is ignored", () => {
  it("refuses a forged switch to a business it is no member of, and stores nothing", async () => {
    await join(await invite(mia.email, "manager"), { intent: "join" }, mia.cookie);
    const stranger = await createUser({ isPro: true });
    await createCampaignRow(stranger.id, { title: "Stranger's Secret Offer" });
    const forged = await switchTo(stranger.id, mia.cookie);
    expect(forged.status).toBe(404);
    expect(await campaignTitles(mia.cookie)).toEqual([AZUL_OFFER]);
    const { db } = await getServices();
    const sessions = await db.select({ acting: schema.session.actingBusinessId }).from(schema.session).where(eq(schema.session.userId, mia.id));
    expect(sessions.map((row) => row.acting)).not.toContain(stranger.id);
  });

  it("a stored choice of a business it no longer belongs to falls back, never acting for it", async () => {
    await join(await invite(mia.email, "manager"), { intent: "join" }, mia.cookie);
    expect(await campaignTitles(mia.cookie)).toEqual([AZUL_OFFER]);
    const { db } = await getServices();
    // The membership goes while this session survives (removal also ends sessions; this checks the guard alone).
    await db.delete(schema.businessMember).where(eq(schema.businessMember.userId, mia.id));
    const [session] = await db.select({ acting: schema.session.actingBusinessId }).from(schema.session).where(eq(schema.session.userId, mia.id));
    expect(session!.acting).toBe(owner.id);
    expect(await campaignTitles(mia.cookie)).toEqual([MIA_OFFER]);
    expect(await dashboardTitles(mia.cookie)).toEqual([MIA_OFFER]);
    expect(await header(mia.cookie)).toBeUndefined();
    const team = await callRoute((await load("settings.team")).loader, makeRequest("/settings/team", { cookie: mia.cookie }));
    expect(JSON.stringify(team.data)).not.toContain("Café Azul");

    // A choice written straight into the session for a stranger's business is not acted on either.
    const stranger = await createUser();
    await createCampaignRow(stranger.id, { title: "Stranger's Secret Offer" });
    await db.update(schema.session).set({ actingBusinessId: stranger.id }).where(eq(schema.session.userId, mia.id));
    expect(await campaignTitles(mia.cookie)).toEqual([MIA_OFFER]);
  });
});

describe("a member of two businesses without one of their own", () => {
  it("acts for the one joined last until they switch; the role follows the business", async () => {
    const sam = await createUser();
    const bistro = await createUser({ isPro: true });
    const { db } = await getServices();
    await db.insert(schema.businessProfile).values({ userId: bistro.id, name: "Bistro Verde" });
    await createCampaignRow(bistro.id, { title: "Verde Lunch" });
    await join(await invite(sam.email, "staff"), { intent: "join" }, sam.cookie);
    await db.insert(schema.businessMember).values({ businessId: bistro.id, userId: sam.id, role: "viewer", invitedBy: bistro.id });

    // A new session starts at the newest membership: Bistro Verde, as a viewer with no location (nothing to see).
    const { signIn } = await import("~/features/auth/auth-actions.server");
    const fresh = await signIn({ email: sam.email, password: DEFAULT_PASSWORD, headers: new Headers(), clientAddress: "2001:db8:5602::1" });
    const cookie = (fresh as { setCookies: string[] }).setCookies.map((value) => value.split(";")[0]).join("; ");
    expect(await header(cookie)).toEqual([
      { id: bistro.id, name: "Bistro Verde", current: true },
      { id: owner.id, name: "Café Azul", current: false },
    ]);
    expect(await campaignTitles(cookie)).toEqual([]);

    // Café Azul: staff, so the dashboard sends them to the counter.
    await switchTo(owner.id, cookie);
    const dashboard = await callRoute((await load("dashboard")).loader, makeRequest("/dashboard", { cookie }));
    expect(dashboard.response?.headers.get("location")).toBe("/redeem");
    expect((await header(cookie))?.find((entry) => entry.current)?.name).toBe("Café Azul");
  });
});
