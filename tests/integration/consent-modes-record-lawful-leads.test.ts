// Issue 14: consent per mode, the consent record, double opt-in, withdrawal, erasure, export,
// retention — through the routes a visitor and an owner use, against a real database.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { consentCheckboxText, NOTICE_TEXT, CONSENT_REQUIRED_ERROR } from "~/features/consent/consent";
import { RETENTION_JOB, runRetentionJob } from "~/features/consent/retention.server";
import * as capture from "~/routes/capture";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { campaignForm } from "../support/campaigns-support";
import { callRoute, makeRequest } from "../support/http";
import { phoneUserAgent } from "../support/row-factories";

let addressCounter = 0;
const nextAddress = () => `198.18.0.${++addressCounter}`;

async function db() {
  return (await getServices()).db;
}

async function setup(options: { mode?: "notice" | "checkbox" | "double_opt_in"; required?: boolean; businessName?: string } = {}) {
  const owner = await createUser({ isPro: true });
  const campaign = await createCampaignRow(owner.id, { title: "Pastry Week" });
  const database = await db();
  await database
    .update(schema.campaign)
    .set({ consentMode: options.mode ?? "notice", offerRequiresConsent: options.required ?? false })
    .where(eq(schema.campaign.id, campaign.id));
  await database.insert(schema.businessProfile).values({ userId: owner.id, name: options.businessName ?? "Bean There Café" });
  await database.insert(schema.businessIdentity).values({ userId: owner.id, postalAddress: "1 Main Street\nSpringfield" });
  return { owner, campaign };
}

async function claim(campaignId: string, form: Record<string, string>, address = nextAddress()) {
  // Each claim is its own visitor (address), so the repeat rule does not hand out an earlier scan's token.
  const page = await callRoute(
    capture.loader,
    makeRequest(`/capture/${campaignId}`, { method: "GET", headers: { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": address } }),
    { campaignId },
  );
  const token = page.data.scanToken as string;
  const request = makeRequest(`/capture/${campaignId}`, {
    form: { name: "Ada Lovelace", email: "ada@example.com", ...form, scanToken: token },
    headers: { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": address },
  });
  const result = await callRoute(capture.action, request, { campaignId });
  return { result, scanId: token, address, code: (result.data as { claim?: { code: string } }).claim?.code };
}

async function recordsOf(campaignId: string) {
  const database = await db();
  return database
    .select({
      leadId: schema.lead.id,
      email: schema.lead.email,
      mode: schema.leadConsent.mode,
      ticked: schema.leadConsent.ticked,
      wording: schema.consentWording.text,
      wordingId: schema.leadConsent.wordingId,
      clientAddress: schema.leadConsent.clientAddress,
      userAgent: schema.leadConsent.userAgent,
      givenAt: schema.leadConsent.givenAt,
      collectedAt: schema.lead.collectedAt,
      confirmedAt: schema.leadConsent.confirmedAt,
      confirmedAddress: schema.leadConsent.confirmedAddress,
      withdrawnAt: schema.leadConsent.withdrawnAt,
    })
    .from(schema.lead)
    .innerJoin(schema.leadConsent, eq(schema.leadConsent.leadId, schema.lead.id))
    .innerJoin(schema.consentWording, eq(schema.consentWording.id, schema.leadConsent.wordingId))
    .where(eq(schema.lead.campaignId, campaignId))
    .orderBy(schema.lead.collectedAt);
}

async function confirmationsOf(campaignId: string) {
  const database = await db();
  return database
    .select()
    .from(schema.emailOutbox)
    .where(sql`${schema.emailOutbox.campaignId} = ${campaignId} and ${schema.emailOutbox.kind} = 'consent_confirmation'`)
    .orderBy(schema.emailOutbox.createdAt);
}

const linkOf = (text: string, kind: "confirm" | "withdraw") => new RegExp(`/consent/${kind}/([A-Za-z0-9_-]{43})`).exec(text)![1]!;

describe("consent modes on the capture form", () => {
  it("notice only: the spec's sentence is the recorded wording, with time, address and browser", async () => {
    const { campaign } = await setup({ mode: "notice" });
    const { result, address } = await claim(campaign.id, {});
    expect(result.data).toMatchObject({ ok: true });
    const [record] = await recordsOf(campaign.id);
    expect(record).toMatchObject({ mode: "notice", ticked: false, wording: NOTICE_TEXT, clientAddress: address, userAgent: phoneUserAgent() });
    expect(record!.givenAt.getTime()).toBe(record!.collectedAt.getTime());
  });

  it("checkbox: unticked stores the lead without consent; ticked records consent; one wording row for both", async () => {
    const { campaign } = await setup({ mode: "checkbox" });
    expect(await claim(campaign.id, { email: "no@example.com" }).then((r) => r.result.data)).toMatchObject({ ok: true });
    expect(await claim(campaign.id, { email: "yes@example.com", marketingConsent: "yes" }).then((r) => r.result.data)).toMatchObject({
      ok: true,
    });
    const records = await recordsOf(campaign.id);
    expect(records.map((r) => [r.email, r.ticked])).toEqual([
      ["no@example.com", false],
      ["yes@example.com", true],
    ]);
    expect(records[0]!.wording).toBe(consentCheckboxText("Bean There Café"));
    expect(records[0]!.wordingId).toBe(records[1]!.wordingId);
    // No email goes to a visitor in checkbox mode.
    expect(await confirmationsOf(campaign.id)).toHaveLength(0);
  });

  it("checkbox required by the offer: unticked is refused next to the box and nothing is stored", async () => {
    const { campaign } = await setup({ mode: "checkbox", required: true });
    const { result } = await claim(campaign.id, {});
    expect(result.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({ marketingConsent: CONSENT_REQUIRED_ERROR });
    expect(result.data.scanToken).toBeTruthy();
    expect(await recordsOf(campaign.id)).toHaveLength(0);
  });

  it("the capture page tells the form its mode, offer terms and privacy link", async () => {
    const { campaign } = await setup({ mode: "double_opt_in" });
    const page = (
      await callRoute(capture.loader, makeRequest(`/capture/${campaign.id}`, { method: "GET", headers: { "user-agent": phoneUserAgent() } }), {
        campaignId: campaign.id,
      })
    ).data;
    expect(page.offer.terms).toEqual({ discount: "20% off", minOrder: "any order over $10" });
    expect(page.offer.consent).toEqual({ mode: "double_opt_in", offerRequiresConsent: false, privacyHref: `/capture/${campaign.id}/privacy` });
  });
});

describe("double opt-in", () => {
  it("emails the visitor a plain confirmation with a withdraw link and List-Unsubscribe; the link confirms once", async () => {
    const { campaign } = await setup({ mode: "double_opt_in" });
    const { result } = await claim(campaign.id, { marketingConsent: "yes" });
    expect(result.data).toMatchObject({ ok: true, checkEmail: true });
    const [email] = await confirmationsOf(campaign.id);
    expect(email).toMatchObject({ to: "ada@example.com", status: "pending" });
    expect(email!.subject).toBe("Please confirm: emails from Bean There Café");
    expect(email!.text).toContain(consentCheckboxText("Bean There Café"));
    expect(email!.text).toContain("1 Main Street");
    // No advertising: the offer is not in it.
    expect(email!.text).not.toContain("20% off");
    const withdrawToken = linkOf(email!.text, "withdraw");
    expect(email!.headers).toEqual({
      "List-Unsubscribe": `<http://localhost:3000/consent/withdraw/${withdrawToken}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const [record] = await recordsOf(campaign.id);
    expect(email!.leadId).toBe(record!.leadId);
    expect(record!.confirmedAt).toBeNull();

    const confirmRoute = await import("~/routes/consent.confirm");
    const token = linkOf(email!.text, "confirm");
    // Opening the link (a mail scanner, a preview) confirms nothing.
    expect((await callRoute(confirmRoute.loader, makeRequest(`/consent/confirm/${token}`), { token })).data).toMatchObject({ state: "valid" });
    expect((await recordsOf(campaign.id))[0]!.confirmedAt).toBeNull();
    const press = () =>
      callRoute(confirmRoute.action, makeRequest(`/consent/confirm/${token}`, { form: {}, headers: { "x-leadqr-client-ip": "192.0.2.77" } }), {
        token,
      });
    expect((await press()).data).toEqual({ confirmed: true });
    const confirmed = (await recordsOf(campaign.id))[0]!;
    expect(confirmed.confirmedAt).not.toBeNull();
    expect(confirmed.confirmedAddress).toBe("192.0.2.77");
    // Single use.
    expect((await press()).data).toEqual({ confirmed: false });
    expect((await callRoute(confirmRoute.loader, makeRequest(`/consent/confirm/${token}`), { token })).data).toMatchObject({ state: "invalid" });
  });

  it("a link older than 7 days no longer confirms", async () => {
    const { campaign } = await setup({ mode: "double_opt_in" });
    await claim(campaign.id, { marketingConsent: "yes" });
    const [email] = await confirmationsOf(campaign.id);
    const database = await db();
    await database
      .update(schema.leadConsent)
      .set({ confirmExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.leadConsent.campaignId, campaign.id));
    const { action } = await import("~/routes/consent.confirm");
    const token = linkOf(email!.text, "confirm");
    expect((await callRoute(action, makeRequest(`/consent/confirm/${token}`, { form: {} }), { token })).data).toEqual({ confirmed: false });
    expect((await recordsOf(campaign.id))[0]!.confirmedAt).toBeNull();
  });

  it("sends at most one email per address per campaign per day, and none without a tick", async () => {
    const { campaign } = await setup({ mode: "double_opt_in" });
    await claim(campaign.id, { marketingConsent: "yes", email: "target@example.com" });
    await claim(campaign.id, { marketingConsent: "yes", email: "TARGET@example.com" });
    await claim(campaign.id, { email: "unticked@example.com" });
    // The same address twice is one lead with one consent record (decision 344).
    expect(await recordsOf(campaign.id)).toHaveLength(2);
    expect((await confirmationsOf(campaign.id)).map((email) => email.to)).toEqual(["target@example.com"]);
  });

  it("limits how many confirmation emails one client can trigger", async () => {
    const { campaign } = await setup({ mode: "double_opt_in" });
    const address = nextAddress();
    for (let i = 0; i < 7; i++) {
      const { result } = await claim(campaign.id, { marketingConsent: "yes", email: `stranger${i}@example.com` }, address);
      expect(result.status).toBe(200);
    }
    // Every lead is stored; only the client's budget of emails (5 an hour) went out.
    expect(await recordsOf(campaign.id)).toHaveLength(7);
    expect(await confirmationsOf(campaign.id)).toHaveLength(5);
  });

  it("withdrawing marks the lead, kills the confirmation link and drops the unsent email", async () => {
    const { campaign } = await setup({ mode: "double_opt_in" });
    await claim(campaign.id, { marketingConsent: "yes" });
    const [email] = await confirmationsOf(campaign.id);
    const withdraw = await import("~/routes/consent.withdraw");
    const token = linkOf(email!.text, "withdraw");
    expect((await callRoute(withdraw.loader, makeRequest(`/consent/withdraw/${token}`), { token })).data).toMatchObject({ state: "active" });
    // What a mail client's one-click unsubscribe posts (RFC 8058).
    const oneClick = makeRequest(`/consent/withdraw/${token}`, {
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect((await callRoute(withdraw.action, oneClick, { token })).data).toEqual({ withdrawn: true });
    expect((await recordsOf(campaign.id))[0]!.withdrawnAt).not.toBeNull();
    expect(await confirmationsOf(campaign.id)).toHaveLength(0);
    expect((await callRoute(withdraw.loader, makeRequest(`/consent/withdraw/${token}`), { token })).data).toMatchObject({ state: "withdrawn" });
    const { action } = await import("~/routes/consent.confirm");
    const confirmToken = linkOf(email!.text, "confirm");
    expect((await callRoute(action, makeRequest(`/consent/confirm/${confirmToken}`, { form: {} }), { token: confirmToken })).data).toEqual({
      confirmed: false,
    });
  });
});

describe("the owner's lead detail, export and erasure", () => {
  it("shows the consent record to the owner and 404 to anyone else", async () => {
    const { owner, campaign } = await setup({ mode: "checkbox" });
    const { address } = await claim(campaign.id, { marketingConsent: "yes" });
    const [record] = await recordsOf(campaign.id);
    const detail = await import("~/routes/lead-detail");
    const mine = (await callRoute(detail.loader, makeRequest(`/leads/${record!.leadId}`, { cookie: owner.cookie }), { leadId: record!.leadId })).data;
    expect(mine.lead).toMatchObject({
      name: "Ada Lovelace",
      status: "consented",
      consent: { mode: "checkbox", ticked: true, clientAddress: address, userAgent: phoneUserAgent() },
    });
    const stranger = await createUser();
    expect(
      (await callRoute(detail.loader, makeRequest(`/leads/${record!.leadId}`, { cookie: stranger.cookie }), { leadId: record!.leadId })).status,
    ).toBe(404);
    const exportRoute = await import("~/routes/lead-export-json");
    expect(
      (
        await callRoute(exportRoute.loader, makeRequest(`/leads/${record!.leadId}/export.json`, { cookie: stranger.cookie }), {
          leadId: record!.leadId,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callRoute(
          detail.action,
          makeRequest(`/leads/${record!.leadId}`, { cookie: stranger.cookie, form: { intent: "erase", confirm: "erase" } }),
          {
            leadId: record!.leadId,
          },
        )
      ).status,
    ).toBe(404);
    expect(await recordsOf(campaign.id)).toHaveLength(1);
  });

  it("finds the person's leads across campaigns and exports everything held as JSON", async () => {
    const { owner, campaign } = await setup({ mode: "checkbox" });
    const second = await createCampaignRow(owner.id, { title: "Tulip Friday" });
    const first = await claim(campaign.id, { marketingConsent: "yes", email: "Ada@Example.com" });
    await claim(second.id, { email: "ada@example.com" });
    const [record] = await recordsOf(campaign.id);
    const detail = await import("~/routes/lead-detail");
    const view = (await callRoute(detail.loader, makeRequest(`/leads/${record!.leadId}`, { cookie: owner.cookie }), { leadId: record!.leadId })).data;
    expect(view.lead.otherLeads.map((other: { campaignTitle: string }) => other.campaignTitle)).toEqual(["Tulip Friday"]);

    const exportRoute = await import("~/routes/lead-export-json");
    const response = (
      await callRoute(exportRoute.loader, makeRequest(`/leads/${record!.leadId}/export.json`, { cookie: owner.cookie }), {
        leadId: record!.leadId,
      })
    ).response!;
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="leadqr-lead-${record!.leadId}.json"`);
    const exported = await response.json();
    expect(exported.lead).toMatchObject({ email: "Ada@Example.com", campaign: { title: "Pastry Week" } });
    expect(exported.consent).toMatchObject({ status: "consented", wording: consentCheckboxText("Bean There Café"), clientAddress: first.address });
    expect(exported.scan).toMatchObject({ deviceType: "mobile" });
    // The offer code claimed with this lead (issue 15) is part of what is held.
    expect(exported.offerCode).toEqual({ code: first.code, claimedAt: expect.any(String), expiresAt: null, redeemedAt: null });
    // The owner's email and the visitor's code email (decision 343).
    expect(exported.emails.map((email: { kind: string }) => email.kind)).toEqual(["new_lead", "offer_code"]);
    expect(exported.otherLeadsOfThisPerson).toHaveLength(1);
  });

  it("keeps a masked lead's offer code out of its export", async () => {
    const { owner, campaign } = await setup({ mode: "notice" });
    for (let i = 0; i < 6; i++) await claim(campaign.id, { email: `visitor${i}@example.com` });
    // Back on the free plan: leads past the first five leave the server masked.
    await (await db()).update(schema.user).set({ isPro: false }).where(eq(schema.user.id, owner.id));
    const records = await recordsOf(campaign.id);
    const exportRoute = await import("~/routes/lead-export-json");
    const exportOf = async (leadId: string) =>
      (await callRoute(exportRoute.loader, makeRequest(`/leads/${leadId}/export.json`, { cookie: owner.cookie }), { leadId })).response!.json();
    const masked = await exportOf(records[5]!.leadId);
    expect(masked.lead.masked).toBe(true);
    expect(masked.offerCode).toEqual({ code: null, claimedAt: expect.any(String), expiresAt: null, redeemedAt: null });
    expect((await exportOf(records[0]!.leadId)).offerCode.code).toMatch(/^[2-9A-Z]{3}-[2-9A-Z]{3}-[2-9A-Z]{2}$/);
  });

  it("erases the lead, its consent record and emails about it; the audit keeps only when", async () => {
    const { owner, campaign } = await setup({ mode: "double_opt_in" });
    await claim(campaign.id, { marketingConsent: "yes", email: "erase.me@example.com" });
    const [record] = await recordsOf(campaign.id);
    const database = await db();
    const detail = await import("~/routes/lead-detail");
    const unconfirmed = await callRoute(detail.action, makeRequest(`/leads/${record!.leadId}`, { cookie: owner.cookie, form: { intent: "erase" } }), {
      leadId: record!.leadId,
    });
    expect(unconfirmed.status).toBe(400);
    expect(await recordsOf(campaign.id)).toHaveLength(1);

    const erased = (
      await callRoute(detail.action, makeRequest(`/leads/${record!.leadId}`, { cookie: owner.cookie, form: { intent: "erase", confirm: "erase" } }), {
        leadId: record!.leadId,
      })
    ).response!;
    expect(erased.headers.get("location")).toBe("/leads?erased=1");
    expect(await database.select().from(schema.lead).where(eq(schema.lead.id, record!.leadId))).toHaveLength(0);
    expect(await database.select().from(schema.leadConsent).where(eq(schema.leadConsent.leadId, record!.leadId))).toHaveLength(0);
    expect(
      await database
        .select()
        .from(schema.emailOutbox)
        .where(sql`${schema.emailOutbox.to} = 'erase.me@example.com' or ${schema.emailOutbox.html} like '%erase.me@example.com%'`),
    ).toHaveLength(0);
    const audit = await database.select().from(schema.dataErasure).where(eq(schema.dataErasure.userId, owner.id));
    expect(audit).toHaveLength(1);
    expect(Object.keys(audit[0]!).sort()).toEqual(["erasedAt", "id", "leads", "reason", "userId"]);
    expect(audit[0]).toMatchObject({ reason: "owner_request", leads: 1 });

    const { loader } = await import("~/routes/leads-export");
    const csv = await (await callRoute(loader, makeRequest("/leads/export.csv", { cookie: owner.cookie }))).response!.text();
    expect(csv).not.toContain("erase.me@example.com");
  });

  it("exports the consent record as CSV columns", async () => {
    const { owner, campaign } = await setup({ mode: "checkbox" });
    const { address } = await claim(campaign.id, { marketingConsent: "yes", email: "csv@example.com" });
    const { loader } = await import("~/routes/leads-export");
    const csv = await (await callRoute(loader, makeRequest("/leads/export.csv", { cookie: owner.cookie }))).response!.text();
    const line = csv.split("\r\n").find((row) => row.includes("csv@example.com"))!;
    expect(line).toContain(`,consented,${consentCheckboxText("Bean There Café")},`);
    expect(line).toContain(`,${address},${phoneUserAgent().includes(",") ? `"${phoneUserAgent()}"` : phoneUserAgent()},`);
  });
});

describe("retention", () => {
  it("is off by default; set, the daily job deletes older leads once a day and records its run", async () => {
    const { owner, campaign } = await setup();
    const database = await db();
    await claim(campaign.id, { email: "old@example.com" });
    await claim(campaign.id, { email: "new@example.com" });
    await database
      .update(schema.lead)
      .set({ collectedAt: sql`now() - interval '3 months'` })
      .where(eq(schema.lead.email, "old@example.com"));

    await runRetentionJob(database, { force: true });
    expect(await recordsOf(campaign.id)).toHaveLength(2);

    const settings = await import("~/routes/settings");
    const saved = await callRoute(
      settings.action,
      makeRequest("/settings", {
        cookie: owner.cookie,
        form: { intent: "identity", postalAddress: "1 Main Street", privacyPolicyUrl: "", retentionMonths: "2" },
      }),
    );
    expect(saved.data).toMatchObject({ message: "Privacy settings saved" });
    const bad = await callRoute(
      settings.action,
      makeRequest("/settings", {
        cookie: owner.cookie,
        form: { intent: "identity", privacyPolicyUrl: "javascript:alert(1)", retentionMonths: "-1" },
      }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual(["privacyPolicyUrl", "retentionMonths"]);

    // A day later, two processes at once: whichever takes the lock runs; the other finds the lock
    // held or today's run recorded.
    await database.execute(sql`update job_run set last_run_at = now() - interval '1 day' where name = ${RETENTION_JOB}`);
    const runs = await Promise.all([runRetentionJob(database), runRetentionJob(database)]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect((await recordsOf(campaign.id)).map((r) => r.email)).toEqual(["new@example.com"]);
    expect(await runRetentionJob(database)).toBeNull();
    const view = (await callRoute(settings.loader, makeRequest("/settings", { cookie: owner.cookie }))).data;
    expect(view.identity.retentionMonths).toBe(2);
    expect(view.identity.retentionLastRunAt).not.toBeNull();
    expect(view.identity.lastErasure).toMatchObject({ reason: "retention", leads: 1 });
  });
});

describe("the wizard's consent mode", () => {
  it("saves the mode; 'offer requires consent' only sticks with a box; unknown modes are refused", async () => {
    const owner = await createUser({ isPro: true });
    const campaigns = await import("~/routes/campaigns");
    const post = (form: Record<string, string>) =>
      callRoute(campaigns.action, makeRequest("/campaigns", { cookie: owner.cookie, form: campaignForm(form) }));
    await post({ title: "Double", consentMode: "double_opt_in", offerRequiresConsent: "yes" });
    await post({ title: "Notice", consentMode: "notice", offerRequiresConsent: "yes" });
    await post({ title: "Default" });
    const bad = await post({ title: "Bad", consentMode: "everything" });
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors.consentMode).toBe("Please choose how visitors give consent");
    const database = await db();
    const rows = await database
      .select({ title: schema.campaign.title, mode: schema.campaign.consentMode, required: schema.campaign.offerRequiresConsent })
      .from(schema.campaign)
      .where(eq(schema.campaign.userId, owner.id))
      .orderBy(schema.campaign.title);
    expect(rows).toEqual([
      { title: "Default", mode: "notice", required: false },
      { title: "Double", mode: "double_opt_in", required: true },
      { title: "Notice", mode: "notice", required: false },
    ]);
  });
});
