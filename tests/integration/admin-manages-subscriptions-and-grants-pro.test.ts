import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getSessionUser } from "~/features/auth/session.server";
import * as adminSubscriptions from "~/routes/admin.subscriptions";
import * as adminUsers from "~/routes/admin.users";
import * as siteLayout from "~/routes/site-layout";
import { getServices } from "~/utils/services.server";
import { createUser } from "../support/factories";
import { uniqueEmail } from "../support/row-factories";
import { callRoute, makeRequest } from "../support/http";
import { insertSubscription } from "../support/admin-support";

let admin: { id: string; cookie: string };
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
});

const act = (form: Record<string, string>) =>
  callRoute(adminSubscriptions.action, makeRequest("/admin/subscriptions", { cookie: admin.cookie, form }));
const list = async (query: string) =>
  (await callRoute(adminSubscriptions.loader, makeRequest(`/admin/subscriptions?${query}`, { cookie: admin.cookie }))).data;

describe("/admin/subscriptions", () => {
  it("lists users with and without a subscription, searchable by email or customer id and filtered by status", async () => {
    const tag = `subs${Date.now()}`;
    const subscribed = await createUser({ email: uniqueEmail(`${tag}-paying`) });
    const free = await createUser({ email: uniqueEmail(`${tag}-free`) });
    await insertSubscription(subscribed.id, { status: "canceled", stripeCustomerId: `cus_${tag}` });

    const rows = (await list(`q=${tag}`)).rows;
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual(
      expect.objectContaining({ email: subscribed.email, status: "canceled", stripeCustomerId: `cus_${tag}`, plan: "Free" }),
    );
    expect(rows).toContainEqual(expect.objectContaining({ email: free.email, status: null, stripeCustomerId: null, grant: "free", plan: "Free" }));
    expect((await list(`q=cus_${tag}`)).rows.map((row: { email: string }) => row.email)).toEqual([subscribed.email]);
    expect((await list(`q=${tag}&status=canceled`)).rows.map((row: { email: string }) => row.email)).toEqual([subscribed.email]);
    expect((await list(`q=${tag}&status=none`)).rows.map((row: { email: string }) => row.email)).toEqual([free.email]);
    expect((await list(`q=${tag}&status=active`)).rows).toEqual([]);
  });

  it("changes a subscription's status, which changes the user's plan", async () => {
    const user = await createUser();
    await insertSubscription(user.id, { status: "inactive" });
    expect((await act({ intent: "setStatus", userId: user.id, status: "active" })).data.message).toBe("Subscription status set to active.");
    const { db } = await getServices();
    const [row] = await db.select({ status: schema.subscription.status }).from(schema.subscription).where(eq(schema.subscription.userId, user.id));
    expect(row?.status).toBe("active");
    expect((await getSessionUser(makeRequest("/dashboard", { cookie: user.cookie })))?.plan.isPro).toBe(true);
  });

  it("sets an account's plan with one choice of Free, Pro or Enterprise; Users, Subscriptions and the header show the same plan; each change is audited", async () => {
    const user = await createUser();
    const planName = async () => (await callRoute(siteLayout.loader, makeRequest("/dashboard", { cookie: user.cookie }))).data.user.planName;
    const listed = async () => (await list(`q=${encodeURIComponent(user.email)}`)).rows[0];
    const usersListed = async () =>
      (await callRoute(adminUsers.loader, makeRequest(`/admin/users?q=${encodeURIComponent(user.email)}`, { cookie: admin.cookie }))).data.users[0];
    expect(await planName()).toBe("Free");

    for (const [plan, name] of [
      ["pro", "Pro"],
      ["enterprise", "Enterprise"],
      ["free", "Free"],
    ] as const) {
      expect((await act({ intent: "setPlan", userId: user.id, plan })).data.message).toBe(`Plan set to ${name}.`);
      expect(await planName()).toBe(name);
      expect(await listed()).toMatchObject({ grant: plan, plan: name, status: null });
      expect(await usersListed()).toMatchObject({ email: user.email, plan: name });
    }
    // The same choice again changes nothing and records nothing.
    await act({ intent: "setPlan", userId: user.id, plan: "free" });

    const { db } = await getServices();
    const stored = await db
      .select({ isPro: schema.user.isPro, isEnterprise: schema.user.isEnterprise })
      .from(schema.user)
      .where(eq(schema.user.id, user.id));
    expect(stored).toEqual([{ isPro: false, isEnterprise: false }]);
    const audit = await db
      .select()
      .from(schema.adminAudit)
      .where(eq(schema.adminAudit.target, `user:${user.id}`))
      .orderBy(schema.adminAudit.id);
    expect(audit.map((row) => [row.action, row.detail])).toEqual([
      ["user.set_plan", { email: user.email, from: "free", to: "pro" }],
      ["user.set_plan", { email: user.email, from: "pro", to: "enterprise" }],
      ["user.set_plan", { email: user.email, from: "enterprise", to: "free" }],
    ]);
    expect(audit.every((row) => row.actorId === admin.id)).toBe(true);
  });

  it("a paying subscriber stays Pro on both lists whatever the grant", async () => {
    const user = await createUser();
    await insertSubscription(user.id, { status: "active" });
    await act({ intent: "setPlan", userId: user.id, plan: "free" });
    const subscriptions = (await list(`q=${encodeURIComponent(user.email)}`)).rows[0];
    const users = (await callRoute(adminUsers.loader, makeRequest(`/admin/users?q=${encodeURIComponent(user.email)}`, { cookie: admin.cookie }))).data
      .users[0];
    expect(subscriptions).toMatchObject({ grant: "free", status: "active" });
    expect(users.plan).toBe(subscriptions.plan);
    expect(users.plan).not.toBe("Free");
  });

  it("answers 400 for bad input and 404 for unknown users or missing subscriptions", async () => {
    const user = await createUser();
    for (const form of [
      { intent: "setStatus", userId: user.id, status: "trialing" },
      { intent: "setPlan", userId: user.id, plan: "platinum" },
      { intent: "setPlan", userId: user.id, plan: "Pro " },
      { intent: "setPro", userId: user.id, isPro: "true" },
      { intent: "nuke", userId: user.id },
      { intent: "setPlan", plan: "pro" },
    ] as Array<Record<string, string>>) {
      expect((await act(form)).status).toBe(400);
    }
    expect((await act({ intent: "setStatus", userId: user.id, status: "active" })).status).toBe(404);
    expect((await act({ intent: "setPlan", userId: "ghost", plan: "pro" })).status).toBe(404);
  });
});
