import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getSessionUser } from "~/features/auth/session.server";
import * as forgot from "~/routes/forgot-password";
import * as reset from "~/routes/reset-password";
import * as settings from "~/routes/settings";
import * as signin from "~/routes/signin";
import { getServices } from "~/utils/services.server";
import { createUser } from "../support/factories";
import { DEFAULT_PASSWORD, uniqueEmail } from "../support/row-factories";
import { callRoute, expectRedirect, makeRequest } from "../support/http";
import { linkFromOutbox, openLink } from "../support/accounts-support";

const post = (cookie: string, form: Record<string, string>) => callRoute(settings.action, makeRequest("/settings", { cookie, form }));

describe("settings: profile", () => {
  it("refuses mismatched and short new passwords with the spec's messages", async () => {
    const { cookie, email } = await createUser();
    const mismatch = await post(cookie, {
      intent: "profile",
      email,
      currentPassword: DEFAULT_PASSWORD,
      newPassword: "abcdefgh1",
      confirmPassword: "abcdefgh2",
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.data.fieldErrors.confirmPassword).toBe("New passwords do not match");
    const short = await post(cookie, { intent: "profile", email, currentPassword: DEFAULT_PASSWORD, newPassword: "abc", confirmPassword: "abc" });
    expect(short.data.fieldErrors.newPassword).toBe("Password must be at least 6 characters");
  });

  it("requires the right current password", async () => {
    const { cookie, email } = await createUser();
    const missing = await post(cookie, { intent: "profile", email: uniqueEmail(), currentPassword: "", newPassword: "", confirmPassword: "" });
    expect(missing.data.fieldErrors.currentPassword).toBeDefined();
    const wrong = await post(cookie, {
      intent: "profile",
      email,
      currentPassword: "wrong-password",
      newPassword: "a-new-password-1",
      confirmPassword: "a-new-password-1",
    });
    expect(wrong.data.fieldErrors.currentPassword).toBe("Current password is incorrect");
  });

  it("changes the password: the new one signs in, the old one does not", async () => {
    const { cookie, email } = await createUser();
    const result = await post(cookie, {
      intent: "profile",
      email,
      currentPassword: DEFAULT_PASSWORD,
      newPassword: "a-new-password-1",
      confirmPassword: "a-new-password-1",
    });
    expect(result.data.message).toBe("Profile updated successfully");
    const ip = { "x-leadqr-client-ip": crypto.randomUUID() };
    expect((await callRoute(signin.action, makeRequest("/signin", { form: { email, password: DEFAULT_PASSWORD }, headers: ip }))).status).toBe(401);
    expectRedirect(
      await callRoute(signin.action, makeRequest("/signin", { form: { email, password: "a-new-password-1" }, headers: ip })),
      "/dashboard",
    );
  });

  it("changes the email, refusing one that is taken", async () => {
    const other = await createUser();
    const { cookie, id } = await createUser();
    const taken = await post(cookie, { intent: "profile", email: other.email, currentPassword: DEFAULT_PASSWORD });
    expect(taken.data.fieldErrors.email).toBe("That email is already in use");
    const next = uniqueEmail("renamed");
    const result = await post(cookie, { intent: "profile", email: next.toUpperCase(), currentPassword: DEFAULT_PASSWORD });
    expect(result.data.message).toBe(`We sent a confirmation link to ${next}. Your email changes when you open it.`);
    const { db } = await getServices();
    const emailOf = async () => (await db.select({ email: schema.user.email }).from(schema.user).where(eq(schema.user.id, id)))[0]?.email;
    expect(await emailOf()).not.toBe(next);
    await openLink(await linkFromOutbox("email_change_confirm", next), cookie);
    expect(await emailOf()).toBe(next);
  });

  // Issue 25 finding 7: a change link is single use, and void once a newer change or a password change happens.
  describe("the email-change link", () => {
    const outcomeOf = async (link: URL, cookie: string) => ((await openLink(link, cookie)).data.outcome as { state: string }).state;
    async function emailOfUser(id: string) {
      const { db } = await getServices();
      return (await db.select({ email: schema.user.email }).from(schema.user).where(eq(schema.user.id, id)))[0]?.email;
    }

    it("works once", async () => {
      const { cookie, id } = await createUser();
      const next = uniqueEmail("once");
      await post(cookie, { intent: "profile", email: next, currentPassword: DEFAULT_PASSWORD });
      const link = await linkFromOutbox("email_change_confirm", next);
      expect(await outcomeOf(link, cookie)).toBe("changed");
      const later = uniqueEmail("later");
      await post(cookie, { intent: "profile", email: later, currentPassword: DEFAULT_PASSWORD });
      await openLink(await linkFromOutbox("email_change_confirm", later), cookie);
      expect(await emailOfUser(id)).toBe(later);
      // The first link, opened again, cannot take the account back to that address.
      expect(await outcomeOf(link, cookie)).toBe("invalid");
      expect(await emailOfUser(id)).toBe(later);
    });

    it("is void once a newer change is asked for", async () => {
      const { cookie, id, email } = await createUser();
      const first = uniqueEmail("first");
      const second = uniqueEmail("second");
      await post(cookie, { intent: "profile", email: first, currentPassword: DEFAULT_PASSWORD });
      await post(cookie, { intent: "profile", email: second, currentPassword: DEFAULT_PASSWORD });
      expect(await outcomeOf(await linkFromOutbox("email_change_confirm", first), cookie)).toBe("invalid");
      expect(await emailOfUser(id)).toBe(email);
      expect(await outcomeOf(await linkFromOutbox("email_change_confirm", second), cookie)).toBe("changed");
      expect(await emailOfUser(id)).toBe(second);
    });

    it("is void once the password changes", async () => {
      const { cookie, id, email } = await createUser();
      const next = uniqueEmail("pending");
      await post(cookie, { intent: "profile", email: next, currentPassword: DEFAULT_PASSWORD });
      await post(cookie, {
        intent: "profile",
        email,
        currentPassword: DEFAULT_PASSWORD,
        newPassword: "another-pass-42",
        confirmPassword: "another-pass-42",
      });
      expect(await outcomeOf(await linkFromOutbox("email_change_confirm", next), cookie)).toBe("invalid");
      expect(await emailOfUser(id)).toBe(email);
    });
  });

  it("voids a reset link asked for before the password was changed here", async () => {
    const { cookie, email } = await createUser();
    const ip = () => ({ "x-leadqr-client-ip": crypto.randomUUID() });
    await callRoute(forgot.action, makeRequest("/forgot-password", { form: { email }, headers: ip() }));
    const link = await linkFromOutbox("reset_password", email);
    const token = link.searchParams.get("token")!;
    expect((await callRoute(reset.loader, makeRequest(link.pathname + link.search))).data.usable).toBe(true);
    await post(cookie, {
      intent: "profile",
      email,
      currentPassword: DEFAULT_PASSWORD,
      newPassword: "another-pass-43",
      confirmPassword: "another-pass-43",
    });
    expect((await callRoute(reset.loader, makeRequest(link.pathname + link.search))).data.usable).toBe(false);
    const form = { token, password: "takeover-pass-44", confirmPassword: "takeover-pass-44" };
    const refused = await callRoute(reset.action, makeRequest(link.pathname + link.search, { form, headers: ip() }));
    expect(refused.data).toEqual({ invalid: true });
    expectRedirect(
      await callRoute(signin.action, makeRequest("/signin", { form: { email, password: "another-pass-43" }, headers: ip() })),
      "/dashboard",
    );
  });

  it("never lets a profile update set role or is_pro", async () => {
    const { cookie, email, id } = await createUser();
    await post(cookie, { intent: "profile", email, currentPassword: DEFAULT_PASSWORD, role: "admin", isPro: "true" });
    const { db } = await getServices();
    const [row] = await db.select().from(schema.user).where(eq(schema.user.id, id));
    expect(row).toMatchObject({ role: "user", isPro: false });
  });
});

describe("settings: business and account", () => {
  it("saves the business name and shows the account id's first 8 characters", async () => {
    const { cookie, id } = await createUser();
    await post(cookie, { intent: "business", businessName: "  Bella Cucina  " });
    const page = (await callRoute(settings.loader, makeRequest("/settings", { cookie }))).data;
    expect(page.businessName).toBe("Bella Cucina");
    expect(page.accountId).toBe(id.slice(0, 8));
    expect(page.plan).toEqual({ isPro: false, name: "Free" });
    const tooLong = await post(cookie, { intent: "business", businessName: "x".repeat(101) });
    expect(tooLong.status).toBe(400);
  });

  it("does nothing unless DELETE is typed exactly", async () => {
    const { cookie, id } = await createUser();
    for (const confirmation of ["delete", "DELETE ", ""]) {
      const refused = await post(cookie, { intent: "delete", confirmation });
      expect(refused.status).toBe(400);
      expect(refused.data.fieldErrors.confirmation).toBe("Type DELETE to confirm.");
    }
    const { db } = await getServices();
    expect(await db.select().from(schema.user).where(eq(schema.user.id, id))).toHaveLength(1);
  });

  it("deletes the account with everything that is the user's, and ends the session", async () => {
    const { cookie, id } = await createUser();
    const { db } = await getServices();
    const campaignId = crypto.randomUUID();
    await db.insert(schema.campaign).values({
      id: campaignId,
      userId: id,
      title: "Gone",
      businessType: "Bakery",
      discount: "10% off",
      minOrder: "None",
      aiHeadline: "h",
      aiThankyou: "t",
      design: {
        primary_color: "#1E40AF",
        secondary_color: "#3B82F6",
        text_color: "#FFFFFF",
        button_style: "rounded",
        font_style: "modern",
        layout: "centered",
      },
    });
    await db.insert(schema.lead).values({ campaignId, name: "Ann", email: "ann@example.com" });
    const response = await post(cookie, { intent: "delete", confirmation: "DELETE" });
    expectRedirect(response, "/");
    expect(await db.select().from(schema.user).where(eq(schema.user.id, id))).toHaveLength(0);
    expect(await db.select().from(schema.campaign).where(eq(schema.campaign.id, campaignId))).toHaveLength(0);
    expect(await db.select().from(schema.lead).where(eq(schema.lead.campaignId, campaignId))).toHaveLength(0);
    expect(await db.select().from(schema.session).where(eq(schema.session.userId, id))).toHaveLength(0);
    expect(await getSessionUser(makeRequest("/", { cookie }))).toBeNull();
  });
});

describe("settings: admin addresses", () => {
  it("refuses changing one's email to an address in ADMIN_EMAILS, and never grants admin by email", async () => {
    const { cookie, email, id } = await createUser();
    const result = await post(cookie, { intent: "profile", email: "admin@example.com", currentPassword: DEFAULT_PASSWORD });
    expect(result.data.fieldErrors.email).toBe("That email is already in use");
    const { db } = await getServices();
    const [row] = await db.select({ email: schema.user.email, role: schema.user.role }).from(schema.user).where(eq(schema.user.id, id));
    expect(row).toEqual({ email, role: "user" });
    expect((await getSessionUser(makeRequest("/", { cookie })))?.isAdmin).toBe(false);
  });
});
