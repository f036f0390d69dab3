// Signing in without typing a password (issue 55 item 3; docs/features/accounts-and-billing.md,
// "Emailed sign-in links" and "Passkeys"): the emailed link goes out through the real email worker
// and SMTP, answers the same for any address, works once and for 15 minutes, and lands a staff
// member on the counter; passkeys are listed and removed by their owner only, and their ceremony
// routes refuse what they must without a 500. The full passkey ceremony runs in Chromium's
// virtual authenticator (tests/e2e/staff-member-signs-in-with-a-passkey-at-the-till.test.ts).
import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { PASSKEY_NEEDS_FRESH_SIGN_IN, PASSKEY_NOT_RECOGNISED, PASSKEY_REMOVED } from "~/features/auth/passkeys.server";
import { getSessionUser } from "~/features/auth/session.server";
import { SIGN_IN_LINK_REQUESTED } from "~/features/auth/sign-in-link";
import * as dashboard from "~/routes/dashboard";
import * as signin from "~/routes/signin";
import * as signinPasskey from "~/routes/signin.passkey";
import * as emailLink from "~/routes/signin.email-link";
import * as signInLink from "~/routes/signin.link";
import * as signInSettings from "~/routes/settings.sign-in";
import * as addPasskeyRoute from "~/routes/settings.sign-in.passkey";
import { getServices } from "~/utils/services.server";
import { createUser } from "../support/factories";
import { callRoute, expectRedirect, makeRequest } from "../support/http";
import { DEFAULT_PASSWORD, insertPasskey as insertPasskeyRow, uniqueEmail } from "../support/row-factories";
import { useMailbox } from "../support/smtp-support";

const mailbox = useMailbox();

let clients = 0;
const client = () => ({ "x-leadqr-client-ip": `192.0.2.${++clients}` });
const askForLink = (email: string, headers = client()) =>
  callRoute(emailLink.action, makeRequest("/signin/email-link", { form: { email }, headers }));
const openLink = (link: URL) => callRoute(signInLink.loader, makeRequest(link.pathname + link.search, { headers: client() }));
const useLink = (token: string) => callRoute(signInLink.action, makeRequest("/signin/link", { form: { token }, headers: client() }));

/** The sign-in link mails delivered to `email` over SMTP (the sign-up's own confirmation left out). */
async function signInMails(email: string) {
  return (await mailbox.deliveredTo(email)).filter((mail) => mail.subject !== "Confirm your email address");
}

/** The sign-in link in the newest mail delivered to `email`. */
async function deliveredLink(email: string) {
  const mail = (await signInMails(email)).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  expect(mail.subject).toBe("Your LeadQR sign-in link");
  expect(mail.text).toContain("the link works once and is valid for 15 minutes");
  const link = /https?:\/\/\S+?\/signin\/link\?token=[^\s]+/.exec(mail.text)?.[0];
  if (!link) throw new Error("no link in the mail");
  return new URL(link);
}

async function addStaffMember(businessId: string, person: { id: string }, role: "staff" | "manager" | "viewer" = "staff") {
  const { db } = await getServices();
  await db.insert(schema.businessMember).values({ businessId, userId: person.id, role, invitedBy: businessId });
}

describe("an emailed sign-in link", () => {
  it("answers the same for a known and an unknown address, and mails only the account", async () => {
    const { email } = await createUser();
    const stranger = uniqueEmail("nobody");
    const known = await askForLink(email);
    const unknown = await askForLink(stranger);
    expect(known.status).toBe(200);
    expect(known.data).toEqual({ sent: true, email });
    expect(unknown.status).toBe(200);
    expect(unknown.data).toEqual({ sent: true, email: stranger });
    expect(SIGN_IN_LINK_REQUESTED).toBe("If an account exists for that address, we've sent a sign-in link.");
    expect((await signInMails(email)).map((mail) => mail.subject)).toEqual(["Your LeadQR sign-in link"]);
    expect(await mailbox.deliveredTo(stranger)).toHaveLength(0);
    // Nor does asking create an account for the stranger.
    const { db } = await getServices();
    expect(await db.select().from(schema.user).where(eq(schema.user.email, stranger))).toHaveLength(0);
  });

  it("refuses a malformed address with a message", async () => {
    const result = await askForLink("not-an-email");
    expect(result.status).toBe(400);
    expect(result.data.error).toBe("Please enter a valid email address");
  });

  it("signs in once: the page names the address, the button signs in, the second use is refused", async () => {
    const { id, email } = await createUser();
    await askForLink(email);
    const link = await deliveredLink(email);
    expect(link.pathname).toBe("/signin/link");
    const token = link.searchParams.get("token")!;

    // Opening it (as a mail scanner would) uses nothing.
    expect((await openLink(link)).data).toEqual({ token, email });
    expect((await openLink(link)).data).toEqual({ token, email });

    const signedIn = await useLink(token);
    expectRedirect(signedIn, "/dashboard");
    expect((await getSessionUser(makeRequest("/dashboard", { cookie: signedIn.cookies })))?.id).toBe(id);

    const again = await useLink(token);
    expect(again.status).toBe(400);
    expect(again.data).toEqual({ invalid: true });
    expect(again.cookies).toBe("");
    expect((await openLink(link)).data.email).toBeNull();
  });

  it("stops working after 15 minutes", async () => {
    const { email } = await createUser();
    await askForLink(email);
    const token = (await deliveredLink(email)).searchParams.get("token")!;
    const { db } = await getServices();
    const rows = await db.select().from(schema.verification).where(like(schema.verification.identifier, "magic-link:%"));
    const mine = rows.find((candidate) => candidate.value.includes(email))!;
    // Stored hashed: the table never holds the token the mail carries.
    expect(mine.identifier).not.toContain(token);
    const minutes = (mine.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);

    await db
      .update(schema.verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.verification.id, mine.id));
    expect((await openLink(new URL(`http://localhost/signin/link?token=${token}`))).data.email).toBeNull();
    const late = await useLink(token);
    expect(late.status).toBe(400);
    expect(late.data).toEqual({ invalid: true });
  });

  it("proves an unverified address: it becomes verified, and the password set before the proof no longer signs in", async () => {
    const { id, email } = await createUser({ verified: false });
    await askForLink(email);
    const signedIn = await useLink((await deliveredLink(email)).searchParams.get("token")!);
    expectRedirect(signedIn, "/dashboard");
    const { db } = await getServices();
    const [row] = await db.select({ verified: schema.user.emailVerified }).from(schema.user).where(eq(schema.user.id, id));
    expect(row!.verified).toBe(true);
    const password = await callRoute(signin.action, makeRequest("/signin", { form: { email, password: DEFAULT_PASSWORD }, headers: client() }));
    expect(password.status).toBe(401);
  });

  it("refuses a forged token without a session", async () => {
    const forged = await useLink("forged-token-123");
    expect(forged.status).toBe(400);
    expect(forged.data).toEqual({ invalid: true });
    expect(forged.cookies).toBe("");
  });

  it("lands a staff member on the counter, as a password does", async () => {
    const owner = await createUser({ isPro: true });
    const sam = await createUser();
    await addStaffMember(owner.id, sam);
    await askForLink(sam.email);
    const token = (await deliveredLink(sam.email)).searchParams.get("token")!;
    const signedIn = await useLink(token);
    expectRedirect(signedIn, "/dashboard");
    expectRedirect(await callRoute(dashboard.loader, makeRequest("/dashboard", { cookie: signedIn.cookies })), "/redeem");
  });

  it("is limited like the password reset: 10 requests an hour per client, 3 mails an hour per address", async () => {
    const headers = { "x-leadqr-client-ip": "198.18.0.7" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await askForLink(uniqueEmail("probe"), headers)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);

    const { email } = await createUser();
    for (let i = 0; i < 5; i++) expect((await askForLink(email)).data).toEqual({ sent: true, email });
    expect(await signInMails(email)).toHaveLength(3);
  });
});

describe("passkeys", () => {
  async function insertPasskey(userId: string, name: string) {
    const { db } = await getServices();
    return insertPasskeyRow(db, { userId, name, createdAt: new Date("2026-11-20T10:00:00Z") });
  }

  it("are listed by name and date for their owner, and only their owner removes them", async () => {
    const ana = await createUser();
    const bob = await createUser();
    const till = await insertPasskey(ana.id, "Till tablet");
    const listed = await callRoute(signInSettings.loader, makeRequest("/settings/sign-in", { cookie: ana.cookie }));
    expect(listed.data.passkeys).toEqual([{ id: till.id, name: "Till tablet", createdAt: "2026-11-20T10:00:00.000Z" }]);
    expect(JSON.stringify(listed.data)).not.toContain(till.publicKey);
    expect((await callRoute(signInSettings.loader, makeRequest("/settings/sign-in", { cookie: bob.cookie }))).data.passkeys).toEqual([]);

    const byBob = await callRoute(
      signInSettings.action,
      makeRequest("/settings/sign-in", { cookie: bob.cookie, form: { intent: "remove", passkeyId: till.id } }),
    );
    expect(byBob.status).toBe(404);
    const { db } = await getServices();
    expect(await db.select().from(schema.passkey).where(eq(schema.passkey.id, till.id))).toHaveLength(1);

    const byAna = await callRoute(
      signInSettings.action,
      makeRequest("/settings/sign-in", { cookie: ana.cookie, form: { intent: "remove", passkeyId: till.id } }),
    );
    expect(byAna.data).toEqual({ message: PASSKEY_REMOVED });
    expect(await db.select().from(schema.passkey).where(eq(schema.passkey.id, till.id))).toHaveLength(0);
  });

  it("leads a manager or viewer back to their dashboard, and only the owner back to Settings (which only the owner may open)", async () => {
    const owner = await createUser({ isPro: true });
    const back = async (cookie: string) => (await callRoute(signInSettings.loader, makeRequest("/settings/sign-in", { cookie }))).data.back;
    expect(await back(owner.cookie)).toEqual({ to: "/settings", label: "Back to settings" });
    for (const role of ["manager", "viewer"] as const) {
      const member = await createUser();
      await addStaffMember(owner.id, member, role);
      expect(await back(member.cookie)).toEqual({ to: "/dashboard", label: "Back to the dashboard" });
    }
  });

  it("can be added by a staff member, whose account screen leads back to the counter", async () => {
    const owner = await createUser({ isPro: true });
    const sam = await createUser();
    await addStaffMember(owner.id, sam);
    const page = await callRoute(signInSettings.loader, makeRequest("/settings/sign-in", { cookie: sam.cookie }));
    expect(page.status).toBe(200);
    expect(page.data.back).toEqual({ to: "/redeem", label: "Back to the counter" });
    const options = await callRoute(
      addPasskeyRoute.action,
      makeRequest("/settings/sign-in/passkey", { cookie: sam.cookie, form: { intent: "options" } }),
    );
    expect(options.status).toBe(200);
    const body = (await options.response!.json()) as { options: { rp: { id: string; name: string }; user: { name: string } } };
    expect(body.options.rp).toEqual({ id: "localhost", name: "LeadQR" });
    expect(body.options.user.name).toBe(sam.email);
    // The challenge travels in a signed cookie to the answer.
    expect(options.headers.getSetCookie().some((cookie) => cookie.startsWith("leadqr.better-auth-passkey="))).toBe(true);
  });

  it("asks for a recent sign-in before one is added", async () => {
    const ana = await createUser();
    const { db } = await getServices();
    await db
      .update(schema.session)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(schema.session.userId, ana.id));
    const options = await callRoute(
      addPasskeyRoute.action,
      makeRequest("/settings/sign-in/passkey", { cookie: ana.cookie, form: { intent: "options" } }),
    );
    expect(options.status).toBe(403);
    expect(await options.response!.json()).toEqual({ error: PASSKEY_NEEDS_FRESH_SIGN_IN });
  });

  it("refuses a sign-in answer that is no passkey of ours, with one message and no session", async () => {
    const headers = client();
    const options = await callRoute(signinPasskey.action, makeRequest("/signin/passkey", { form: { intent: "options" }, headers }));
    expect(options.status).toBe(200);
    const challengeCookie = options.cookies;
    for (const response of ['{"id":"unknown-credential","rawId":"x","type":"public-key","response":{}}', "not json", "[]", '{"no":"id"}']) {
      const answer = await callRoute(
        signinPasskey.action,
        makeRequest("/signin/passkey", { form: { intent: "verify", response }, headers, cookie: challengeCookie }),
      );
      expect([400, 401]).toContain(answer.status);
      expect(await answer.response!.json()).toEqual({ error: PASSKEY_NOT_RECOGNISED });
      expect(answer.headers.getSetCookie().some((cookie) => cookie.startsWith("leadqr.session_token="))).toBe(false);
    }
  });
});
