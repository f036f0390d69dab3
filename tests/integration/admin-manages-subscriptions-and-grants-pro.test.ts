import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getSessionUser } from "~/features/auth/session.server";
import * as adminSubscriptions from "~/routes/admin.subscriptions";
import * as siteLayout from "~/routes/site-layout";
import { getServices } from "~/utils/services.server";
import { createUser, uniqueEmail } from "../factories";
import { callRoute, makeRequest } from "../http";
import { insertSubscription } from "./admin-support";

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
    expect(rows).toContainEqual(expect.objectContaining({ email: free.email, status: null, stripeCustomerId: null, isPro: false }));
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

  it("grants and removes Pro for a user without a subscription; the header shows it on the next request", async () => {
    const user = await createUser();
    const planName = async () => (await callRoute(siteLayout.loader, makeRequest("/dashboard", { cookie: user.cookie }))).data.user.planName;
    expect(await planName()).toBe("Free");

    expect((await act({ intent: "setPro", userId: user.id, isPro: "true" })).data.message).toBe("Pro granted.");
    expect(await planName()).toBe("Pro");
    expect((await list(`q=${encodeURIComponent(user.email)}`)).rows[0]).toMatchObject({ isPro: true, plan: "Pro", status: null });

    expect((await act({ intent: "setPro", userId: user.id, isPro: "false" })).data.message).toBe("Pro removed.");
    expect(await planName()).toBe("Free");

    const { db } = await getServices();
    const audit = await db
      .select()
      .from(schema.adminAudit)
      .where(eq(schema.adminAudit.target, `user:${user.id}`));
    expect(audit.map((row) => row.action)).toEqual(["user.grant_pro", "user.remove_pro"]);
    expect(audit.every((row) => row.actorId === admin.id)).toBe(true);
  });

  it("answers 400 for bad input and 404 for unknown users or missing subscriptions", async () => {
    const user = await createUser();
    for (const form of [
      { intent: "setStatus", userId: user.id, status: "trialing" },
      { intent: "setPro", userId: user.id, isPro: "yes" },
      { intent: "nuke", userId: user.id },
      { intent: "setPro", isPro: "true" },
    ] as Array<Record<string, string>>) {
      expect((await act(form)).status).toBe(400);
    }
    expect((await act({ intent: "setStatus", userId: user.id, status: "active" })).status).toBe(404);
    expect((await act({ intent: "setPro", userId: "ghost", isPro: "true" })).status).toBe(404);
  });
});
