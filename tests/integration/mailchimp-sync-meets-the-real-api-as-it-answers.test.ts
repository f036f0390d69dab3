// Lead sync against a Mailchimp stand-in that answers as the real Marketing API 3.0 does (issue
// 51): audiences that require merge fields the visitor never gave, members who unsubscribed or
// were cleaned or permanently deleted, Mailchimp's own consent fields, more audiences than one
// page holds, and the limit of 10 simultaneous calls per account across serving processes.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { subscriberHash } from "~/features/sync/mailchimp.server";
import { createSyncWorker } from "~/features/sync/worker.server";
import { getServices } from "~/utils/services.server";
import { createUser } from "../support/factories";
import { checkboxCampaign, connect, drain, page, post, type Owner } from "../support/sync-owner";
import { startProviderStandIns } from "../support/sync-support";
import { visitorSubmits } from "../support/webhook-support";

let standIns: Awaited<ReturnType<typeof startProviderStandIns>>;

beforeAll(async () => {
  standIns = await startProviderStandIns();
  standIns.configure();
});
afterAll(() => standIns.close());

async function ownerWithAudience(listId: string) {
  const owner = await createUser({ isPro: true });
  await connect(owner, "mailchimp", "mc-code");
  await post(owner, { intent: "choose", provider: "mailchimp", destinationId: listId });
  return owner;
}

type LogEntry = { lead: string; status: string; result: string; attempts: number };
const logOf = async (owner: Owner) =>
  ((await page(owner)).log as LogEntry[]).map(({ lead, status, result, attempts }) => ({ lead, status, result, attempts }));

/** A call straight to the stand-in with a token it issued, as any Mailchimp client would make it. */
async function callMailchimp(path: string, init: { method?: string; json?: unknown } = {}) {
  const token = [...standIns.state.mailchimp.tokens].at(-1)!;
  const response = await fetch(`${standIns.base}/mc/3.0${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}

const member = (listId: string, email: string) => standIns.state.mailchimp.members.get(`${listId}/${subscriberHash(email)}`);

describe("Mailchimp as it answers", () => {
  it("an audience that requires LNAME and ADDRESS takes every consenting lead, with names split and the consent record in Mailchimp's own fields", async () => {
    standIns.state.mailchimp.lists.push({ id: "list-strict", name: "Strict regulars", required: ["LNAME", "ADDRESS"] });
    const owner = await ownerWithAudience("list-strict");
    const campaign = await checkboxCampaign(owner.id, "Strict croissant");
    await visitorSubmits(campaign.id, { name: "Ann", email: "ann@example.com", marketingConsent: "yes" });
    await visitorSubmits(campaign.id, { name: "Ana María López", email: "ana@example.com", marketingConsent: "yes" });
    await drain();

    expect(await logOf(owner)).toEqual([
      { lead: "ana@example.com", status: "succeeded", result: "Subscribed.", attempts: 1 },
      { lead: "ann@example.com", status: "succeeded", result: "Subscribed.", attempts: 1 },
    ]);
    expect(member("list-strict", "ann@example.com")).toMatchObject({ status: "subscribed", fields: { FNAME: "Ann" } });
    const ana = member("list-strict", "ana@example.com")!;
    expect(ana.fields).toEqual({ FNAME: "Ana", LNAME: "María López" });
    expect(ana.signup).toEqual({
      ip_signup: expect.stringMatching(/^198\.18\.1\.\d+$/),
      timestamp_signup: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/),
      ip_opt: ana.signup.ip_signup,
      timestamp_opt: ana.signup.timestamp_signup,
      language: "en",
    });

    // The stand-in refuses as Mailchimp does when the merge fields are validated.
    const strict = await callMailchimp(`/lists/list-strict/members/${subscriberHash("bo@example.com")}`, {
      method: "PUT",
      json: { email_address: "bo@example.com", status_if_new: "subscribed", merge_fields: { FNAME: "Bo" } },
    });
    expect(strict).toMatchObject({
      status: 400,
      body: {
        title: "Invalid Resource",
        detail: "Your merge fields were invalid.",
        errors: [
          { field: "LNAME", message: "Please enter a value" },
          { field: "ADDRESS", message: "Please enter a value" },
        ],
      },
    });
  });

  it("never subscribes an existing member again: the unsubscribed and the cleaned are left as they are and logged, a permanently deleted address is explained, none retried", async () => {
    const owner = await ownerWithAudience("list-cafe");
    const seed = (email: string, status: string, signup: Record<string, string> = {}) =>
      standIns.state.mailchimp.members.set(`list-cafe/${subscriberHash(email)}`, { status, email, fields: {}, tags: [], permissions: {}, signup });
    seed("uma@example.com", "unsubscribed");
    seed("cleo@example.com", "cleaned");
    seed("sam@example.com", "subscribed", { timestamp_signup: "2020-01-01T00:00:00+00:00" });
    standIns.state.mailchimp.forgotten.add(`list-cafe/${subscriberHash("fay@example.com")}`);

    const campaign = await checkboxCampaign(owner.id, "Second visit");
    for (const [name, email] of [
      ["Uma Left", "uma@example.com"],
      ["Cleo Bounced", "cleo@example.com"],
      ["Sam Stays", "sam@example.com"],
      ["Fay Forgotten", "fay@example.com"],
    ])
      await visitorSubmits(campaign.id, { name, email, marketingConsent: "yes" });
    await drain();

    expect((await logOf(owner)).sort((a, b) => a.lead.localeCompare(b.lead))).toEqual([
      {
        lead: "cleo@example.com",
        status: "skipped",
        result: "Not sent: Mailchimp cleaned this address earlier (its emails bounced); left as it is.",
        attempts: 1,
      },
      {
        lead: "fay@example.com",
        status: "skipped",
        result: "Not sent: this address was permanently deleted from the audience earlier; Mailchimp lets it back only through its own signup form.",
        attempts: 1,
      },
      { lead: "sam@example.com", status: "succeeded", result: "Subscribed.", attempts: 1 },
      { lead: "uma@example.com", status: "skipped", result: "Not sent: unsubscribed in Mailchimp earlier; left as they chose.", attempts: 1 },
    ]);
    expect(member("list-cafe", "uma@example.com")!.status).toBe("unsubscribed");
    expect(member("list-cafe", "cleo@example.com")!.status).toBe("cleaned");
    expect(member("list-cafe", "fay@example.com")).toBeUndefined();
    // An existing member keeps their own signup record: ours is only for members we add.
    expect(member("list-cafe", "sam@example.com")!.signup).toEqual({ timestamp_signup: "2020-01-01T00:00:00+00:00" });
    // No call of ours ever asked for a status on an existing member.
    const puts = standIns.state.calls.filter((call) => call.method === "PUT" && call.path.startsWith("/mc/3.0/lists/list-cafe/members/"));
    expect(puts.some((call) => JSON.parse(call.body).status !== undefined)).toBe(false);

    // Nothing is waiting to be tried again.
    const { db } = await getServices();
    const worker = createSyncWorker({ db });
    expect(await worker.runOnce()).toBe(0);

    // The stand-in refuses to subscribe them again, as Mailchimp does.
    const again = await callMailchimp(`/lists/list-cafe/members/${subscriberHash("uma@example.com")}`, {
      method: "PUT",
      json: { email_address: "uma@example.com", status_if_new: "subscribed", status: "subscribed" },
    });
    expect(again).toMatchObject({ status: 400, body: { title: "Member In Compliance State" } });
  });

  it("the audience picker lists every audience of an account with more than a page of them, and any of them can be chosen", async () => {
    const owner = await createUser({ isPro: true });
    await connect(owner, "mailchimp", "mc-code");
    const before = standIns.state.mailchimp.lists.length;
    for (let i = 0; i < 1_050; i++) standIns.state.mailchimp.lists.push({ id: `list-many-${i}`, name: `Branch ${i}` });
    try {
      // Mailchimp's pages: 10 unless asked, 1,000 at most.
      const first = await callMailchimp("/lists");
      expect(first.body).toMatchObject({ total_items: before + 1_050 });
      expect((first.body!.lists as unknown[]).length).toBe(10);
      expect((await callMailchimp("/lists?count=1001")).status).toBe(400);

      const mailchimp = (await page(owner)).providers.find((provider: { id: string }) => provider.id === "mailchimp");
      expect(mailchimp.destinations).toHaveLength(before + 1_050);
      expect(mailchimp.destinations.at(-1)).toEqual({ id: "list-many-1049", name: "Branch 1049" });
      expect((await post(owner, { intent: "choose", provider: "mailchimp", destinationId: "list-many-1049" })).data.message).toContain("Branch 1049");
    } finally {
      standIns.state.mailchimp.lists.length = before;
    }
  });
});

/** `count` consenting leads of one campaign, written as the capture path would store them (each queues no job until a backfill). */
async function storeConsentingLeads(campaignId: string, count: number) {
  const { db } = await getServices();
  const [wording] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into consent_wording (hash, text, language) values (md5(random()::text), 'I agree to receive marketing emails.', 'en') returning id`),
  );
  await db.execute(sql`
    with made as (
      insert into lead (campaign_id, name, email)
      select ${campaignId}, 'Guest ' || n, 'guest' || n || '@example.com' from generate_series(1, ${count}) n
      returning id)
    insert into lead_consent (lead_id, campaign_id, mode, wording_id, ticked, given_at, client_address)
    select id, ${campaignId}, 'checkbox', ${wording!.id}, true, now(), '203.0.113.7' from made`);
}

describe("Mailchimp's limit of 10 simultaneous connections", () => {
  it("the stand-in answers the 11th call at once with 429 Too Many Requests", async () => {
    await ownerWithAudience("list-cafe");
    standIns.state.mailchimp.latencyMs = 200;
    try {
      const answers = await Promise.all(Array.from({ length: 11 }, () => callMailchimp("/lists?count=1")));
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(1);
      expect(refused[0]!.body).toMatchObject({ title: "Too Many Requests", detail: "You have exceeded the limit of 10 simultaneous connections." });
    } finally {
      standIns.state.mailchimp.latencyMs = 0;
      standIns.state.mailchimp.tooMany = 0;
      standIns.state.mailchimp.mostInFlight = 0;
    }
  });

  it("a backfill of 200 leads through two serving processes never has more than 10 calls in flight", async () => {
    const owner = await createUser({ isPro: true });
    await connect(owner, "mailchimp", "mc-code");
    const campaign = await checkboxCampaign(owner.id, "Busy month");
    await storeConsentingLeads(campaign.id, 200);
    await post(owner, { intent: "choose", provider: "mailchimp", destinationId: "list-cafe" });
    expect((await post(owner, { intent: "backfill", provider: "mailchimp" })).data.message).toBe("Sending 200 existing leads.");

    const { db } = await getServices();
    // A second process has its own connections to the same database (PGlite lives in one process: there it shares the handle).
    const other = process.env.TEST_DATABASE_URL
      ? await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: "", capturePoolSize: 1 })
      : null;
    // Each process as if it allowed a connection Mailchimp's own 10 calls at once: together they could make 20.
    const workers = [
      createSyncWorker({ db, pollMs: 50, perConnection: 10 }),
      createSyncWorker({ db: other?.db ?? db, pollMs: 50, perConnection: 10 }),
    ];
    standIns.state.mailchimp.latencyMs = 10;
    const waiting = async () =>
      rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from sync_job where backfill and status in ('pending', 'sending')`))[0]!.n;
    try {
      for (const worker of workers) worker.start();
      const deadline = Date.now() + 120_000;
      while ((await waiting()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      for (const worker of workers) await worker.stop();
      standIns.state.mailchimp.latencyMs = 0;
      await other?.close();
    }

    expect(await waiting()).toBe(0);
    const subscribed = [...standIns.state.mailchimp.members.entries()].filter(
      ([key, entry]) => key.startsWith("list-cafe/") && entry.email.startsWith("guest"),
    );
    expect(subscribed).toHaveLength(200);
    expect({ refused: standIns.state.mailchimp.tooMany, atMost10: standIns.state.mailchimp.mostInFlight <= 10 }).toEqual({
      refused: 0,
      atMost10: true,
    });
    // Calls overlapped: the limit was reached for, not avoided by going one at a time.
    expect(standIns.state.mailchimp.mostInFlight).toBeGreaterThan(1);
  }, 180_000);
});
