// Issue 51 (items 1, 5, 7): a lead's sheet row is found by the Lead ID it carries, however staff
// sorted, inserted or erased rows, and Sheets' append (against a stand-in that detects tables
// and inserts rows as the real one does) never makes a confirmation or an erasure touch another
// person's row. Rows written before Lead IDs are taken over only where they are certainly the
// lead's. A "leads" tab works; a deleted tab and Google's 403s hold the connection with their reason.
import crypto from "node:crypto";
import fs from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { confirmConsent } from "~/features/consent/consent.server";
import { eraseLead } from "~/features/leads/lead-rights.server";
import * as dashboard from "~/routes/dashboard";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { connect, drain, leadOf, page, post, type Owner } from "../support/sync-owner";
import { GOOGLE_403, startProviderStandIns } from "../support/sync-support";
import { visitorSubmits } from "../support/webhook-support";

let standIns: Awaited<ReturnType<typeof startProviderStandIns>>;

beforeAll(async () => {
  standIns = await startProviderStandIns();
  standIns.configure();
});
afterAll(() => standIns.close());

const HEADER = ["Received", "Name", "Email", "Phone", "Campaign", "Placement", "Offer code", "Consent", "Lead ID"];

/** An owner with Google connected and a new sheet chosen, and a double opt-in campaign. */
async function ownerWithSheet() {
  const owner = await createUser({ isPro: true });
  await connect(owner, "google_sheets", "google-code");
  await post(owner, { intent: "create", provider: "google_sheets" });
  const sheet = [...standIns.state.google.sheets.values()].at(-1)!;
  const campaign = await createCampaignRow(owner.id, { title: "Cake club" });
  const { db } = await getServices();
  await db.update(schema.campaign).set({ consentMode: "double_opt_in" }).where(eq(schema.campaign.id, campaign.id));
  return { owner, sheet, campaign };
}

async function confirm(leadId: string) {
  const { db } = await getServices();
  const token = crypto.randomBytes(32).toString("base64url");
  await db
    .update(schema.leadConsent)
    .set({ confirmTokenHash: crypto.createHash("sha256").update(token).digest("hex") })
    .where(eq(schema.leadConsent.leadId, leadId));
  expect(await confirmConsent(db, { token, clientAddress: "203.0.113.9" })).toBe(true);
}

/** What staff do with "Sort sheet Z → A" on the data rows: the header stays, blank rows sink to the bottom. */
function staffSortByNameDescending(rows: string[][]) {
  const data = rows.slice(1).sort((a, b) => (a.length === 0 ? 1 : b.length === 0 ? -1 : (b[1] ?? "").localeCompare(a[1] ?? "")));
  rows.splice(1, rows.length - 1, ...data);
}

const logOf = async (owner: Owner) => (await page(owner)).log as Array<{ lead: string; status: string; result: string }>;
const brokenOnDashboard = async (owner: Owner) =>
  ((await callRoute(dashboard.loader, makeRequest("/dashboard", { cookie: owner.cookie }))).data as { brokenSync: unknown }).brokenSync;

describe("a lead's row is found by its Lead ID", () => {
  it("after staff sorted the rows, inserted a blank one and a lead above was erased, a confirmation and an erasure each touch only their own row", async () => {
    const { owner, sheet, campaign } = await ownerWithSheet();
    for (const name of ["Anna", "Ben", "Cleo", "Dan"])
      await visitorSubmits(campaign.id, { name, email: `${name.toLowerCase()}@example.com`, marketingConsent: "yes" });
    await drain();
    expect(
      sheet.rows.map((row) => row[1]),
      JSON.stringify(await logOf(owner)),
    ).toEqual(["Name", "Anna", "Ben", "Cleo", "Dan"]);
    const ids = Object.fromEntries(
      await Promise.all(["anna", "ben", "cleo", "dan"].map(async (n) => [n, await leadOf(campaign.id, `${n}@example.com`)])),
    );
    expect(sheet.rows[1]![8]).toBe(ids.anna);

    // The owner erases Anna: her row is blanked, the others stay where they are.
    const { db } = await getServices();
    await eraseLead(db, { userId: owner.id, leadId: ids.anna! });
    await drain();
    expect(sheet.rows[1]).toEqual([]);
    // Staff sort Z → A and insert a blank row for notes near the top; a new lead arrives, and
    // Sheets inserts it after the first table it finds, above the blank and shifting rows down.
    staffSortByNameDescending(sheet.rows);
    sheet.rows.splice(2, 0, []);
    await visitorSubmits(campaign.id, { name: "Eve", email: "eve@example.com", marketingConsent: "yes" });
    await drain();
    expect(sheet.rows.map((row) => row[1] ?? "")).toEqual(["Name", "Dan", "Eve", "", "Cleo", "Ben", ""]);

    const before = sheet.rows.map((row) => [...row]);
    await confirm(ids.ben!);
    await drain();
    const changed = sheet.rows.flatMap((row, index) => (JSON.stringify(row) === JSON.stringify(before[index]) ? [] : [index]));
    expect(changed).toEqual([5]);
    expect(sheet.rows[5]).toMatchObject({ 1: "Ben", 7: "confirmed", 8: ids.ben });

    const beforeErase = sheet.rows.map((row) => [...row]);
    await eraseLead(db, { userId: owner.id, leadId: ids.cleo! });
    await drain();
    expect(sheet.rows[4]).toEqual([]);
    expect(sheet.rows.filter((_, index) => index !== 4)).toEqual(beforeErase.filter((_, index) => index !== 4));
    expect(JSON.stringify(sheet.rows)).not.toContain("cleo@example.com");
    expect((await logOf(owner))[0]).toMatchObject({ lead: "Erased lead", status: "succeeded", result: "Removed: the lead was erased." });
  });

  it("an erasure whose row staff deleted touches nothing and says so in the sync log", async () => {
    const { owner, sheet, campaign } = await ownerWithSheet();
    await visitorSubmits(campaign.id, { name: "Fay", email: "fay@example.com", marketingConsent: "yes" });
    await visitorSubmits(campaign.id, { name: "Gil", email: "gil@example.com", marketingConsent: "yes" });
    await drain();
    const fayId = await leadOf(campaign.id, "fay@example.com");
    sheet.rows.splice(
      sheet.rows.findIndex((row) => row[8] === fayId),
      1,
    );
    const before = sheet.rows.map((row) => [...row]);
    const { db } = await getServices();
    await eraseLead(db, { userId: owner.id, leadId: fayId });
    await drain();
    expect(sheet.rows).toEqual(before);
    expect((await logOf(owner))[0]).toMatchObject({
      lead: "Erased lead",
      status: "skipped",
      result: `Not removed: no row of the sheet carries this lead's ID (Lead ID ${fayId}) any more, so nothing was changed.`,
    });
  });

  it("rows written before Lead IDs: the migration marks them, a push takes over only the lead's own row, an erasure clears only it or nothing", async () => {
    const { owner, sheet, campaign } = await ownerWithSheet();
    const { db } = await getServices();
    const [connection] = await db.select().from(schema.syncConnection).where(eq(schema.syncConnection.userId, owner.id));
    for (const name of ["Hana", "Ivo", "Jun"]) await visitorSubmits(campaign.id, { name, email: `${name.toLowerCase()}@example.com` });
    await drain();
    // As the previous version left them: eight columns, each copy kept as its position.
    sheet.rows.forEach((row) => row.splice(8));
    const ids = Object.fromEntries(await Promise.all(["hana", "ivo", "jun"].map(async (n) => [n, await leadOf(campaign.id, `${n}@example.com`)])));
    for (const [index, name] of ["hana", "ivo", "jun"].entries())
      await db.execute(
        sql`update sync_record set remote_row = ${`Leads!A${index + 2}:H${index + 2}`} where connection_id = ${connection!.id} and lead_id = ${ids[name]}`,
      );
    // Staff sort Z → A: Jun is now where Hana was, and Hana where Jun was.
    staffSortByNameDescending(sheet.rows);
    expect(sheet.rows.map((row) => row[1])).toEqual(["Name", "Jun", "Ivo", "Hana"]);

    const migration = fs.readFileSync("drizzle/0027_sheet_rows_found_by_lead_id.sql", "utf8").split("--> statement-breakpoint");
    for (const statement of migration) await db.execute(sql.raw(statement));
    const records = await db.select().from(schema.syncRecord).where(eq(schema.syncRecord.connectionId, connection!.id));
    expect(records.find((record) => record.leadId === ids.hana)!.remoteRow).toBe(
      `Leads!A2:H2#${crypto.createHash("md5").update("hana@example.com").digest("hex")}`,
    );

    // Hana is erased before her row is re-keyed: her row is found by her address's hash, not at A2 (Jun's now).
    await eraseLead(db, { userId: owner.id, leadId: ids.hana! });
    await drain();
    expect(sheet.rows.map((row) => row[1] ?? "")).toEqual(["Name", "Jun", "Ivo", ""]);
    // The queued pushes wrote each remaining lead's ID into its own row.
    expect(sheet.rows[0]).toEqual(HEADER);
    expect(sheet.rows[1]).toMatchObject({ 2: "jun@example.com", 8: ids.jun });
    expect(sheet.rows[2]).toMatchObject({ 2: "ivo@example.com", 8: ids.ivo });
    expect(sheet.rows).toHaveLength(4);
    const kept = await db.select().from(schema.syncRecord).where(eq(schema.syncRecord.connectionId, connection!.id));
    expect(kept.map((record) => record.remoteRow).sort()).toEqual([`id:${ids.ivo}`, `id:${ids.jun}`].sort());

    // A position with no address to check it by is never written to.
    const before = sheet.rows.map((row) => [...row]);
    await db
      .insert(schema.syncJob)
      .values({ connectionId: connection!.id, action: "erase", remoteKey: connection!.destinationId, remoteRow: "Leads!A2:H2" });
    await drain();
    expect(sheet.rows).toEqual(before);
    expect((await logOf(owner))[0]).toMatchObject({
      status: "skipped",
      result: expect.stringContaining("Not removed: its row could not be told apart"),
    });
  });
});

describe("the Leads tab and Google's refusals", () => {
  it("a tab named “leads” is used as it is, under its own title", async () => {
    const owner = await createUser({ isPro: true });
    standIns.state.google.sheets.set("1LowerCaseTab_abcdef", { title: "Bar sheet", tabs: ["Sheet1", "leads"], rows: [] });
    await connect(owner, "google_sheets", "google-code");
    const used = await post(owner, { intent: "existing", provider: "google_sheets", sheet: "1LowerCaseTab_abcdef" });
    expect(used.data.message).toBe("New leads go to the sheet “Bar sheet”, in its Leads tab.");
    const sheet = standIns.state.google.sheets.get("1LowerCaseTab_abcdef")!;
    expect(sheet.tabs).toEqual(["Sheet1", "leads"]);
    expect(sheet.rows).toEqual([HEADER]);
    const campaign = await createCampaignRow(owner.id, { title: "Bar" });
    await visitorSubmits(campaign.id, { name: "Kim", email: "kim@example.com" });
    await drain();
    expect(sheet.rows.map((row) => row[2])).toEqual(["Email", "kim@example.com"]);
    expect((await logOf(owner))[0]).toMatchObject({ status: "succeeded", result: "Row added." });
    const written = standIns.state.calls.filter((call) => call.method !== "GET" && call.path.includes("1LowerCaseTab_abcdef/values"));
    expect(written.every((call) => decodeURIComponent(call.path + call.body).includes("'leads'!"))).toBe(true);
  });

  it("a deleted Leads tab raises the banner and emails the owner to choose another sheet; choosing it again resumes", async () => {
    const { owner, sheet, campaign } = await ownerWithSheet();
    sheet.tabs = sheet.tabs.filter((tab) => tab !== "Leads");
    await visitorSubmits(campaign.id, { name: "Lou", email: "lou@example.com" });
    await drain();
    const reason = "The sheet's Leads tab was deleted or renamed. Choose another sheet, or choose this one again to add a new Leads tab.";
    const sheets = (await page(owner)).providers.find((provider: { id: string }) => provider.id === "google_sheets");
    expect(sheets.connection).toMatchObject({ status: "broken", brokenReason: reason });
    expect(await brokenOnDashboard(owner)).toEqual([{ provider: "Google Sheets", reason }]);
    const { db } = await getServices();
    const told = await db
      .select({ subject: schema.emailOutbox.subject, text: schema.emailOutbox.text })
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.to, owner.email), eq(schema.emailOutbox.kind, "sync_broken")));
    expect(told).toEqual([{ subject: "Lead sync to Google Sheets has stopped", text: expect.stringContaining(reason) }]);
    expect((await logOf(owner))[0]).toMatchObject({ lead: "lou@example.com", status: "pending" });

    const id = [...standIns.state.google.sheets.entries()].find(([, entry]) => entry === sheet)![0];
    await post(owner, { intent: "existing", provider: "google_sheets", sheet: id });
    await drain();
    expect(await brokenOnDashboard(owner)).toEqual([]);
    expect(sheet.tabs).toContain("Leads");
    expect(sheet.rows.map((row) => row[2])).toEqual(["Email", "lou@example.com"]);
  });

  it("a 403 says why: the sheet no longer shared, or the Sheets API not enabled for the project, not “reconnect”", async () => {
    const { owner, campaign } = await ownerWithSheet();
    standIns.fail(/^GET \/sheets\/v4\/spreadsheets\/sheet-\d+$/, 403, { body: GOOGLE_403.notShared });
    await visitorSubmits(campaign.id, { name: "Max", email: "max@example.com" });
    await drain();
    const reasonOf = async () => (await page(owner)).providers.find((provider: { id: string }) => provider.id === "google_sheets").connection;
    expect(await reasonOf()).toMatchObject({
      status: "broken",
      brokenReason:
        "The sheet is no longer shared with your Google account (or only for viewing). Share it again with edit access and choose it again, or choose another sheet.",
    });

    const other = await ownerWithSheet();
    standIns.fail(/^GET \/sheets\/v4\/spreadsheets\/sheet-\d+$/, 403, { body: GOOGLE_403.apiDisabled });
    await visitorSubmits(other.campaign.id, { name: "Nia", email: "nia@example.com" });
    await drain();
    const connection = (await page(other.owner)).providers.find((provider: { id: string }) => provider.id === "google_sheets").connection;
    expect(connection.brokenReason).toBe(
      "The Google Sheets API is not enabled for this project: LeadQR's operator must enable it in Google Cloud. Then choose your sheet again.",
    );
    // Linking a sheet says the same, not "we could not open this sheet".
    standIns.fail(/^GET \/sheets\/v4\/spreadsheets\//, 403, { body: GOOGLE_403.apiDisabled });
    const linked = await post(other.owner, { intent: "existing", provider: "google_sheets", sheet: "1AnySheet_abcdefgh" });
    expect(linked.data.error).toBe(connection.brokenReason);
    expect(linked.status).toBe(502);
  });
});

describe("Google's OAuth flow", () => {
  it("uses PKCE (S256): the code is exchanged with the verifier of the challenge sent, and a wrong verifier connects nothing", async () => {
    const owner = await createUser({ isPro: true });
    const started = await post(owner, { intent: "connect", provider: "google_sheets" });
    const authorize = new URL(started.headers.get("location")!);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    const challenge = authorize.searchParams.get("code_challenge")!;
    expect(challenge).toMatch(/^[\w-]{43}$/);
    // The owner's browser shows Google's consent screen, which keeps the challenge with the code.
    expect((await fetch(authorize)).status).toBe(200);
    const callback = await import("~/routes/settings.integrations.sync-callback");
    const back = `/settings/integrations/sync/google_sheets/callback?code=google-code&state=${authorize.searchParams.get("state")}`;
    const result = await callRoute(callback.loader, makeRequest(back, { cookie: owner.cookie }), { provider: "google_sheets" });
    expect(result.headers.get("location")).toBe("/settings/integrations/sync?connected=google_sheets");
    const exchange = standIns.state.calls.filter((call) => call.path === "/google/token" && call.body.includes("authorization_code")).at(-1)!;
    const verifier = new URLSearchParams(exchange.body).get("code_verifier")!;
    expect(crypto.createHash("sha256").update(verifier).digest("base64url")).toBe(challenge);

    // A code whose challenge another authorization set is refused at the exchange.
    const again = new URL((await post(owner, { intent: "connect", provider: "google_sheets" })).headers.get("location")!);
    standIns.state.google.challenges.set("google-code", challenge);
    const refused = await callRoute(
      callback.loader,
      makeRequest(`/settings/integrations/sync/google_sheets/callback?code=google-code&state=${again.searchParams.get("state")}`, {
        cookie: owner.cookie,
      }),
      { provider: "google_sheets" },
    );
    expect(refused.data.error).toContain("Google Sheets was not connected: Google Sheets no longer accepts our access (Invalid code verifier).");
    standIns.state.google.challenges.clear();
  });
});
