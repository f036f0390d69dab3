import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import * as signin from "~/routes/signin";
import * as signup from "~/routes/signup";
import * as signout from "~/routes/signout";
import * as siteLayout from "~/routes/site-layout";
import { getServices } from "~/utils/services.server";
import { RATE_LIMITED_MESSAGE } from "~/utils/rate-limit.server";
import { createUser, markVerified } from "../support/factories";
import { DEFAULT_PASSWORD, uniqueEmail } from "../support/row-factories";
import { callRoute, expectRedirect, makeRequest, type RouteAnswer } from "../support/http";

describe("sign-up", () => {
  it("creates an account, a session cookie and one email: the verification, with the welcome in it", async () => {
    const email = uniqueEmail();
    const response = await callRoute(signup.action, makeRequest("/signup", { form: { email, password: DEFAULT_PASSWORD } }));
    expectRedirect(response, "/dashboard");
    const cookie = response.headers.getSetCookie().join(";");
    expect(cookie).toMatch(/HttpOnly/i);
    const { db } = await getServices();
    const [user] = await db.select().from(schema.user).where(eq(schema.user.email, email));
    expect(user).toMatchObject({ role: "user", isPro: false });
    const outbox = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, email));
    expect(outbox.map((row) => row.kind)).toEqual(["verify_email"]);
    expect(outbox[0]!.text).toContain("Welcome to LeadQR");
    expect(outbox[0]!.text).toMatch(/\/verify-email\?token=/);
  });

  it("ignores role and is_pro sent in the body", async () => {
    const email = uniqueEmail();
    await callRoute(
      signup.action,
      makeRequest("/signup", { form: { email, password: DEFAULT_PASSWORD, role: "admin", isPro: "true", is_pro: "true" } }),
    );
    const { db } = await getServices();
    const [user] = await db.select().from(schema.user).where(eq(schema.user.email, email));
    expect(user).toMatchObject({ role: "user", isPro: false });
  });

  it("refuses short and common passwords with reasons", async () => {
    const short = await callRoute(signup.action, makeRequest("/signup", { form: { email: uniqueEmail(), password: "abc" } }));
    expect(short.status).toBe(422);
    expect(short.data.reasons).toContain("Password must be at least 6 characters");
    const common = await callRoute(signup.action, makeRequest("/signup", { form: { email: uniqueEmail(), password: "password123" } }));
    expect(common.data.reasons).toContain("Password is too common");
  });

  it("asks for email and password when either is missing", async () => {
    const result = await callRoute(signup.action, makeRequest("/signup", { form: { email: "" } }));
    expect(result.status).toBe(400);
    expect(result.data.error).toBe("You must provide either an email or phone number and a password");
  });

  it("makes accounts listed in ADMIN_EMAILS admins once the address is verified", async () => {
    const { id } = await createUser({ email: "admin@example.com", verified: false });
    const { db } = await getServices();
    const roleOf = async () => (await db.select({ role: schema.user.role }).from(schema.user).where(eq(schema.user.id, id)))[0]?.role;
    expect(await roleOf()).toBe("user");
    await markVerified(id);
    expect(await roleOf()).toBe("admin");
  });
});

describe("sign-in", () => {
  it("signs in with the right password and shows the user in the header", async () => {
    const { email } = await createUser();
    const response = await callRoute(signin.action, makeRequest("/signin", { form: { email, password: DEFAULT_PASSWORD } }));
    expectRedirect(response, "/dashboard");
    const header = (await callRoute(siteLayout.loader, makeRequest("/dashboard", { cookie: response.cookies }))).data;
    expect(header.user).toEqual({ email, planName: "Free", isAdmin: false, counterOnly: false });
  });

  it("answers a wrong password and an unknown email the same way", async () => {
    const { email } = await createUser();
    const wrong = await callRoute(signin.action, makeRequest("/signin", { form: { email, password: "not-the-password" } }));
    const unknown = await callRoute(signin.action, makeRequest("/signin", { form: { email: uniqueEmail(), password: "not-the-password" } }));
    expect(wrong.status).toBe(401);
    expect(wrong.data.error).toBe("Invalid email or password");
    expect(unknown.data.error).toBe(wrong.data.error);
  });

  it("limits attempts per account from one client, without locking the owner out elsewhere", async () => {
    const { email } = await createUser();
    const statuses: number[] = [];
    let refused: RouteAnswer | undefined;
    for (let attempt = 0; attempt < 12; attempt++) {
      const result = await callRoute(
        signin.action,
        makeRequest("/signin", { form: { email, password: "wrong-password" }, headers: { "x-leadqr-client-ip": "10.0.9.1" } }),
      );
      statuses.push(result.status);
      refused = result;
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    // The refusal says when to try again, as every other rate-limited form does.
    expect(Number(refused!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused!.data).toMatchObject({ email: email.toLowerCase() });
    expect(refused!.data.error).toBe(RATE_LIMITED_MESSAGE);
    const owner = await callRoute(
      signin.action,
      makeRequest("/signin", { form: { email, password: DEFAULT_PASSWORD }, headers: { "x-leadqr-client-ip": "10.0.9.2" } }),
    );
    expectRedirect(owner, "/dashboard");
  });

  it("limits attempts per client address across accounts", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 32; attempt++) {
      const result = await callRoute(
        signin.action,
        makeRequest("/signin", { form: { email: uniqueEmail(), password: "wrong-password" }, headers: { "x-leadqr-client-ip": "203.0.113.9" } }),
      );
      statuses.push(result.status);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
  });
});

describe("sign-out", () => {
  it("ends the session and returns to /", async () => {
    const { cookie } = await createUser();
    const response = await callRoute(signout.action, makeRequest("/signout", { method: "POST", cookie }));
    expectRedirect(response, "/");
    const header = (await callRoute(siteLayout.loader, makeRequest("/", { cookie }))).data;
    expect(header.user).toBeNull();
  });
});

describe("ADMIN_EMAILS added after sign-up", () => {
  it("makes the account admin at its next sign-in", async () => {
    const { email, id } = await createUser({ email: "later-admin@example.com" });
    const { db, env } = await getServices();
    expect((await db.select({ role: schema.user.role }).from(schema.user).where(eq(schema.user.id, id)))[0]?.role).toBe("user");
    env.adminEmails.push("later-admin@example.com");
    try {
      const response = await callRoute(signin.action, makeRequest("/signin", { form: { email, password: DEFAULT_PASSWORD } }));
      expectRedirect(response, "/dashboard");
      const header = (await callRoute(siteLayout.loader, makeRequest("/dashboard", { cookie: response.cookies }))).data;
      expect(header.user.isAdmin).toBe(true);
    } finally {
      env.adminEmails.pop();
    }
  });
});
