// "Send my existing N leads" (decision 440): leads collected before a destination was chosen go
// out on request, consenting ones only to the audience, every one to the sheet, at the provider's
// rate (a 429's Retry-After holds the connection's other jobs too), never twice.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { subscriberHash } from "~/features/sync/mailchimp.server";
import { getServices } from "~/utils/services.server";
import { createUser } from "../support/factories";
import { checkboxCampaign, connect, drain, page, post } from "../support/sync-owner";
import { startProviderStandIns } from "../support/sync-support";
import { visitorSubmits } from "../support/webhook-support";

let standIns: Awaited<ReturnType<typeof startProviderStandIns>>;

beforeAll(async () => {
  standIns = await startProviderStandIns();
  standIns.configure();
});
afterAll(() => standIns.close());

type ProviderView = { id: string; connection: { backfill: { waiting: number; queued: number; done: number } | null } };
const backfillOf = async (owner: Awaited<ReturnType<typeof createUser>>, id: string) =>
  ((await page(owner)).providers as ProviderView[]).find((provider) => provider.id === id)!.connection!.backfill;

describe("backfill", () => {
  it("sends the existing leads once, consenting ones to the audience and all to the sheet, waiting out a 429 for the whole connection", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await checkboxCampaign(owner.id, "Bread club");
    await visitorSubmits(campaign.id, { name: "Ann Early", email: "ann@example.com", marketingConsent: "yes" });
    await visitorSubmits(campaign.id, { name: "Ben Early", email: "ben@example.com" });
    await visitorSubmits(campaign.id, { name: "Cleo Early", email: "cleo@example.com", marketingConsent: "yes" });

    await connect(owner, "mailchimp", "mc-code");
    expect(await backfillOf(owner, "mailchimp")).toBeNull();
    await post(owner, { intent: "choose", provider: "mailchimp", destinationId: "list-cafe" });
    await connect(owner, "google_sheets", "google-code");
    await post(owner, { intent: "create", provider: "google_sheets" });
    expect(await backfillOf(owner, "mailchimp")).toEqual({ waiting: 2, queued: 0, done: 0 });
    expect(await backfillOf(owner, "google_sheets")).toEqual({ waiting: 3, queued: 0, done: 0 });

    // A lead after choosing goes on its own and is not counted as existing.
    await visitorSubmits(campaign.id, { name: "Dan New", email: "dan@example.com", marketingConsent: "yes" });
    await drain();
    expect(await backfillOf(owner, "mailchimp")).toEqual({ waiting: 2, queued: 0, done: 0 });

    expect((await post(owner, { intent: "backfill", provider: "mailchimp" })).data.message).toBe("Sending 2 existing leads.");
    expect((await post(owner, { intent: "backfill", provider: "mailchimp" })).data.message).toBe("There are no existing leads left to send.");
    expect((await post(owner, { intent: "backfill", provider: "google_sheets" })).data.message).toBe("Sending 3 existing leads.");
    expect(await backfillOf(owner, "mailchimp")).toEqual({ waiting: 0, queued: 2, done: 0 });

    // Mailchimp slows us down (Retry-After as an HTTP date): the job that asked waits two minutes, and so does the other one.
    standIns.fail(/^PUT \/mc\/3.0\/lists\/list-cafe\/members\//, 429, { headers: { "retry-after": new Date(Date.now() + 120_000).toUTCString() } });
    await drain({ batchSize: 1 });
    const { db } = await getServices();
    const held = await db
      .select({ status: schema.syncJob.status, next: schema.syncJob.nextAttemptAt })
      .from(schema.syncJob)
      .innerJoin(schema.syncConnection, eq(schema.syncConnection.id, schema.syncJob.connectionId))
      .where(sql`${schema.syncConnection.userId} = ${owner.id} and ${schema.syncConnection.provider} = 'mailchimp' and ${schema.syncJob.backfill}`);
    expect(held.map((job) => job.status)).toEqual(["pending", "pending"]);
    for (const job of held) expect(job.next.getTime() - Date.now()).toBeGreaterThan(100_000);
    expect(await backfillOf(owner, "google_sheets")).toEqual({ waiting: 0, queued: 3, done: 3 });

    await db.execute(sql`update sync_job set next_attempt_at = now() where status = 'pending'`);
    await drain();
    expect(await backfillOf(owner, "mailchimp")).toEqual({ waiting: 0, queued: 2, done: 2 });
    const members = standIns.state.mailchimp.members;
    for (const email of ["ann@example.com", "cleo@example.com", "dan@example.com"])
      expect(members.get(`list-cafe/${subscriberHash(email)}`)?.status).toBe("subscribed");
    expect(members.has(`list-cafe/${subscriberHash("ben@example.com")}`)).toBe(false);

    const sheet = [...standIns.state.google.sheets.values()].at(-1)!;
    const emails = sheet.rows.slice(1).map((row) => row[2]);
    expect(emails.sort()).toEqual(["ann@example.com", "ben@example.com", "cleo@example.com", "dan@example.com"]);
    expect(sheet.rows.find((row) => row[2] === "ben@example.com")![7]).toBe("no consent");

    // Asking again sends nothing twice.
    expect((await post(owner, { intent: "backfill", provider: "google_sheets" })).data.message).toBe("There are no existing leads left to send.");
    await drain();
    expect(sheet.rows).toHaveLength(5);
  });

  it("needs a destination first, and a campaign switched off stays out", async () => {
    const owner = await createUser({ isPro: true });
    const kept = await checkboxCampaign(owner.id, "Kept");
    const off = await checkboxCampaign(owner.id, "Off");
    await visitorSubmits(kept.id, { name: "Kim Kept", email: "kim@example.com", marketingConsent: "yes" });
    await visitorSubmits(off.id, { name: "Otto Off", email: "otto@example.com", marketingConsent: "yes" });
    await connect(owner, "mailchimp", "mc-code");
    const early = await post(owner, { intent: "backfill", provider: "mailchimp" });
    expect(early.status).toBe(404);
    expect(early.data.error).toBe("Choose the audience first.");
    await post(owner, { intent: "choose", provider: "mailchimp", destinationId: "list-cafe" });
    await post(owner, { intent: "campaign", provider: "mailchimp", campaignId: off.id, on: "no" });
    expect((await post(owner, { intent: "backfill", provider: "mailchimp" })).data.message).toBe("Sending 1 existing lead.");
    await drain();
    expect(standIns.state.mailchimp.members.has(`list-cafe/${subscriberHash("kim@example.com")}`)).toBe(true);
    expect(standIns.state.mailchimp.members.has(`list-cafe/${subscriberHash("otto@example.com")}`)).toBe(false);
  });

  it("after choosing another audience, the leads it lacks are offered again and arrive there with their consent note", async () => {
    standIns.state.mailchimp.lists.push({ id: "list-new", name: "Spring openings" });
    const owner = await createUser({ isPro: true });
    const campaign = await checkboxCampaign(owner.id, "Spring");
    await connect(owner, "mailchimp", "mc-code");
    await post(owner, { intent: "choose", provider: "mailchimp", destinationId: "list-cafe" });
    await visitorSubmits(campaign.id, { name: "Ivy Moved", email: "ivy@example.com", marketingConsent: "yes" });
    await drain();
    expect(await backfillOf(owner, "mailchimp")).toEqual({ waiting: 0, queued: 0, done: 0 });

    await post(owner, { intent: "choose", provider: "mailchimp", destinationId: "list-new" });
    expect(await backfillOf(owner, "mailchimp")).toEqual({ waiting: 1, queued: 0, done: 0 });
    await post(owner, { intent: "backfill", provider: "mailchimp" });
    await drain();
    const key = `list-new/${subscriberHash("ivy@example.com")}`;
    expect(standIns.state.mailchimp.members.get(key)).toMatchObject({ status: "subscribed", tags: ["Spring"] });
    expect(standIns.state.mailchimp.notes.filter((entry) => entry.key === key)).toHaveLength(1);
    expect(await backfillOf(owner, "mailchimp")).toEqual({ waiting: 0, queued: 1, done: 1 });
  });
});
