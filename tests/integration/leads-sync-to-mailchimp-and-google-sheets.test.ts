// Lead sync end to end against local stand-ins of Mailchimp and Google: connect (state checked),
// choose an audience or create a sheet, leads pushed with their consent, withdrawal and erasure
// followed, a failing provider retried, an expired refresh token shown to the owner.
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { confirmConsent } from "~/features/consent/consent.server";
import { eraseLead } from "~/features/leads/lead-rights.server";
import { subscriberHash } from "~/features/sync/mailchimp.server";
import { sealToken } from "~/utils/token-seal.server";
import { NOT_ON_PLAN } from "~/features/sync/worker.server";
import * as dashboard from "~/routes/dashboard";
import { RATE_LIMITED_MESSAGE, RATE_LIMITS } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { checkboxCampaign, connect, drain, leadOf, page, post, withdraw } from "../support/sync-owner";
import { startProviderStandIns } from "../support/sync-support";
import { visitorSubmits } from "../support/webhook-support";

let standIns: Awaited<ReturnType<typeof startProviderStandIns>>;

beforeAll(async () => {
  standIns = await startProviderStandIns();
  standIns.configure();
});
afterAll(() => standIns.close());

describe("Mailchimp", () => {
  it("connects, subscribes only consenting visitors with their consent record, unsubscribes on withdrawal and deletes on erasure", async () => {
    const owner = await createUser({ isPro: true });
    const { authorize, result } = await connect(owner, "mailchimp", "mc-code");
    expect(authorize.origin + authorize.pathname).toBe(`${standIns.base}/oauth2/authorize`);
    expect(authorize.searchParams.get("client_id")).toBe("mc-client");
    expect(result.headers.get("location")).toBe("/settings/integrations/sync?connected=mailchimp");

    const { db } = await getServices();
    const [stored] = await db.select().from(schema.syncConnection).where(eq(schema.syncConnection.userId, owner.id));
    expect(stored!.accessToken).not.toContain("mc-token");
    expect(stored!.apiEndpoint).toBe(`${standIns.base}/mc`);

    const before = await page(owner);
    const mailchimp = before.providers.find((provider: { id: string }) => provider.id === "mailchimp");
    expect(mailchimp.destinations).toEqual([{ id: "list-cafe", name: "Café regulars" }]);
    expect(JSON.stringify(before)).not.toContain("mc-token");
    expect((await post(owner, { intent: "choose", provider: "mailchimp", destinationId: "list-elsewhere" })).data).toEqual({
      error: "This audience is not in the connected account.",
    });
    expect((await post(owner, { intent: "choose", provider: "mailchimp", destinationId: "list-cafe" })).data.message).toContain("Café regulars");

    const campaign = await checkboxCampaign(owner.id);
    await visitorSubmits(campaign.id, { name: "Yara Yes", email: "Yara@Example.com", marketingConsent: "yes" });
    await visitorSubmits(campaign.id, { name: "Nico No", email: "nico@example.com" });
    await drain();

    const yes = `list-cafe/${subscriberHash("yara@example.com")}`;
    expect(standIns.state.mailchimp.members.get(yes)).toMatchObject({ status: "subscribed", email: "Yara@Example.com" });
    expect(standIns.state.mailchimp.members.has(`list-cafe/${subscriberHash("nico@example.com")}`)).toBe(false);
    const note = standIns.state.mailchimp.notes.find((entry) => entry.key === yes)!.note;
    expect(note).toContain("I agree to receive marketing emails from");
    expect(note).toContain("198.18.1.");
    const log = (await page(owner)).log;
    expect(log.map((entry: { lead: string; result: string }) => `${entry.lead}: ${entry.result}`).sort()).toEqual([
      "Yara@Example.com: Subscribed.",
      "nico@example.com: Not sent: no marketing consent.",
    ]);

    const yaraId = await leadOf(campaign.id, "Yara@Example.com");
    await withdraw(yaraId);
    await drain();
    expect(standIns.state.mailchimp.members.get(yes)!.status).toBe("unsubscribed");

    expect(await eraseLead(db, { userId: owner.id, leadId: yaraId })).toBe(true);
    await drain();
    expect(standIns.state.mailchimp.members.has(yes)).toBe(false);
    const kept = await db.execute(sql`select count(*)::int as n from sync_job j where j::text ilike '%yara%'`);
    expect((kept as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    expect((await page(owner)).log[0]).toMatchObject({ lead: "Erased lead", result: "Removed: the lead was erased." });
  });

  it("double opt-in: nothing reaches the audience until the visitor confirms, then the member is subscribed with the confirmation", async () => {
    const owner = await createUser({ isPro: true });
    await connect(owner, "mailchimp", "mc-code");
    await post(owner, { intent: "choose", provider: "mailchimp", destinationId: "list-cafe" });
    const campaign = await createCampaignRow(owner.id, { title: "Cake club" });
    const { db } = await getServices();
    await db.update(schema.campaign).set({ consentMode: "double_opt_in" }).where(eq(schema.campaign.id, campaign.id));
    await visitorSubmits(campaign.id, { name: "Dora Double", email: "dora@example.com", marketingConsent: "yes" });
    await drain();
    const key = `list-cafe/${subscriberHash("dora@example.com")}`;
    expect(standIns.state.mailchimp.members.has(key)).toBe(false);
    expect((await page(owner)).log[0]).toMatchObject({ lead: "dora@example.com", result: "Not sent: the visitor has not confirmed yet." });

    const token = crypto.randomBytes(32).toString("base64url");
    await db
      .update(schema.leadConsent)
      .set({ confirmTokenHash: crypto.createHash("sha256").update(token).digest("hex") })
      .where(eq(schema.leadConsent.leadId, await leadOf(campaign.id, "dora@example.com")));
    expect(await confirmConsent(db, { token, clientAddress: "203.0.113.9" })).toBe(true);
    await drain();
    expect(standIns.state.mailchimp.members.get(key)?.status).toBe("subscribed");
    expect(standIns.state.mailchimp.notes.find((entry) => entry.key === key)!.note).toContain("Confirmed by email on");
  });

  it("after a downgrade, new leads stay home while an erasure still reaches the audience", async () => {
    const owner = await createUser({ isPro: true });
    await connect(owner, "mailchimp", "mc-code");
    await post(owner, { intent: "choose", provider: "mailchimp", destinationId: "list-cafe" });
    const campaign = await checkboxCampaign(owner.id);
    await visitorSubmits(campaign.id, { name: "Pia Paid", email: "pia@example.com", marketingConsent: "yes" });
    await drain();
    const member = `list-cafe/${subscriberHash("pia@example.com")}`;
    expect(standIns.state.mailchimp.members.get(member)?.status).toBe("subscribed");

    const { db } = await getServices();
    await db.update(schema.user).set({ isPro: false }).where(eq(schema.user.id, owner.id));
    await visitorSubmits(campaign.id, { name: "Fred Free", email: "fred@example.com", marketingConsent: "yes" });
    await drain();
    expect(standIns.state.mailchimp.members.has(`list-cafe/${subscriberHash("fred@example.com")}`)).toBe(false);
    const [fredJob] = await db
      .select({ status: schema.syncJob.status, lastResult: schema.syncJob.lastResult })
      .from(schema.syncJob)
      .innerJoin(schema.lead, eq(schema.lead.id, schema.syncJob.leadId))
      .where(eq(schema.lead.email, "fred@example.com"));
    expect(fredJob).toEqual({ status: "skipped", lastResult: NOT_ON_PLAN });

    await db.delete(schema.lead).where(eq(schema.lead.email, "pia@example.com"));
    await drain();
    expect(standIns.state.mailchimp.members.has(member)).toBe(false);
  });

  it("on a GDPR audience grants the email marketing permission only, and tags the member with its campaign and placement", async () => {
    standIns.state.mailchimp.lists.push({
      id: "list-eu",
      name: "EU guests",
      permissions: [
        { id: "mp-email", text: "Email" },
        { id: "mp-ads", text: "Customized Online Advertising" },
      ],
    });
    const owner = await createUser({ isPro: true });
    await connect(owner, "mailchimp", "mc-code");
    await post(owner, { intent: "choose", provider: "mailchimp", destinationId: "list-eu" });
    const campaign = await checkboxCampaign(owner.id, "Tart Tuesday");
    const { db } = await getServices();
    const [placement] = await db.insert(schema.placement).values({ campaignId: campaign.id, name: "Window poster" }).returning();
    // The job sends the lead as it is when it runs: with its placement.
    await visitorSubmits(campaign.id, { name: "Greta Gdpr", email: "greta@example.com", marketingConsent: "yes" });
    await db.update(schema.lead).set({ placementId: placement!.id }).where(eq(schema.lead.email, "greta@example.com"));
    await visitorSubmits(campaign.id, { name: "Noor Gdpr", email: "noor@example.com" });
    await drain();

    const greta = standIns.state.mailchimp.members.get(`list-eu/${subscriberHash("greta@example.com")}`)!;
    expect(greta).toMatchObject({ status: "subscribed", permissions: { "mp-email": true }, tags: ["Tart Tuesday", "Window poster"] });
    expect(greta.permissions["mp-ads"]).toBeUndefined();
    expect(standIns.state.mailchimp.members.has(`list-eu/${subscriberHash("noor@example.com")}`)).toBe(false);
    expect((await page(owner)).log.find((entry: { lead: string }) => entry.lead === "greta@example.com").result).toBe(
      "Subscribed, with email marketing permission.",
    );
  });

  it("a token sealed under a secret the app no longer has marks the connection for the owner: the page answers and says reconnect", async () => {
    const owner = await createUser({ isPro: true });
    await connect(owner, "mailchimp", "mc-code");
    const { db } = await getServices();
    await db
      .update(schema.syncConnection)
      .set({ accessToken: sealToken("the secret before rotation", "mc-token") })
      .where(eq(schema.syncConnection.userId, owner.id));

    const view = await page(owner);
    const mailchimp = view.providers.find((provider: { id: string }) => provider.id === "mailchimp");
    const reason = "The stored Mailchimp access can no longer be read (the app's secret changed). Reconnect to resume.";
    expect(mailchimp.connection).toMatchObject({ status: "broken", brokenReason: reason });
    expect(mailchimp.destinationsError).toBeUndefined();

    await connect(owner, "mailchimp", "mc-code");
    const again = (await page(owner)).providers.find((provider: { id: string }) => provider.id === "mailchimp");
    expect(again.connection.status).toBe("active");
    expect(again.destinations).toContainEqual({ id: "list-cafe", name: "Café regulars" });
  });

  it("refuses a callback whose state another session started", async () => {
    const owner = await createUser({ isPro: true });
    const stranger = await createUser({ isPro: true });
    const { result } = await connect(owner, "mailchimp", "mc-code", stranger.cookie);
    expect(result.status).toBe(404);
    expect(result.data.error).toContain("was not started here");
  });

  it("refuses Connect past the owner's budget with the usual 429, storing no state for it (issue 52, finding 7)", async () => {
    const owner = await createUser({ isPro: true });
    const connects = () => post(owner, { intent: "connect", provider: "mailchimp" });
    for (let i = 0; i < RATE_LIMITS.syncConnectByUser.points; i++) expect((await connects()).status).toBe(302);
    const refused = await connects();
    expect({ status: refused.status, data: refused.data }).toEqual({ status: 429, data: { error: RATE_LIMITED_MESSAGE } });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const { db } = await getServices();
    const states = await db.select().from(schema.syncOauthState).where(eq(schema.syncOauthState.userId, owner.id));
    expect(states).toHaveLength(RATE_LIMITS.syncConnectByUser.points);
    // Another owner's Connect is not held by this one's budget.
    expect((await post(await createUser({ isPro: true }), { intent: "connect", provider: "mailchimp" })).status).toBe(302);
  });

  it("retries while Mailchimp is down or rate-limits, then delivers once; a refusal waits for Retry", async () => {
    const owner = await createUser({ isPro: true });
    await connect(owner, "mailchimp", "mc-code");
    await post(owner, { intent: "choose", provider: "mailchimp", destinationId: "list-cafe" });
    const campaign = await checkboxCampaign(owner.id);
    standIns.fail(/^PUT \/mc\/3.0\/lists\/list-cafe\/members\/[0-9a-f]+$/, 429, { headers: { "retry-after": "120" } });
    await visitorSubmits(campaign.id, { name: "Rita Retry", email: "rita@example.com", marketingConsent: "yes" });
    await drain();
    const { db } = await getServices();
    const [waiting] = await db
      .select()
      .from(schema.syncJob)
      .innerJoin(schema.syncConnection, eq(schema.syncConnection.id, schema.syncJob.connectionId))
      .where(eq(schema.syncConnection.userId, owner.id));
    expect(waiting!.sync_job).toMatchObject({ status: "pending", attempts: 1, lastResult: "Mailchimp asked us to slow down; we will try again." });
    expect(waiting!.sync_job.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(100_000);
    expect((await page(owner)).log[0].status).toBe("pending");

    await db
      .update(schema.syncJob)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(schema.syncJob.id, waiting!.sync_job.id));
    await drain();
    expect(standIns.state.mailchimp.members.get(`list-cafe/${subscriberHash("rita@example.com")}`)?.status).toBe("subscribed");
    // The log keeps the failure beside the success, so the owner sees it was retried.
    expect((await page(owner)).log[0]).toMatchObject({
      lead: "rita@example.com",
      status: "succeeded",
      result: "Subscribed. Took 2 attempts; earlier: Mailchimp asked us to slow down; we will try again.",
    });

    standIns.fail(/^PUT \/mc\/3.0\/lists\/list-cafe\/members/, 400, {
      body: { title: "Invalid Resource", detail: "rex@example.com looks fake or invalid." },
    });
    await visitorSubmits(campaign.id, { name: "Rex Refused", email: "rex@example.com", marketingConsent: "yes" });
    await drain();
    const failed = (await page(owner)).log.find((entry: { lead: string }) => entry.lead === "rex@example.com");
    expect(failed).toMatchObject({ status: "failed", result: "Mailchimp refused it: rex@example.com looks fake or invalid." });
    expect((await post(owner, { intent: "retry", jobId: failed.id })).data.message).toBe("Sent back to the queue.");
    await drain();
    expect(standIns.state.mailchimp.members.has(`list-cafe/${subscriberHash("rex@example.com")}`)).toBe(true);
  });
});

describe("Google Sheets", () => {
  it("creates a sheet with a header row, appends every lead with its consent, updates the row on withdrawal and clears it on erasure", async () => {
    const owner = await createUser({ isPro: true });
    const { db } = await getServices();
    await db.insert(schema.businessProfile).values({ userId: owner.id, name: "Café Aroma", timeZone: "Europe/Berlin" });
    const { authorize } = await connect(owner, "google_sheets", "google-code");
    expect(authorize.pathname).toBe("/google-accounts/o/oauth2/v2/auth");
    expect(authorize.searchParams.get("scope")).toBe("https://www.googleapis.com/auth/spreadsheets");
    expect(authorize.searchParams.get("access_type")).toBe("offline");

    expect((await post(owner, { intent: "create", provider: "google_sheets" })).data.message).toBe(
      "Created the sheet “Café Aroma leads”. New leads go there.",
    );
    const [sheet] = [...standIns.state.google.sheets.values()].filter((entry) => entry.title === "Café Aroma leads");
    expect(sheet!.rows[0]).toEqual(["Received", "Name", "Email", "Phone", "Campaign", "Placement", "Offer code", "Consent", "Lead ID"]);

    const campaign = await checkboxCampaign(owner.id);
    await visitorSubmits(campaign.id, { name: "Sam Sheet", email: "sam@example.com", marketingConsent: "yes" });
    await visitorSubmits(campaign.id, { name: "Olga Only", email: "olga@example.com" });
    await drain();
    expect(sheet!.rows).toHaveLength(3);
    const byEmail = (email: string) => sheet!.rows.find((row) => row[2] === email)!;
    expect(byEmail("sam@example.com").slice(1, 5)).toEqual(["Sam Sheet", "sam@example.com", "", "Free croissant"]);
    expect(byEmail("sam@example.com")[7]).toBe("consented");
    expect(byEmail("olga@example.com")[7]).toBe("no consent");
    expect(byEmail("sam@example.com")[6]).toMatch(/\w/);
    const [samLead] = await db
      .select({ at: schema.lead.collectedAt, id: schema.lead.id })
      .from(schema.lead)
      .where(eq(schema.lead.email, "sam@example.com"));
    const berlin = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
      samLead!.at,
    );
    expect(byEmail("sam@example.com")[0]).toContain(berlin);

    await withdraw(samLead!.id);
    await drain();
    expect(sheet!.rows).toHaveLength(3);
    expect(byEmail("sam@example.com")[7]).toBe("consent withdrawn");

    const samRow = sheet!.rows.indexOf(byEmail("sam@example.com"));
    await eraseLead(db, { userId: owner.id, leadId: samLead!.id });
    await drain();
    expect(sheet!.rows[samRow]).toEqual([]);
  });

  it("refreshes an expiring token before use; an expired refresh token marks the connection for the owner and the lead waits", async () => {
    const owner = await createUser({ isPro: true });
    standIns.state.google.expiresIn = 120;
    await connect(owner, "google_sheets", "google-code");
    await post(owner, { intent: "create", provider: "google_sheets" });
    const campaign = await checkboxCampaign(owner.id);
    const refreshesBefore = standIns.state.calls.filter(
      (call) => call.path === "/google/token" && call.body.includes("grant_type=refresh_token"),
    ).length;
    await visitorSubmits(campaign.id, { name: "Fay Fresh", email: "fay@example.com" });
    await drain();
    const refreshes = standIns.state.calls.filter((call) => call.path === "/google/token" && call.body.includes("grant_type=refresh_token")).length;
    expect(refreshes).toBeGreaterThan(refreshesBefore);
    expect((await page(owner)).log[0]).toMatchObject({ lead: "fay@example.com", status: "succeeded" });

    standIns.state.google.refreshTokens.clear();
    await visitorSubmits(campaign.id, { name: "Gus Gone", email: "gus@example.com" });
    await drain();
    const view = await page(owner);
    const sheets = view.providers.find((provider: { id: string }) => provider.id === "google_sheets");
    expect(sheets.connection.status).toBe("broken");
    expect(sheets.connection.brokenReason).toBe(
      "Google Sheets no longer accepts our access (Token has been expired or revoked). Reconnect to resume.",
    );
    expect(view.log[0]).toMatchObject({ lead: "gus@example.com", status: "pending" });
    const brokenOnDashboard = async () =>
      ((await callRoute(dashboard.loader, makeRequest("/dashboard", { cookie: owner.cookie }))).data as { brokenSync: unknown }).brokenSync;
    expect(await brokenOnDashboard()).toEqual([
      { provider: "Google Sheets", reason: "Google Sheets no longer accepts our access (Token has been expired or revoked). Reconnect to resume." },
    ]);
    // The owner is told once, by email, however many leads then wait.
    await visitorSubmits(campaign.id, { name: "Hal Held", email: "hal@example.com" });
    await drain();
    const { db } = await getServices();
    const told = await db
      .select({ subject: schema.emailOutbox.subject, text: schema.emailOutbox.text })
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.to, owner.email), eq(schema.emailOutbox.kind, "sync_broken")));
    expect(told).toEqual([
      {
        subject: "Lead sync to Google Sheets has stopped",
        text: expect.stringContaining("Google Sheets no longer accepts our access (Token has been expired or revoked). Reconnect to resume."),
      },
    ]);

    standIns.state.google.expiresIn = 3600;
    await connect(owner, "google_sheets", "google-code");
    await drain();
    const after = (await page(owner)).log as Array<{ lead: string; status: string; result: string }>;
    expect(await brokenOnDashboard()).toEqual([]);
    for (const waited of ["gus@example.com", "hal@example.com"]) {
      expect(after.find((entry) => entry.lead === waited)).toMatchObject({ status: "succeeded", result: "Row added." });
    }
  });

  it("uses an existing sheet the owner links: a Leads tab with a header row is added and leads go there; a link it cannot open changes nothing", async () => {
    const owner = await createUser({ isPro: true });
    standIns.state.google.sheets.set("1StaffSheet_abcdefghij", { title: "Staff notes", tabs: ["Sheet1"], rows: [] });
    await connect(owner, "google_sheets", "google-code");

    const wrong = await post(owner, {
      intent: "existing",
      provider: "google_sheets",
      sheet: "https://docs.google.com/spreadsheets/d/1NotMine_xyz/edit",
    });
    expect(wrong.data.error).toBe("We could not open this sheet. Check the link, and that the Google account you connected can edit it.");
    // The owner's typing mistake is a 400 with the reason, not a 502 (issue 52 finding 8d).
    expect(wrong.status).toBe(400);
    const junk = await post(owner, { intent: "existing", provider: "google_sheets", sheet: "my sheet" });
    expect(junk).toMatchObject({
      status: 400,
      data: { error: "That is not a Google Sheets link: paste the sheet's link from your browser's address bar, or its ID." },
    });
    const typo = await post(owner, {
      intent: "existing",
      provider: "google_sheets",
      sheet: "https://docs.google.com/spreadsheet/d/1StaffSheet_abcdefghij/edit",
    });
    expect(typo).toMatchObject({
      status: 400,
      data: { error: "That is not a Google Sheets link: it has no “/spreadsheets/d/” followed by the sheet's ID." },
    });
    const elsewhere = await post(owner, {
      intent: "existing",
      provider: "google_sheets",
      sheet: "https://drive.google.com/drive/folders/1Abcdefghij",
    });
    expect(elsewhere).toMatchObject({
      status: 400,
      data: { error: "That is not a Google Sheets link: it leads to drive.google.com, not to a sheet." },
    });
    let sheets = (await page(owner)).providers.find((provider: { id: string }) => provider.id === "google_sheets");
    expect(sheets.connection).toMatchObject({ status: "active", destinationName: null });

    const used = await post(owner, {
      intent: "existing",
      provider: "google_sheets",
      sheet: " https://docs.google.com/spreadsheets/d/1StaffSheet_abcdefghij/edit#gid=0 ",
    });
    expect(used.data.message).toBe("New leads go to the sheet “Staff notes”, in its Leads tab.");
    const sheet = standIns.state.google.sheets.get("1StaffSheet_abcdefghij")!;
    expect(sheet.tabs).toEqual(["Sheet1", "Leads"]);
    expect(sheet.rows).toEqual([["Received", "Name", "Email", "Phone", "Campaign", "Placement", "Offer code", "Consent", "Lead ID"]]);
    // Choosing it again keeps its tab and header as they are.
    await post(owner, { intent: "existing", provider: "google_sheets", sheet: "1StaffSheet_abcdefghij" });
    expect(sheet.tabs).toEqual(["Sheet1", "Leads"]);
    expect(sheet.rows).toHaveLength(1);

    const campaign = await checkboxCampaign(owner.id);
    await visitorSubmits(campaign.id, { name: "Ezra Existing", email: "ezra@example.com" });
    await drain();
    expect(sheet.rows.map((row) => row[2])).toEqual(["Email", "ezra@example.com"]);
    sheets = (await page(owner)).providers.find((provider: { id: string }) => provider.id === "google_sheets");
    expect(sheets.connection).toMatchObject({ status: "active", destinationName: "Staff notes" });
  });

  it("Disconnect revokes the token at Google and forgets the connection", async () => {
    const owner = await createUser({ isPro: true });
    await connect(owner, "google_sheets", "google-code");
    const revokedBefore = standIns.state.google.revoked.length;
    expect((await post(owner, { intent: "disconnect", provider: "google_sheets" })).data.message).toBe("Google Sheets is disconnected.");
    expect(standIns.state.google.revoked.length).toBe(revokedBefore + 1);
    expect(standIns.state.google.revoked.at(-1)).toMatch(/^1\/\/refresh-/);
    expect((await page(owner)).providers.every((provider: { connection: unknown }) => provider.connection === null)).toBe(true);
  });
});

describe("without configuration or Pro", () => {
  it("a free owner cannot connect", async () => {
    const owner = await createUser();
    const answer = await post(owner, { intent: "connect", provider: "mailchimp" });
    expect(answer.status).toBe(403);
  });
});
