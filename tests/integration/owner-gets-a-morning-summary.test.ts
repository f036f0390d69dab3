import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { openDatabase } from "~/db/client.server";
import { sendDueSummaries } from "~/features/summary/schedule.server";
import { summaryAsLines } from "~/features/summary/summary-lines";
import { buildSummary } from "~/features/summary/summary.server";
import { duePeriod } from "~/features/summary/period";
import * as settings from "~/routes/settings.notifications";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createLeadRow, createScanRows, createUser, type ScanSpec } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { insertPlacement } from "../support/analytics-support";
import { deliveriesOf } from "../support/alerts-support";
import { useMailbox } from "../support/smtp-support";

const APP = "http://localhost:3000";
const mailbox = useMailbox();

/** Monday 23 November 2026, 08:00 in Madrid (UTC+1): the weekly summary of 16–22 November is due. */
const MADRID_MONDAY_8AM = new Date("2026-11-23T07:00:00Z");
/** Tuesday 24 November 2026, 08:00 in New York (UTC−5): the daily summary of Monday 23 November is due. */
const NEW_YORK_TUESDAY_8AM = new Date("2026-11-24T13:00:00Z");

async function ownerWithSummary(options: { timeZone: string; frequency: "daily" | "weekly"; onQuietDays?: boolean; toChannels?: boolean }) {
  const owner = await createUser();
  const { db } = await getServices();
  await db.insert(schema.businessProfile).values({ userId: owner.id, name: "Café Sol", timeZone: options.timeZone });
  await db.insert(schema.notificationSetting).values({
    userId: owner.id,
    summaryFrequency: options.frequency,
    summaryOnQuietDays: options.onQuietDays ?? false,
    summaryToChannels: options.toChannels ?? false,
  });
  return owner;
}

/** Visitors scanning (each its own browser unless named) and those who leave a lead from their scan. */
async function visits(campaignId: string, scans: Array<ScanSpec & { lead?: boolean }>) {
  const ids = await createScanRows(
    campaignId,
    scans.map((scan) => ({ visitor: crypto.randomUUID(), ...scan })),
  );
  const leads: string[] = [];
  for (const [index, scan] of scans.entries()) {
    if (scan.lead)
      leads.push(
        (await createLeadRow(campaignId, { collectedAt: new Date(scan.at.getTime() + 60_000), placementId: scan.placementId, scanId: ids[index] }))
          .id,
      );
  }
  return leads;
}

async function offerCode(ownerId: string, campaignId: string, leadId: string, times: { redeemedAt?: Date; expiresAt?: Date }) {
  const { db } = await getServices();
  await db.insert(schema.offerCode).values({
    code: crypto.randomUUID().slice(0, 8),
    campaignId,
    userId: ownerId,
    leadId,
    claimantKey: crypto.randomUUID(),
    ...times,
  });
}

async function summariesTo(email: string) {
  const { db } = await getServices();
  return db
    .select()
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.to, email), eq(schema.emailOutbox.kind, "owner_summary")));
}

const at = (iso: string) => new Date(iso);

/** A café in Madrid: a poster, a table tent and the campaign's own code, this week and the week before. */
async function seedMadridWeek() {
  const owner = await ownerWithSummary({ timeZone: "Europe/Madrid", frequency: "weekly" });
  const spring = await createCampaignRow(owner.id, { title: "Spring Offer" });
  const poster = await insertPlacement(spring.id, "Window poster");
  const tent = await insertPlacement(spring.id, "Table tent");
  // 16–22 November in Madrid: the poster 5 scans by 4 visitors, 2 of them leads; the tent 2; the own code 1,
  // at 23:30 on Sunday in Madrid (22:30 UTC): still the week.
  const [firstLead] = await visits(spring.id, [
    { at: at("2026-11-16T09:00:00Z"), placementId: poster, visitor: "ana", lead: true },
    { at: at("2026-11-17T09:00:00Z"), placementId: poster, visitor: "ana", isUnique: false },
    { at: at("2026-11-18T09:00:00Z"), placementId: poster, lead: true },
    { at: at("2026-11-19T09:00:00Z"), placementId: poster },
    { at: at("2026-11-20T09:00:00Z"), placementId: poster },
    { at: at("2026-11-20T10:00:00Z"), placementId: tent },
    { at: at("2026-11-21T10:00:00Z"), placementId: tent },
    { at: at("2026-11-22T22:30:00Z") },
  ]);
  // 00:30 on Monday in Madrid (23:30 UTC on Sunday): the new week, in no summary yet.
  await visits(spring.id, [{ at: at("2026-11-22T23:30:00Z"), placementId: tent, lead: true }]);
  await offerCode(owner.id, spring.id, firstLead!, { redeemedAt: at("2026-11-19T12:00:00Z") });
  // 9–15 November: the poster 2 visitors, 1 lead; the tent 2 visitors.
  const [oldLead] = await visits(spring.id, [
    { at: at("2026-11-09T09:00:00Z"), placementId: poster, lead: true },
    { at: at("2026-11-10T09:00:00Z"), placementId: poster },
    { at: at("2026-11-11T09:00:00Z"), placementId: tent },
    { at: at("2026-11-12T09:00:00Z"), placementId: tent },
  ]);
  // Claimed last week, unredeemed, valid until Wednesday 18:00 in Madrid.
  await offerCode(owner.id, spring.id, oldLead!, { expiresAt: at("2026-11-25T17:00:00Z") });
  const autumn = await createCampaignRow(owner.id, { title: "Autumn Tasting" });
  await visits(autumn.id, [{ at: at("2026-11-18T18:00:00Z") }, { at: at("2026-11-19T18:00:00Z") }, { at: at("2026-11-20T18:00:00Z") }]);
  const { db } = await getServices();
  await db.insert(schema.webhookEndpoint).values({
    userId: owner.id,
    url: "https://hooks.example.com/catch/12345/secret-path",
    events: ["lead.created"],
    secret: "whsec_test",
    status: "paused",
    pausedReason: "Failed 20 times in a row",
  });
  return { owner, spring, autumn };
}

describe("Settings → Notifications → Morning summary", () => {
  const post = (cookie: string, form: Record<string, string>) => callRoute(settings.action, makeRequest("/settings/notifications", { cookie, form }));
  const load = async (cookie: string) => (await callRoute(settings.loader, makeRequest("/settings/notifications", { cookie }))).data;

  it("is off until the owner chooses, then keeps their choice and their browser's zone", async () => {
    const owner = await createUser();
    expect((await load(owner.cookie)).summary).toEqual({ frequency: "off", onQuietDays: false, toChannels: false, timeZone: null });

    const saved = await post(`${owner.cookie}; tz=Europe%2FMadrid`, { intent: "summary", summaryFrequency: "weekly", summaryOnQuietDays: "yes" });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ form: "summary", message: "Summary settings saved" });
    expect((await load(owner.cookie)).summary).toEqual({ frequency: "weekly", onQuietDays: true, toChannels: false, timeZone: "Europe/Madrid" });

    // Unticked, the box posts nothing; a browser without a zone keeps the zone saved before.
    await post(owner.cookie, { intent: "summary", summaryFrequency: "daily" });
    expect((await load(owner.cookie)).summary).toEqual({ frequency: "daily", onQuietDays: false, toChannels: false, timeZone: "Europe/Madrid" });
  });

  it("refuses a frequency it does not offer, next to the field", async () => {
    const owner = await createUser();
    const refused = await post(owner.cookie, { intent: "summary", summaryFrequency: "hourly" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("Please choose off, daily or weekly");
    expect((await load(owner.cookie)).summary.frequency).toBe("off");
  });
});

describe("the morning summary", () => {
  it("is not due before 08:00 in the owner's zone, nor after the catch-up hours, nor weekly on another day", () => {
    expect(duePeriod(new Date("2026-11-23T06:59:00Z"), "Europe/Madrid", "weekly")).toBeNull();
    expect(duePeriod(MADRID_MONDAY_8AM, "Europe/Madrid", "weekly")).toEqual({
      frequency: "weekly",
      from: "2026-11-16",
      to: "2026-11-22",
      previousFrom: "2026-11-09",
      previousTo: "2026-11-15",
    });
    expect(duePeriod(new Date("2026-11-23T11:00:00Z"), "Europe/Madrid", "weekly")).toBeNull();
    expect(duePeriod(new Date("2026-11-24T07:00:00Z"), "Europe/Madrid", "weekly")).toBeNull();
    expect(duePeriod(new Date("2026-11-24T12:59:00Z"), "America/New_York", "daily")).toBeNull();
    expect(duePeriod(NEW_YORK_TUESDAY_8AM, "America/New_York", "daily")).toMatchObject({
      from: "2026-11-23",
      to: "2026-11-23",
      previousFrom: "2026-11-22",
    });
  });

  it("gives a Madrid owner last week per campaign and placement, each against the week before, at Monday 08:00", async () => {
    const { owner } = await seedMadridWeek();
    const { db } = await getServices();

    // 07:59 in Madrid: nothing yet.
    await sendDueSummaries(db, { now: new Date(MADRID_MONDAY_8AM.getTime() - 60_000), appUrl: APP });
    expect(await summariesTo(owner.email)).toHaveLength(0);

    await sendDueSummaries(db, { now: MADRID_MONDAY_8AM, appUrl: APP });
    const [queued, ...more] = await summariesTo(owner.email);
    expect(more).toHaveLength(0);
    expect(queued!.subject).toBe("Last week on LeadQR: 2 leads from 11 scans");
    expect(queued!.text.split("\n")).toEqual([
      "LeadQR summary for 16 – 22 November 2026 (Europe/Madrid), changes against the week before",
      "All campaigns: 11 scans (+175 %), 10 unique visitors (+150 %), 2 leads (+100 %), 1 redeemed (new), conversion 20 % (-5 pts)",
      "Best placement: Window poster (Spring Offer), 2 leads from 5 scans",
      // 2 of 7 unique visitors converted = 28.6 %; the week before 1 of 4 = 25 %.
      "Spring Offer: 8 scans (+100 %), 7 unique visitors (+75 %), 2 leads (+100 %), 1 redeemed (new), conversion 28.6 % (+3.6 pts)",
      "  - Window poster: 5 scans (+150 %), 4 unique visitors (+100 %), 2 leads (+100 %), 1 redeemed (new), conversion 50 % (±0 pts)",
      "  - Table tent: 2 scans (±0 %), 2 unique visitors (±0 %), 0 leads (—), 0 redeemed (—), conversion 0 % (±0 pts)",
      "  - No placement: 1 scan (new), 1 unique visitor (new), 0 leads (—), 0 redeemed (—), conversion 0 % (new)",
      "Autumn Tasting: 3 scans (new), 3 unique visitors (new), 0 leads (—), 0 redeemed (—), conversion 0 % (new)",
      "Codes about to expire:",
      "  - Spring Offer: 1 code not redeemed yet, the first expires Wed 25 Nov, 18:00",
      "Needs your attention:",
      "  - Webhook endpoint hooks.example.com is paused: Failed 20 times in a row",
      "",
      `Open your dashboard: ${APP}/dashboard`,
      `Change or turn off this summary: ${APP}/settings/notifications#section-summary`,
    ]);
    // A hook URL is often a secret: its host only.
    expect(queued!.html).not.toContain("secret-path");

    // Any later look the same morning finds the week decided.
    await sendDueSummaries(db, { now: new Date(MADRID_MONDAY_8AM.getTime() + 30 * 60_000), appUrl: APP });
    expect(await summariesTo(owner.email)).toHaveLength(1);

    // Delivered by the email worker over SMTP, the HTML carrying the same figures.
    const [mail, ...others] = (await mailbox.deliveredTo(owner.email)).filter((received) => received.subject.startsWith("Last week on LeadQR"));
    expect(others).toHaveLength(0);
    expect(mail!.html).toContain("Spring Offer");
    expect(mail!.html).toContain("Window poster");
    expect(mail!.html).toContain(">+3.6 pts<");
    expect(mail!.html).toContain('content="width=device-width, initial-scale=1"');
    expect(mail!.text).toContain("Spring Offer: 8 scans (+100 %)");
    // SUMMARY_SCREENSHOT=dir keeps the delivered HTML, to look at in a browser.
    if (process.env.SUMMARY_SCREENSHOT) fs.writeFileSync(path.join(process.env.SUMMARY_SCREENSHOT, "madrid-week.html"), mail!.html);
  });

  it("breaks each campaign down by location too, once its placements have locations", async () => {
    const { owner, spring } = await seedMadridWeek();
    const { db } = await getServices();
    const [harbour, oldTown] = await db
      .insert(schema.location)
      .values([
        { userId: owner.id, name: "Harbour" },
        { userId: owner.id, name: "Old Town" },
      ])
      .returning({ id: schema.location.id });
    const placements = await db.select().from(schema.placement).where(eq(schema.placement.campaignId, spring.id));
    for (const placement of placements) {
      await db
        .update(schema.placement)
        .set({ locationId: placement.name === "Window poster" ? harbour!.id : oldTown!.id })
        .where(eq(schema.placement.id, placement.id));
    }

    await sendDueSummaries(db, { now: MADRID_MONDAY_8AM, appUrl: APP });
    const [queued] = await summariesTo(owner.email);
    const lines = queued!.text.split("\n");
    const springLine = lines.indexOf(
      "Spring Offer: 8 scans (+100 %), 7 unique visitors (+75 %), 2 leads (+100 %), 1 redeemed (new), conversion 28.6 % (+3.6 pts)",
    );
    // The locations' figures are their placements' (the campaign's own code is at no location);
    // the placements' lines follow.
    expect(lines.slice(springLine + 1, springLine + 3)).toEqual([
      "  - Harbour (location): 5 scans (+150 %), 4 unique visitors (+100 %), 2 leads (+100 %), 1 redeemed (new), conversion 50 % (±0 pts)",
      "  - Old Town (location): 2 scans (±0 %), 2 unique visitors (±0 %), 0 leads (—), 0 redeemed (—), conversion 0 % (±0 pts)",
    ]);
    expect(lines[springLine + 3]).toMatch(/^ {2}- (Window poster|Table tent): /);
    expect(queued!.html).toContain("Harbour (location)");
  });

  it("gives a New York owner yesterday at Tuesday 08:00, counting days by New York's midnight", async () => {
    const owner = await ownerWithSummary({ timeZone: "America/New_York", frequency: "daily" });
    const bagels = await createCampaignRow(owner.id, { title: "Bagel Club" });
    const counter = await insertPlacement(bagels.id, "Counter card");
    await visits(bagels.id, [
      // Monday 23 November in New York: 10:00, 11:00 (a lead), and 22:00 (03:00 UTC on Tuesday).
      { at: at("2026-11-23T15:00:00Z"), placementId: counter },
      { at: at("2026-11-23T16:00:00Z"), placementId: counter, lead: true },
      { at: at("2026-11-24T03:00:00Z"), placementId: counter },
      // Sunday 22 November in New York: 07:00, and 22:00 (03:00 UTC on Monday).
      { at: at("2026-11-22T12:00:00Z"), placementId: counter },
      { at: at("2026-11-23T03:00:00Z"), placementId: counter },
    ]);
    const { db } = await getServices();
    const period = duePeriod(NEW_YORK_TUESDAY_8AM, "America/New_York", "daily")!;
    const summary = await buildSummary(db, { userId: owner.id, timeZone: "America/New_York", period, now: NEW_YORK_TUESDAY_8AM });
    expect(summary.campaigns).toHaveLength(1);
    expect(summary.campaigns[0]!.current).toEqual({ scans: 3, unique: 3, leads: 1, redemptions: 0, conversion: 33.3 });
    expect(summary.campaigns[0]!.previous).toEqual({ scans: 2, unique: 2, leads: 0, redemptions: 0, conversion: 0 });
    expect(summaryAsLines(summary).slice(0, 5)).toEqual([
      "LeadQR summary for Monday 23 November 2026 (America/New_York), changes against the day before",
      "All campaigns: 3 scans (+50 %), 3 unique visitors (+50 %), 1 lead (new), 0 redeemed (—), conversion 33.3 % (+33.3 pts)",
      "Best placement: Counter card (Bagel Club), 1 lead from 3 scans",
      "Bagel Club: 3 scans (+50 %), 3 unique visitors (+50 %), 1 lead (new), 0 redeemed (—), conversion 33.3 % (+33.3 pts)",
      "  - Counter card: 3 scans (+50 %), 3 unique visitors (+50 %), 1 lead (new), 0 redeemed (—), conversion 33.3 % (+33.3 pts)",
    ]);

    await sendDueSummaries(db, { now: NEW_YORK_TUESDAY_8AM, appUrl: APP });
    const queued = await summariesTo(owner.email);
    expect(queued.map((row) => row.subject)).toEqual(["Yesterday on LeadQR: 1 lead from 3 scans"]);
  });

  it("sends nothing for a quiet day, unless the owner asked for quiet days too", async () => {
    const quiet = await ownerWithSummary({ timeZone: "America/New_York", frequency: "daily" });
    const asked = await ownerWithSummary({ timeZone: "America/New_York", frequency: "daily", onQuietDays: true });
    for (const owner of [quiet, asked]) {
      const campaign = await createCampaignRow(owner.id, { title: "Quiet Corner" });
      // Only the day before yesterday had visitors: yesterday has nothing to say.
      await visits(campaign.id, [{ at: at("2026-11-22T15:00:00Z") }]);
    }
    const { db } = await getServices();
    await sendDueSummaries(db, { now: NEW_YORK_TUESDAY_8AM, appUrl: APP });

    expect(await summariesTo(quiet.email)).toHaveLength(0);
    const [decided] = await db.select().from(schema.ownerSummary).where(eq(schema.ownerSummary.userId, quiet.id));
    expect(decided).toMatchObject({ frequency: "daily", periodStart: "2026-11-23", outcome: "quiet" });
    const [sent] = await summariesTo(asked.email);
    expect(sent!.subject).toBe("Yesterday on LeadQR: a quiet day");
    // Asked for, the quiet day still says how it compares with the day before.
    expect(sent!.text).toContain("Quiet Corner: 0 scans (-100 %), 0 unique visitors (-100 %), 0 leads (—)");
  });

  it("posts the same lines to the owner's proven, switched-on Slack and Telegram when asked; nothing without the choice", async () => {
    const asked = await ownerWithSummary({ timeZone: "America/New_York", frequency: "daily", toChannels: true });
    const notAsked = await ownerWithSummary({ timeZone: "America/New_York", frequency: "daily" });
    const { db } = await getServices();
    for (const owner of [asked, notAsked]) {
      const campaign = await createCampaignRow(owner.id, { title: "Channel Corner" });
      await visits(campaign.id, [{ at: at("2026-11-23T15:00:00Z"), lead: true }]);
      await db.insert(schema.alertChannel).values([
        { userId: owner.id, kind: "slack", status: "proven", destination: "sealed elsewhere", label: "hooks.slack.com/services/T1/B1" },
        // A chat that never sent its /start token is not proven: nothing goes to it.
        { userId: owner.id, kind: "telegram", status: "proving" },
      ]);
    }
    await sendDueSummaries(db, { now: NEW_YORK_TUESDAY_8AM, appUrl: APP });

    const [mail] = await summariesTo(asked.email);
    const posted = await deliveriesOf(asked.id);
    expect(posted.map(({ kind, status }) => ({ kind, status }))).toEqual([{ kind: "summary", status: "pending" }]);
    expect(posted[0]!.text.split("\n")[0]).toBe("LeadQR summary for Monday 23 November 2026 (America/New_York), changes against the day before");
    // The email's text part is these lines and its two links.
    expect(mail!.text.startsWith(`${posted[0]!.text}\n\n`)).toBe(true);
    expect(await summariesTo(notAsked.email)).toHaveLength(1);
    expect(await deliveriesOf(notAsked.id)).toEqual([]);
  });

  it("keeps the choice to post it to Slack and Telegram from Settings", async () => {
    const owner = await createUser();
    const form = { intent: "summary", summaryFrequency: "weekly", summaryToChannels: "yes" };
    const saved = await callRoute(settings.action, makeRequest("/settings/notifications", { cookie: owner.cookie, form }));
    expect(saved.status).toBe(200);
    const page = await callRoute(settings.loader, makeRequest("/settings/notifications", { cookie: owner.cookie }));
    expect((page.data as { summary: { frequency: string; toChannels: boolean } }).summary).toMatchObject({ frequency: "weekly", toChannels: true });
  });

  it("is not sent to an owner who has it off", async () => {
    const owner = await createUser();
    const { db } = await getServices();
    await db.insert(schema.businessProfile).values({ userId: owner.id, name: "Off", timeZone: "America/New_York" });
    const campaign = await createCampaignRow(owner.id, { title: "Busy" });
    await visits(campaign.id, [{ at: at("2026-11-23T15:00:00Z"), lead: true }]);
    await sendDueSummaries(db, { now: NEW_YORK_TUESDAY_8AM, appUrl: APP });
    expect(await summariesTo(owner.email)).toHaveLength(0);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("is queued exactly once when two processes look at the same instant", async () => {
    const owner = await ownerWithSummary({ timeZone: "Europe/Madrid", frequency: "daily" });
    const campaign = await createCampaignRow(owner.id, { title: "Twice Looked" });
    await visits(campaign.id, [{ at: at("2026-11-22T12:00:00Z"), lead: true }]);
    const { db } = await getServices();
    const other = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: "", capturePoolSize: 1 });
    try {
      for (let round = 0; round < 3; round++) {
        await Promise.all([
          sendDueSummaries(db, { now: MADRID_MONDAY_8AM, appUrl: APP }),
          sendDueSummaries(other.db, { now: MADRID_MONDAY_8AM, appUrl: APP }),
        ]);
      }
    } finally {
      await other.close();
    }
    expect((await summariesTo(owner.email)).map((row) => row.subject)).toEqual(["Yesterday on LeadQR: 1 lead from 1 scan"]);
  });
});
