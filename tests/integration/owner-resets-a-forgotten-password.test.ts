import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { ownerT } from "~/features/languages/owner/owner-language";
import { getSessionUser } from "~/features/auth/session.server";
import { createApiKey } from "~/features/integrations/api-keys.server";
import * as forgot from "~/routes/forgot-password";
import * as reset from "~/routes/reset-password";
import * as signin from "~/routes/signin";
import { getServices } from "~/utils/services.server";
import { createUser } from "../support/factories";
import { DEFAULT_PASSWORD, uniqueEmail } from "../support/row-factories";
import { callRoute, expectRedirect, makeRequest } from "../support/http";
import { linkFromOutbox, outboxFor } from "../support/accounts-support";

let clients = 0;
const client = () => ({ "x-leadqr-client-ip": `192.0.2.${++clients}` });
const askForLink = (email: string, headers = client()) => callRoute(forgot.action, makeRequest("/forgot-password", { form: { email }, headers }));
const setPassword = (token: string, password: string, confirmPassword = password, headers = client()) =>
  callRoute(reset.action, makeRequest(`/reset-password?token=${token}`, { form: { token, password, confirmPassword }, headers }));
const signIn = (email: string, password: string, headers = client()) =>
  callRoute(signin.action, makeRequest("/signin", { form: { email, password }, headers }));

describe("forgot password", () => {
  it("answers the same for a known and an unknown address, and mails only the account", async () => {
    const { email } = await createUser();
    const stranger = uniqueEmail("nobody");
    const known = await askForLink(email);
    const unknown = await askForLink(stranger);
    expect(known.status).toBe(200);
    expect(known.data).toEqual({ sent: true, email });
    expect(unknown.data).toEqual({ sent: true, email: stranger });
    expect((await outboxFor(email)).map((row) => row.kind)).toContain("reset_password");
    expect(await outboxFor(stranger)).toHaveLength(0);
  });

  it("refuses a malformed address with a message", async () => {
    const result = await askForLink("not-an-email");
    expect(result.status).toBe(400);
    expect(result.data.error).toBe("Please enter a valid email address");
  });

  it("limits requests per client with the rate-limit refusal", async () => {
    const headers = { "x-leadqr-client-ip": "198.18.0.1" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await askForLink(uniqueEmail("probe"), headers)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it("mails one address at most 3 times an hour, with the same answer every time", async () => {
    const { email } = await createUser();
    for (let i = 0; i < 5; i++) expect((await askForLink(email)).data).toEqual({ sent: true, email });
    expect((await outboxFor(email)).filter((row) => row.kind === "reset_password")).toHaveLength(3);
  });
});

describe("reset password", () => {
  it("sets a new password once, ends every other session and mails the notice", async () => {
    const { email, cookie } = await createUser();
    await askForLink(email);
    const link = await linkFromOutbox("reset_password", email);
    expect(link.pathname).toBe("/reset-password");
    const token = link.searchParams.get("token")!;
    expect((await callRoute(reset.loader, makeRequest(link.pathname + link.search))).data.usable).toBe(true);

    const weak = await setPassword(token, "password123");
    expect(weak.status).toBe(422);
    expect(weak.data.fieldErrors.password).toContain("Password is too common");
    const mismatch = await setPassword(token, "a-fresh-secret-1", "a-fresh-secret-2");
    expect(mismatch.data.fieldErrors.confirmPassword).toBe("New passwords do not match");

    const done = await setPassword(token, "a-fresh-secret-1");
    expect(done.data).toEqual({ done: true, activeApiKeys: 0 });
    expect(await getSessionUser(makeRequest("/dashboard", { cookie }))).toBeNull();
    expect((await outboxFor(email)).map((row) => row.kind)).toContain("password_changed");
    expect((await signIn(email, DEFAULT_PASSWORD)).status).toBe(401);
    expectRedirect(await signIn(email, "a-fresh-secret-1"), "/dashboard");

    // Used: the same link now shows the way to ask for a new one.
    expect((await callRoute(reset.loader, makeRequest(link.pathname + link.search))).data.usable).toBe(false);
    expect((await setPassword(token, "another-secret-2")).data).toEqual({ invalid: true });
  });

  it("says API keys outlive the reset, and how many (issue 25 finding 8)", async () => {
    const { db } = await getServices();
    const { email, id } = await createUser({ isPro: true });
    await createApiKey(db, { userId: id, name: "Zapier" });
    await createApiKey(db, { userId: id, name: "CRM" });
    await askForLink(email);
    const token = (await linkFromOutbox("reset_password", email)).searchParams.get("token")!;
    expect((await setPassword(token, "a-fresh-secret-9")).data).toEqual({ done: true, activeApiKeys: 2 });
    // The page's warning (reset-password.tsx), in English as a page signed out reads it.
    const warning = ownerT("auth")("reset.apiKeys", { count: 2 });
    expect(warning).toContain("2 API keys made before the reset still work");
    expect(warning).toContain("Revoke all keys");
  });

  it("refuses forged and expired links", async () => {
    expect((await callRoute(reset.loader, makeRequest("/reset-password?token=forged-token-123"))).data.usable).toBe(false);
    expect((await callRoute(reset.loader, makeRequest("/reset-password"))).data.usable).toBe(false);
    expect((await setPassword("forged-token-123", "a-fresh-secret-1")).data).toEqual({ invalid: true });

    const { email } = await createUser();
    await askForLink(email);
    const token = (await linkFromOutbox("reset_password", email)).searchParams.get("token")!;
    const { db } = await getServices();
    await db
      .update(schema.verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.verification.identifier, `reset-password:${token}`));
    expect((await callRoute(reset.loader, makeRequest(`/reset-password?token=${token}`))).data.usable).toBe(false);
    expect((await setPassword(token, "a-fresh-secret-1")).data).toEqual({ invalid: true });
  });

  it("links expire after one hour", async () => {
    const { email, id } = await createUser();
    await askForLink(email);
    const { db } = await getServices();
    const [row] = await db.select().from(schema.verification).where(eq(schema.verification.value, id));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it("works for an owner whom a stranger's failed sign-ins have rate-limited on the same network", async () => {
    const { email } = await createUser();
    const shared = { "x-leadqr-client-ip": "198.18.1.1" };
    for (let i = 0; i < 10; i++) await signIn(email, "guessing-wrong", shared);
    expect((await signIn(email, DEFAULT_PASSWORD, shared)).status).toBe(429);
    await askForLink(email, shared);
    const token = (await linkFromOutbox("reset_password", email)).searchParams.get("token")!;
    expect((await setPassword(token, "a-fresh-secret-1", "a-fresh-secret-1", shared)).data).toEqual({ done: true, activeApiKeys: 0 });
    expectRedirect(await signIn(email, "a-fresh-secret-1", shared), "/dashboard");
  });
});
