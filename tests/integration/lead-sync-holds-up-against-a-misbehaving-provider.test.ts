// Lead sync against providers that misbehave (issue 52, findings 4 and 5): one tenant's Mailchimp
// that never answers does not hold another tenant's leads, an answer far past the size limit is
// cut off without the worker holding it, and an HTML page where JSON was expected is a provider
// error the owner reads, never a 500.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { subscriberHash } from "~/features/sync/mailchimp.server";
import { PROVIDER_LIMITS } from "~/features/sync/provider-http.server";
import { createSyncWorker } from "~/features/sync/worker.server";
import * as syncRoute from "~/routes/settings.integrations.sync";
import { getServices } from "~/utils/services.server";
import { createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { checkboxCampaign, connect, drain, page, post, type Owner } from "../support/sync-owner";
import { startProviderStandIns } from "../support/sync-support";
import { visitorSubmits } from "../support/webhook-support";

let standIns: Awaited<ReturnType<typeof startProviderStandIns>>;

beforeAll(async () => {
  standIns = await startProviderStandIns();
  standIns.configure();
});
afterAll(() => standIns.close());

async function until(check: () => boolean | Promise<boolean>, withinMs: number) {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

async function ownerWithAudience(listId: string) {
  const owner = await createUser({ isPro: true });
  await connect(owner, "mailchimp", "mc-code");
  expect((await post(owner, { intent: "choose", provider: "mailchimp", destinationId: listId })).data.message).toBeDefined();
  return owner;
}

async function jobsOf(owner: Owner) {
  const { db } = await getServices();
  const rows = await db
    .select({ job: schema.syncJob })
    .from(schema.syncJob)
    .innerJoin(schema.syncConnection, eq(schema.syncConnection.id, schema.syncJob.connectionId))
    .where(eq(schema.syncConnection.userId, owner.id));
  return rows.map((row) => row.job);
}

describe("one tenant's provider does not slow another's sync (issue 52, finding 4)", () => {
  it("while tenant A's Mailchimp never answers, tenant B's lead reaches B's audience within a second; A's job times out and waits its backoff", async () => {
    standIns.state.mailchimp.lists.push({ id: "list-hangs", name: "Never answers" });
    const a = await ownerWithAudience("list-hangs");
    const b = await ownerWithAudience("list-cafe");
    standIns.hang(/^PUT \/mc\/3.0\/lists\/list-hangs\//);
    // More of A's leads than the worker's batch, all due before B's.
    const campaignA = await checkboxCampaign(a.id, "Slow tenant");
    for (let i = 0; i < 12; i++) await visitorSubmits(campaignA.id, { name: `Ana ${i}`, email: `ana${i}@example.com`, marketingConsent: "yes" });

    const { db } = await getServices();
    const worker = createSyncWorker({ db, pollMs: 100 });
    const timeoutMs = PROVIDER_LIMITS.timeoutMs;
    PROVIDER_LIMITS.timeoutMs = 2_000;
    worker.start();
    try {
      const hanging = () => standIns.state.calls.filter((call) => call.method === "PUT" && call.path.startsWith("/mc/3.0/lists/list-hangs/")).length;
      expect(await until(() => hanging() > 0, 5_000)).toBe(true);

      const campaignB = await checkboxCampaign(b.id, "Quick tenant");
      const sent = Date.now();
      await visitorSubmits(campaignB.id, { name: "Bea Busy", email: "bea@example.com", marketingConsent: "yes" });
      const member = `list-cafe/${subscriberHash("bea@example.com")}`;
      const arrived = await until(() => standIns.state.mailchimp.members.has(member), 5_000);
      const tookMs = Date.now() - sent;
      expect({ arrived, withinASecond: tookMs < 1_000 }).toEqual({ arrived: true, withinASecond: true });
      // Only one of A's jobs was in flight meanwhile, whatever A had waiting.
      expect(hanging()).toBe(1);

      // A's call is given up at the timeout; the job is retried later with backoff, its attempt counted.
      const IN_TIME = "Mailchimp did not answer in time; we will try again.";
      const timedOut = async () => (await jobsOf(a)).filter((job) => job.status === "pending" && job.lastResult === IN_TIME);
      expect(await until(async () => (await timedOut()).length > 0, 8_000)).toBe(true);
      const [job] = await timedOut();
      expect(job!.attempts).toBe(1);
      expect(job!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(20_000);
    } finally {
      PROVIDER_LIMITS.timeoutMs = timeoutMs;
      await worker.stop();
      // A's waiting jobs would hang the other tests' drains.
      standIns.state.hanging.length = 0;
      await post(a, { intent: "disconnect", provider: "mailchimp" });
    }
    // A dozen visitors' posts take their time on a shared PostgreSQL.
  }, 60_000);
});

const UNREADABLE = "Mailchimp answered with something we could not read; we will try again.";
const PAGE = "<!doctype html><title>Down for maintenance</title><h1>We will be right back</h1>";

describe("a provider's answer cannot hurt the worker or the page (issue 52, finding 5)", () => {
  it("a 150 MB answer is cut off past 1 MB and logged as Mailchimp's error; the worker does not grow by it", async () => {
    const owner = await ownerWithAudience("list-cafe");
    const campaign = await checkboxCampaign(owner.id, "Big answers");
    // An ordinary lead first, so what is measured below is the answer's alone.
    await visitorSubmits(campaign.id, { name: "Wim Warm", email: "wim@example.com", marketingConsent: "yes" });
    await drain();
    standIns.fail(/^PUT \/mc\/3.0\/lists\/list-cafe\/members\//, 200, { bytes: 150 * 1024 * 1024 });
    await visitorSubmits(campaign.id, { name: "Olga Oversize", email: "olga@example.com", marketingConsent: "yes" });

    const streamedBefore = standIns.state.streamedBytes;
    const before = process.memoryUsage().rss;
    let peak = before;
    const sample = () => (peak = Math.max(peak, process.memoryUsage().rss));
    const sampler = setInterval(sample, 5);
    try {
      await drain();
    } finally {
      clearInterval(sampler);
      sample();
    }
    const streamed = standIns.state.streamedBytes - streamedBefore;
    const grewMb = (peak - before) / (1024 * 1024);
    expect({ streamedUnder16Mb: streamed < 16 * 1024 * 1024, grewUnder16Mb: grewMb < 16 }, `streamed ${streamed} bytes, grew ${grewMb} MB`).toEqual({
      streamedUnder16Mb: true,
      grewUnder16Mb: true,
    });
    const olga = (await page(owner)).log.find((entry: { lead: string }) => entry.lead === "olga@example.com");
    expect(olga).toMatchObject({ status: "pending", result: "Mailchimp answered with more than 1 MB; we will try again." });
  });

  it("Mailchimp answering an HTML page with 200: the sync page and the audience list answer 200 with a readable error, the push is logged", async () => {
    const owner = await createUser({ isPro: true });
    await connect(owner, "mailchimp", "mc-code");
    standIns.fail(/^GET \/mc\/3.0\/lists$/, 200, { html: PAGE, times: 3 });
    // The page lists audiences while none is chosen, and when the owner asks to choose another.
    for (const query of ["", "?choose=mailchimp"]) {
      const answer = await callRoute(syncRoute.loader, makeRequest(`/settings/integrations/sync${query}`, { cookie: owner.cookie }));
      expect({ query, status: answer.status }).toEqual({ query, status: 200 });
      const mailchimp = answer.data.providers.find((provider: { id: string }) => provider.id === "mailchimp");
      expect(mailchimp).toMatchObject({ destinationsError: UNREADABLE, connection: { status: "active" } });
    }
    const refused = await post(owner, { intent: "choose", provider: "mailchimp", destinationId: "list-cafe" });
    expect({ status: refused.status, data: refused.data }).toEqual({ status: 502, data: { error: UNREADABLE } });

    expect((await post(owner, { intent: "choose", provider: "mailchimp", destinationId: "list-cafe" })).status).toBe(200);
    standIns.fail(/^PUT \/mc\/3.0\/lists\/list-cafe\/members\//, 200, { html: PAGE });
    const campaign = await checkboxCampaign(owner.id, "HTML answers");
    await visitorSubmits(campaign.id, { name: "Hugo Html", email: "hugo@example.com", marketingConsent: "yes" });
    await drain();
    const answer = await callRoute(syncRoute.loader, makeRequest("/settings/integrations/sync", { cookie: owner.cookie }));
    expect(answer.status).toBe(200);
    expect(answer.data.log[0]).toMatchObject({ lead: "hugo@example.com", status: "pending", result: UNREADABLE });
  });

  it("Google answering an HTML page with 200 when the owner links a sheet: a readable error, not a 500", async () => {
    const owner = await createUser({ isPro: true });
    await connect(owner, "google_sheets", "google-code");
    standIns.fail(/^GET \/sheets\/v4\/spreadsheets\/sheet-from-a-link$/, 200, { html: PAGE });
    const refused = await post(owner, { intent: "existing", provider: "google_sheets", sheet: "sheet-from-a-link" });
    expect({ status: refused.status, data: refused.data }).toEqual({
      status: 502,
      data: { error: "Google Sheets answered with something we could not read; we will try again." },
    });
    expect((await callRoute(syncRoute.loader, makeRequest("/settings/integrations/sync", { cookie: owner.cookie }))).status).toBe(200);
  });
});
