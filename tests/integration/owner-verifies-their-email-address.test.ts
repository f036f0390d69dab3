import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { enqueueEmail } from "~/features/email/outbox.server";
import { newLeadEmail } from "~/features/email/lead-emails";
import type { OutgoingEmail } from "~/features/email/transport.server";
import { createEmailWorker } from "~/features/email/worker.server";
import * as siteLayout from "~/routes/site-layout";
import * as signupRoute from "~/routes/signup";
import * as verifyEmail from "~/routes/verify-email";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createLeadRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { linkFromOutbox, openLink, outboxFor } from "../support/accounts-support";
import { DEFAULT_PASSWORD, uniqueEmail } from "../support/row-factories";

/** What capture's notifyOwner does for each lead: the lead row and its new-lead email. */
async function leadArrives(campaign: { id: string; title: string }, ownerEmail: string, name: string) {
  await createLeadRow(campaign.id, { name, email: `${name.toLowerCase()}@example.com` });
  const { db } = await getServices();
  await enqueueEmail(db, {
    kind: "new_lead",
    to: ownerEmail,
    campaignId: campaign.id,
    content: newLeadEmail(
      { name, email: `${name.toLowerCase()}@example.com`, phone: null, campaignTitle: campaign.title, businessType: "Bakery" },
      "http://localhost:3000",
    ),
  });
}

async function deliver() {
  const { db } = await getServices();
  const sent: OutgoingEmail[] = [];
  const worker = createEmailWorker({ db, transport: { name: "smtp", send: async (email) => void sent.push(email), close() {} }, batchSize: 500 });
  while ((await worker.runOnce()) > 0);
  return sent;
}

describe("email verification", () => {
  it("sends a 24-hour link at sign-up; opening it verifies the address and ends the banner", async () => {
    const { id, email, cookie } = await createUser({ verified: false });
    const layout = (await callRoute(siteLayout.loader, makeRequest("/dashboard", { cookie }))).data;
    expect(layout.unverifiedEmail).toBe(email);
    const link = await linkFromOutbox("verify_email", email);
    const claims = JSON.parse(Buffer.from(link.searchParams.get("token")!.split(".")[1]!, "base64url").toString());
    expect(claims.exp - claims.iat).toBe(24 * 60 * 60);

    const opened = (await openLink(link, cookie)).data;
    expect(opened.outcome).toEqual({ state: "verified" });
    const { db } = await getServices();
    expect((await db.select({ v: schema.user.emailVerified }).from(schema.user).where(eq(schema.user.id, id)))[0]?.v).toBe(true);
    expect((await callRoute(siteLayout.loader, makeRequest("/dashboard", { cookie }))).data.unverifiedEmail).toBeNull();
  });

  it("sends it in the language of the browser that signed up, and keeps that language for the emails that follow", async () => {
    const email = uniqueEmail();
    const signedUp = await callRoute(
      signupRoute.action,
      makeRequest("/signup", {
        form: { email, password: DEFAULT_PASSWORD },
        headers: { "accept-language": "de-DE,de;q=0.9,en;q=0.5", "x-leadqr-client-ip": "2001:db8:ffff:1::1" },
      }),
    );
    expect(signedUp.status).toBe(302);
    const [verification] = (await outboxFor(email)).filter((row) => row.kind === "verify_email");
    expect(verification!.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse");
    const { db } = await getServices();
    const [row] = await db
      .select({ language: schema.user.language, browserLanguage: schema.user.browserLanguage })
      .from(schema.user)
      .where(eq(schema.user.email, email));
    expect(row).toEqual({ language: null, browserLanguage: "de" });
  });

  it("shows a clear message for a forged link", async () => {
    const result = (await callRoute(verifyEmail.loader, makeRequest("/verify-email?token=eyJhbGciOiJIUzI1NiJ9.e30.forged"))).data;
    expect(result.outcome).toEqual({ state: "invalid" });
  });

  it("resends from the banner, limited per account", async () => {
    const { email, cookie } = await createUser({ verified: false });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await callRoute(verifyEmail.action, makeRequest("/verify-email", { cookie, form: { intent: "resend" } }))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await outboxFor(email)).filter((row) => row.kind === "verify_email")).toHaveLength(4);
  });

  it("grants ADMIN_EMAILS rights only once the address is verified", async () => {
    const { db, env } = await getServices();
    env.adminEmails.push("boss@example.com");
    try {
      const { id, cookie } = await createUser({ email: "boss@example.com", verified: false });
      const role = async () => (await db.select({ role: schema.user.role }).from(schema.user).where(eq(schema.user.id, id)))[0]?.role;
      expect(await role()).toBe("user");
      await openLink(await linkFromOutbox("verify_email", "boss@example.com"), cookie);
      expect(await role()).toBe("admin");
    } finally {
      env.adminEmails.pop();
    }
  });
});

describe("lead notifications of an unverified owner", () => {
  it("are held, then folded into one summary when the address is verified", async () => {
    const { id, email, cookie } = await createUser({ verified: false });
    const bakery = await createCampaignRow(id, { title: "Bread Week" });
    const florist = await createCampaignRow(id, { title: "Tulip Days" });
    await leadArrives(bakery, email, "Ada");
    await leadArrives(bakery, email, "Ben");
    await leadArrives(florist, email, "Cleo");

    const before = await deliver();
    expect(before.filter((mail) => mail.to === email).map((mail) => mail.subject)).not.toContain("New lead for Bread Week");
    const { db } = await getServices();
    const leads = await db.select().from(schema.lead).where(eq(schema.lead.campaignId, bakery.id));
    expect(leads).toHaveLength(2);

    await openLink(await linkFromOutbox("verify_email", email), cookie);
    const after = (await deliver()).filter((mail) => mail.to === email);
    expect(after.map((mail) => mail.subject)).toEqual(["3 leads arrived while your address was unconfirmed"]);
    expect(after[0]!.text).toContain("Bread Week: 2");
    expect(after[0]!.text).toContain("Tulip Days: 1");
    const rows = await db
      .select({ kind: schema.emailOutbox.kind, status: schema.emailOutbox.status })
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.to, email));
    expect(rows.filter((row) => row.kind === "new_lead").map((row) => row.status)).toEqual(["folded", "folded", "folded"]);

    // Verified now: the next lead is notified on its own, as always.
    await leadArrives(bakery, email, "Dora");
    expect((await deliver()).filter((mail) => mail.to === email).map((mail) => mail.subject)).toEqual(["New lead for Bread Week"]);
  });

  it("of a verified owner are sent at once", async () => {
    const { id, email } = await createUser();
    const campaign = await createCampaignRow(id, { title: "Open Doors" });
    await leadArrives(campaign, email, "Eve");
    expect((await deliver()).filter((mail) => mail.to === email).map((mail) => mail.subject)).toContain("New lead for Open Doors");
  });
});
