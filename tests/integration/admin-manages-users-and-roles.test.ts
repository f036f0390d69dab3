import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getSessionUser } from "~/features/auth/session.server";
import * as adminUsers from "~/routes/admin.users";
import { getServices } from "~/utils/services.server";
import { createUser } from "../support/factories";
import { uniqueEmail } from "../support/row-factories";
import { callRoute, makeRequest } from "../support/http";

const setRole = (cookie: string, form: Record<string, string>) =>
  callRoute(adminUsers.action, makeRequest("/admin/users", { cookie, form: { intent: "setRole", ...form } }));
const roleOf = async (id: string) => {
  const { db } = await getServices();
  const [row] = await db.select({ role: schema.user.role }).from(schema.user).where(eq(schema.user.id, id));
  return row?.role;
};

describe("/admin/users", () => {
  it("refuses to remove the last admin, then allows it once another admin exists", async () => {
    const only = await createUser({ role: "admin" });
    const { db } = await getServices();
    await db
      .update(schema.user)
      .set({ role: "user" })
      .where(and(eq(schema.user.role, "admin"), ne(schema.user.id, only.id)));

    const refused = await setRole(only.cookie, { userId: only.id, role: "user" });
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe("You cannot remove the last admin. Make another user an admin first.");
    expect(await roleOf(only.id)).toBe("admin");

    const other = await createUser();
    expect((await setRole(only.cookie, { userId: other.id, role: "admin" })).data.message).toBe("Role updated to admin.");
    expect((await setRole(only.cookie, { userId: only.id, role: "user" })).data.message).toBe("Role updated to user.");
    expect(await roleOf(only.id)).toBe("user");
    const audit = await db
      .select()
      .from(schema.adminAudit)
      .where(eq(schema.adminAudit.target, `user:${other.id}`));
    expect(audit).toEqual([
      expect.objectContaining({ actorId: only.id, action: "user.set_role", detail: expect.objectContaining({ from: "user", to: "admin" }) }),
    ]);
  });

  it("applies a role change on the user's next request", async () => {
    const admin = await createUser({ role: "admin" });
    const user = await createUser();
    const sessionRequest = () => makeRequest("/dashboard", { cookie: user.cookie });
    expect((await getSessionUser(sessionRequest()))?.isAdmin).toBe(false);
    await setRole(admin.cookie, { userId: user.id, role: "admin" });
    expect((await getSessionUser(sessionRequest()))?.isAdmin).toBe(true);
    await setRole(admin.cookie, { userId: user.id, role: "user" });
    expect((await getSessionUser(sessionRequest()))?.isAdmin).toBe(false);
  });

  it("keeps accounts listed in ADMIN_EMAILS admins", async () => {
    const admin = await createUser({ role: "admin" });
    const configured = await createUser({ email: "admin@example.com" });
    const result = await setRole(admin.cookie, { userId: configured.id, role: "user" });
    expect(result.status).toBe(400);
    expect(result.data.error).toMatch(/ADMIN_EMAILS/);
    expect(await roleOf(configured.id)).toBe("admin");
  });

  it("counts only accounts that are admins now: an unverified address in ADMIN_EMAILS does not let the last admin go", async () => {
    const { db } = await getServices();
    const configured = eq(schema.user.email, "admin@example.com");
    if ((await db.select().from(schema.user).where(configured)).length === 0) await createUser({ email: "admin@example.com", verified: false });
    await db.update(schema.user).set({ role: "user", emailVerified: false }).where(configured);
    const only = await createUser({ role: "admin" });
    await db
      .update(schema.user)
      .set({ role: "user" })
      .where(and(eq(schema.user.role, "admin"), ne(schema.user.id, only.id)));

    const refused = await setRole(only.cookie, { userId: only.id, role: "user" });
    expect(refused.status).toBe(400);
    expect(refused.data.error).toBe("You cannot remove the last admin. Make another user an admin first.");
    expect(await roleOf(only.id)).toBe("admin");
    expect((await getSessionUser(makeRequest("/admin", { cookie: only.cookie })))?.isAdmin).toBe(true);
  });

  it("validates the input: 400 for bad roles and intents, 404 for unknown users", async () => {
    const admin = await createUser({ role: "admin" });
    const user = await createUser();
    for (const form of [
      { userId: user.id, role: "superuser" },
      { userId: user.id },
      { userId: "", role: "admin" },
      { userId: "x".repeat(65), role: "admin" },
    ] as Array<Record<string, string>>) {
      expect((await setRole(admin.cookie, form)).status).toBe(400);
    }
    expect(
      (await callRoute(adminUsers.action, makeRequest("/admin/users", { cookie: admin.cookie, form: { intent: "delete", userId: user.id } }))).status,
    ).toBe(400);
    expect((await setRole(admin.cookie, { userId: "no-such-user", role: "admin" })).status).toBe(404);
    expect(await roleOf(user.id)).toBe("user");
  });

  it("searches by email and filters by role on the server, in pages", async () => {
    const admin = await createUser({ role: "admin" });
    const tag = `needle${Date.now()}`;
    const plain = await createUser({ email: uniqueEmail(`${tag}-plain`) });
    const boss = await createUser({ email: uniqueEmail(`${tag}-boss`), role: "admin" });
    const emails = async (query: string) =>
      (await callRoute(adminUsers.loader, makeRequest(`/admin/users?${query}`, { cookie: admin.cookie }))).data.users
        .map((user: { email: string }) => user.email)
        .sort();
    expect(await emails(`q=${tag}`)).toEqual([boss.email, plain.email].sort());
    expect(await emails(`q=${tag.toUpperCase()}&role=admin`)).toEqual([boss.email]);
    expect(await emails(`q=${tag}&role=user`)).toEqual([plain.email]);

    for (let i = 0; i < 26; i++) await createUser({ email: uniqueEmail(`${tag}-many`) });
    const page1 = (await callRoute(adminUsers.loader, makeRequest(`/admin/users?q=${tag}-many`, { cookie: admin.cookie }))).data;
    const page2 = (await callRoute(adminUsers.loader, makeRequest(`/admin/users?q=${tag}-many&page=2`, { cookie: admin.cookie }))).data;
    expect(page1.total).toBe(26);
    expect(page1.users).toHaveLength(25);
    expect(page2.users).toHaveLength(1);
    expect(Object.keys(page1.users[0]).sort()).toEqual(["createdAt", "email", "id", "isConfiguredAdmin", "plan", "role"]);
  });
});
