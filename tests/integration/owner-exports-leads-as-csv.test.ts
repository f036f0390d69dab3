import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { generateOwnerData } from "~/db/seed.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createLeadRow, createUser } from "../support/factories";
import { callRoute, expectRedirect, makeRequest } from "../support/http";

/** The body as text after checking it starts with the UTF-8 byte order mark (which text() would drop). */
async function bodyOf(response: Response) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder().decode(bytes.slice(3));
}

async function exportCsv(cookie: string, search = "") {
  const { loader } = await import("~/routes/leads-export");
  return (await callRoute(loader, makeRequest(`/leads/export.csv${search}`, { cookie }))).response!;
}

/** Lines of the file without its BOM and header; cells split naively (test data holds no commas or quotes). */
async function rowsOf(response: Response) {
  const lines = (await bodyOf(response)).split("\r\n");
  expect(lines.at(-1)).toBe("");
  expect(lines[0]).toBe(
    "Name,Email,Phone,Campaign,Collected At,Placement,Consent Status,Consent Wording,Consent Given At,Consent IP Address,Consent User Agent,Confirmed At,Confirmed IP Address,Withdrawn At,Redeemed At,Consent Language,redeemed_by,location",
  );
  // The spec's five columns and the placement; the consent columns (issue 14) are checked in consent-modes-record-lawful-leads.test.ts, Redeemed At in claims-draw-codes-and-staff-redeem-them.test.ts.
  return lines.slice(1, -1).map((line) => line.split(",").slice(0, 6));
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe("CSV export", () => {
  it("sends signed-out visitors to /signin", async () => {
    const { loader } = await import("~/routes/leads-export");
    expectRedirect(await callRoute(loader, makeRequest("/leads/export.csv")), "/signin");
  });

  it("is a UTF-8 attachment named by the day, never cached, and agrees with the screen", async () => {
    const owner = await createUser({ isPro: true });
    const cafe = await createCampaignRow(owner.id, { title: "Café Olé" });
    const gym = await createCampaignRow(owner.id, { title: "Gym" });
    await createLeadRow(cafe.id, { name: "Zoë", email: "zoe@x.io", phone: "+1 555 123 4567", collectedAt: new Date("2024-05-01T10:00:00Z") });
    await createLeadRow(gym.id, { name: "Ann", email: "ann@x.io", collectedAt: minutesAgo(5) });
    await createLeadRow(cafe.id, { name: "Bob", email: "bob@shop.io", collectedAt: minutesAgo(50) });

    const response = await exportCsv(owner.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="leadqr-leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = await rowsOf(response);
    expect(rows).toEqual([
      ["Ann", "ann@x.io", "", "Gym", expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), ""],
      ["Bob", "bob@shop.io", "", "Café Olé", expect.any(String), ""],
      ["Zoë", "zoe@x.io", "+1 555 123 4567", "Café Olé", "2024-05-01T10:00:00.000Z", ""],
    ]);

    // The same view as the screen: search and campaign filter, same order.
    const { loader } = await import("~/routes/leads");
    for (const search of ["?q=X.IO", `?campaign=${cafe.id}`, `?campaign=${cafe.id}&q=bob`]) {
      const screen = (await callRoute(loader, makeRequest(`/leads${search}`, { cookie: owner.cookie }))).data;
      const csv = await rowsOf(await exportCsv(owner.cookie, search));
      expect(
        csv.map((row) => row[1]),
        search,
      ).toEqual(screen.leads.map((lead: { email: string }) => lead.email));
    }
  });

  it("never lets a cell start a formula, yet keeps phone numbers readable", async () => {
    const owner = await createUser({ isPro: true });
    const { id } = await createCampaignRow(owner.id, { title: "@Campaign" });
    await createLeadRow(id, { name: '=HYPERLINK("http://evil.test";"x")', email: "-2+3@x.io", phone: "+1+cmd|' /C calc'!A0" });
    await createLeadRow(id, { name: "Plain", email: "plain@x.io", phone: "+44 (20) 7946-0958", collectedAt: minutesAgo(10) });
    const text = await bodyOf(await exportCsv(owner.cookie));
    const lines = text.split("\r\n");
    const collectedAt = lines[1]!.split(",")[4];
    expect(collectedAt).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
    // A lead without a placement or a consent record: an empty placement, "not recorded" and seven empty consent cells, no redemption, no consent language, nobody and nowhere redeemed.
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://evil.test"";""x"")",'-2+3@x.io,'+1+cmd|' /C calc'!A0,'@Campaign,${collectedAt},,not recorded,,,,,,,,,,,`,
    );
    expect(lines[2]).toMatch(/^Plain,plain@x\.io,\+44 \(20\) 7946-0958,'@Campaign,/);
  });

  it("gives a free owner only their 5 unmasked leads, and only those in the current view", async () => {
    const owner = await createUser({ isPro: true });
    const first = await createCampaignRow(owner.id, { title: "First" });
    const second = await createCampaignRow(owner.id, { title: "Second" });
    for (let index = 0; index < 8; index++) {
      await createLeadRow((index % 2 ? second : first).id, {
        name: `Person${index}`,
        email: `person${index}@x.io`,
        collectedAt: minutesAgo(100 - index),
      });
    }
    const { db } = await getServices();
    await db.update(schema.user).set({ isPro: false }).where(eq(schema.user.id, owner.id));

    const all = await rowsOf(await exportCsv(owner.cookie));
    expect(all.map((row) => row[0])).toEqual(["Person4", "Person3", "Person2", "Person1", "Person0"]);
    const inSecond = await rowsOf(await exportCsv(owner.cookie, `?campaign=${second.id}`));
    expect(inSecond.map((row) => row[0])).toEqual(["Person3", "Person1"]);
    const text = await bodyOf(await exportCsv(owner.cookie));
    for (const hidden of ["Person5", "Person6", "Person7", "***"]) expect(text).not.toContain(hidden);

    await db.update(schema.user).set({ isPro: true }).where(eq(schema.user.id, owner.id));
    expect(await rowsOf(await exportCsv(owner.cookie))).toHaveLength(8);
  });

  it("streams every row of a large export, across cursor batches", async () => {
    const owner = await createUser({ isPro: true });
    const { db } = await getServices();
    await generateOwnerData(db, { userId: owner.id, campaigns: 3, scans: 5_000, leads: 4_500, days: 30 });
    const rows = await rowsOf(await exportCsv(owner.cookie));
    expect(rows).toHaveLength(4_500);
    const moments = rows.map((row) => Date.parse(row[4]!));
    expect(moments.every((moment, index) => index === 0 || moment <= moments[index - 1]!)).toBe(true);
    expect(new Set(rows.map((row) => row[1])).size).toBe(4_500);
  });

  it("agrees with every page of the screen, shallow and deep", async () => {
    const owner = await createUser({ isPro: true });
    const { db } = await getServices();
    await generateOwnerData(db, { userId: owner.id, campaigns: 3, scans: 1_400, leads: 700, days: 30 });
    const csv = (await rowsOf(await exportCsv(owner.cookie))).map((row) => row[1]);
    const { loader } = await import("~/routes/leads");
    const screen: string[] = [];
    for (let page = 1; page <= 14; page++) {
      const data = (await callRoute(loader, makeRequest(`/leads?page=${page}`, { cookie: owner.cookie }))).data;
      screen.push(...data.leads.map((lead: { email: string }) => lead.email));
    }
    expect(csv).toHaveLength(700);
    expect(screen).toEqual(csv);
  });
});
