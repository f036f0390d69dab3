// Settings → Team (docs/features/team.md): an owner invites by email with a role and locations, the
// invitee joins from the emailed link (a new sign-in, or an existing one), the owner changes or
// removes them (their sessions end at once), the plan's seats are counted at the invitation, and
// the history says who did what.
import { and, desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { membershipOf } from "~/features/auth/session.server";
import { actingFor } from "~/features/team/member.server";
import { getServices } from "~/utils/services.server";
import { createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { DEFAULT_PASSWORD } from "../support/row-factories";

type Owner = Awaited<ReturnType<typeof createUser>>;
let owner: Owner;
let harbour: string;
let oldTown: string;
let client = 0;

const team = () => import("~/routes/settings.team");
const join = () => import("~/routes/team-join");

async function teamPost(form: Record<string, string | string[]>, cookie = owner.cookie) {
  const { action } = await team();
  return callRoute(action, makeRequest("/settings/team", { cookie, form }));
}

async function teamPage(cookie = owner.cookie) {
  const { loader } = await team();
  return callRoute(loader, makeRequest("/settings/team", { cookie }));
}

/** The token of the newest invitation emailed to `to`, read from the email's plain text. */
async function inviteToken(to: string) {
  const { db } = await getServices();
  const [row] = await db
    .select({ text: schema.emailOutbox.text, subject: schema.emailOutbox.subject })
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.kind, "team_invite"), eq(schema.emailOutbox.to, to)))
    .orderBy(desc(schema.emailOutbox.createdAt))
    .limit(1);
  const token = /\/team\/join\/([A-Za-z0-9_-]+)/.exec(row!.text)?.[1];
  return { token: token!, text: row!.text, subject: row!.subject };
}

async function openLink(token: string, cookie?: string) {
  const { loader } = await join();
  return callRoute(loader, makeRequest(`/team/join/${token}`, { cookie }), { token });
}

async function joinPost(token: string, form: Record<string, string>, cookie?: string) {
  const { action } = await join();
  client++;
  return callRoute(
    action,
    makeRequest(`/team/join/${token}`, { cookie, form, headers: { "x-leadqr-client-ip": `2001:db8:5500:${client.toString(16)}::1` } }),
    { token },
  );
}

async function membership(email: string) {
  const { db } = await getServices();
  const [row] = await db
    .select({ id: schema.businessMember.id, role: schema.businessMember.role, businessId: schema.businessMember.businessId, userId: schema.user.id })
    .from(schema.businessMember)
    .innerJoin(schema.user, eq(schema.user.id, schema.businessMember.userId))
    .where(eq(schema.user.email, email));
  return row ?? null;
}

beforeEach(async () => {
  owner = await createUser({ isPro: true });
  const { db } = await getServices();
  await db.insert(schema.businessProfile).values({ userId: owner.id, name: "Café Azul" });
  const places = await db
    .insert(schema.location)
    .values([
      { userId: owner.id, name: "Harbour" },
      { userId: owner.id, name: "Old Town" },
    ])
    .returning({ id: schema.location.id, name: schema.location.name });
  harbour = places.find((place) => place.name === "Harbour")!.id;
  oldTown = places.find((place) => place.name === "Old Town")!.id;
});

describe("inviting the team", () => {
  it("emails a 7-day link; a new sign-in joins with a password and lands at the counter, once", async () => {
    const sam = `sam-${Date.now()}@example.org`;
    const sent = await teamPost({ intent: "invite", email: ` ${sam.toUpperCase()} `, role: "staff", locationIds: [harbour] });
    expect(sent.data.message).toBe(`Invitation sent to ${sam}. The link works for 7 days.`);
    const { token, text, subject } = await inviteToken(sam);
    expect(subject).toBe("Join Café Azul on LeadQR");
    expect(text).toContain("Café Azul invites you to its team on LeadQR as Staff.");
    expect(text).toContain("The link works for 7 days.");
    const page = (await teamPage()).data;
    expect(page.invites).toMatchObject([{ email: sam, role: "staff", locations: ["Harbour"] }]);
    expect(page.audit.map((entry: { action: string; detail: string }) => [entry.action, entry.detail])).toEqual([["invited", "Staff at Harbour"]]);

    const opened = await openLink(token);
    expect(opened.data).toMatchObject({ invite: { business: "Café Azul", role: "staff", email: sam }, signedInAs: null, hasAccount: false });
    expect((await joinPost(token, { intent: "signup", password: "short" })).status).toBe(422);
    const joined = await joinPost(token, { intent: "signup", password: DEFAULT_PASSWORD });
    expect(joined.status).toBe(302);
    expect(joined.response!.headers.get("location")).toBe("/redeem");
    expect(joined.cookies).toMatch(/session_token/);

    const member = await membership(sam);
    expect(member).toMatchObject({ role: "staff", businessId: owner.id });
    const { db } = await getServices();
    const [user] = await db.select({ verified: schema.user.emailVerified }).from(schema.user).where(eq(schema.user.id, member!.userId));
    expect(user!.verified).toBe(true);
    const acting = await actingFor(db, {
      id: member!.userId,
      plan: { isPro: false, name: "Free" },
      membership: await membershipOf(db, { userId: member!.userId }),
    });
    expect(acting).toMatchObject({ businessId: owner.id, role: "staff", locationIds: [harbour] });

    // The owner's screens refuse the staff member; the link works once.
    expect(await teamPage(joined.cookies)).toMatchObject({ status: 302 });
    expect((await openLink(token)).status).toBe(410);
    expect((await joinPost(token, { intent: "signup", password: DEFAULT_PASSWORD })).status).toBe(410);
    const after = (await teamPage()).data;
    expect(after.invites).toEqual([]);
    expect(after.members).toMatchObject([{ email: sam, role: "staff", locations: ["Harbour"] }]);
    expect(after.audit[0]).toMatchObject({ action: "joined", subject: sam });
  });

  it("lets an existing sign-in join, signed in or with its password, and refuses another address", async () => {
    const mia = await createUser();
    await teamPost({ intent: "invite", email: mia.email, role: "manager", locationIds: [oldTown] });
    const { token } = await inviteToken(mia.email);
    const stranger = await createUser();
    expect((await openLink(token, stranger.cookie)).data).toMatchObject({ signedInAs: stranger.email });
    expect((await joinPost(token, { intent: "join" }, stranger.cookie)).status).toBe(410);
    expect(await membership(stranger.email)).toBeNull();

    expect((await openLink(token)).data.hasAccount).toBe(true);
    expect((await joinPost(token, { intent: "signin", password: "not-the-password-1" })).data.error).toBe(
      "That password is not right for this address.",
    );
    const joined = await joinPost(token, { intent: "join" }, mia.cookie);
    expect(joined.response!.headers.get("location")).toBe("/dashboard");
    expect(await membership(mia.email)).toMatchObject({ role: "manager", businessId: owner.id });
  });

  it("refuses a link that expired or was withdrawn", async () => {
    const { db } = await getServices();
    await teamPost({ intent: "invite", email: "late@example.org", role: "viewer" });
    const late = await inviteToken("late@example.org");
    await db
      .update(schema.teamInvite)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.teamInvite.email, "late@example.org"));
    expect((await openLink(late.token)).status).toBe(410);

    await teamPost({ intent: "invite", email: "gone@example.org", role: "viewer" });
    const gone = await inviteToken("gone@example.org");
    const [invite] = (await teamPage()).data.invites;
    expect((await teamPost({ intent: "withdraw", inviteId: invite.id })).data.message).toBe("Invitation withdrawn: its link no longer works.");
    expect((await openLink(gone.token)).data.invite).toBeNull();
    expect((await joinPost(gone.token, { intent: "signup", password: DEFAULT_PASSWORD })).status).toBe(410);
    expect(await membership("gone@example.org")).toBeNull();
  });

  it("refuses the owner's own address, a member and an open invitation again", async () => {
    expect((await teamPost({ intent: "invite", email: owner.email, role: "staff" })).data.error).toBe("That is your own address: you are the owner.");
    await teamPost({ intent: "invite", email: "twice@example.org", role: "staff" });
    const again = await teamPost({ intent: "invite", email: "twice@example.org", role: "viewer" });
    expect(again.status).toBe(400);
    expect(again.data.error).toBe("twice@example.org already has an invitation waiting. Withdraw it to send a new one.");
    expect((await teamPost({ intent: "invite", email: "not an address", role: "staff" })).data.fieldErrors.email).toBe(
      "Please enter a valid email address",
    );
  });
});

describe("changing and removing a member", () => {
  it("changes the role and locations, removes them and ends their sessions at once, and keeps the history", async () => {
    const sam = `sam-${Date.now()}@example.org`;
    await teamPost({ intent: "invite", email: sam, role: "staff", locationIds: [harbour] });
    const joined = await joinPost((await inviteToken(sam)).token, { intent: "signup", password: DEFAULT_PASSWORD });
    const member = (await membership(sam))!;

    // Another business cannot touch them.
    const other = await createUser({ isPro: true });
    expect((await teamPost({ intent: "update", memberId: member.id, role: "manager", locationIds: [] }, other.cookie)).status).toBe(404);
    await teamPost({ intent: "remove", memberId: member.id }, other.cookie);
    expect(await membership(sam)).toMatchObject({ role: "staff" });

    expect((await teamPost({ intent: "update", memberId: member.id, role: "viewer", locationIds: [oldTown, harbour] })).data.message).toBe("Saved.");
    expect((await teamPage()).data.members).toMatchObject([{ email: sam, role: "viewer", locations: ["Harbour", "Old Town"] }]);

    const { db } = await getServices();
    expect((await db.select().from(schema.session).where(eq(schema.session.userId, member.userId))).length).toBeGreaterThan(0);
    expect((await teamPost({ intent: "remove", memberId: member.id })).data.message).toBe("Removed. They were signed out everywhere.");
    expect(await membership(sam)).toBeNull();
    expect(await db.select().from(schema.session).where(eq(schema.session.userId, member.userId))).toEqual([]);
    const signedOut = await teamPage(joined.cookies);
    expect(signedOut.response!.headers.get("location")).toBe("/signin");

    const history = (await teamPage()).data.audit.map((entry: { action: string; actor: string; subject: string; detail: string }) => [
      entry.action,
      entry.actor,
      entry.subject,
      entry.detail,
    ]);
    expect(history).toEqual([
      ["removed", owner.email, sam, ""],
      ["changed", owner.email, sam, "Viewer at Harbour, Old Town"],
      ["joined", sam, sam, "Staff"],
      ["invited", owner.email, sam, "Staff at Harbour"],
    ]);
  });
});

describe("the plans' seats", () => {
  it("Free: the owner alone", async () => {
    const free = await createUser();
    const refused = await teamPost({ intent: "invite", email: "a@example.org", role: "staff" }, free.cookie);
    expect(refused.status).toBe(403);
    expect(refused.data.error).toBe("On the Free plan the owner works alone. Upgrade to Pro to invite your team.");
  });

  it("Pro: 3 managers and viewers together and 15 staff, invitations counted; Enterprise: no limit", async () => {
    for (const [index, role] of (["manager", "viewer", "manager"] as const).entries()) {
      expect((await teamPost({ intent: "invite", email: `m${index}@example.org`, role })).status).toBe(200);
    }
    const fourth = await teamPost({ intent: "invite", email: "m4@example.org", role: "viewer" });
    expect(fourth.status).toBe(403);
    expect(fourth.data.error).toBe(
      "Pro includes up to 3 managers and viewers together, and you have them all (invitations included). Remove someone, or move to Enterprise for no limit.",
    );
    for (let index = 0; index < 15; index++) {
      expect((await teamPost({ intent: "invite", email: `s${index}@example.org`, role: "staff" })).status, `staff ${index}`).toBe(200);
    }
    expect((await teamPost({ intent: "invite", email: "s16@example.org", role: "staff" })).data.error).toBe(
      "Pro includes up to 15 staff members, and you have them all (invitations included). Remove someone, or move to Enterprise for no limit.",
    );
    const { db } = await getServices();
    await db.update(schema.user).set({ isEnterprise: true }).where(eq(schema.user.id, owner.id));
    expect((await teamPost({ intent: "invite", email: "m4@example.org", role: "viewer" })).status).toBe(200);
    expect((await teamPost({ intent: "invite", email: "s16@example.org", role: "staff" })).status).toBe(200);
  });
});
