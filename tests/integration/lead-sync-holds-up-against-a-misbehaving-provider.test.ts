// Lead sync against providers that misbehave (issue 52, findings 4 and 5): one tenant's Mailchimp
// that never answers does not hold another tenant's leads, an answer far past the size limit is
// cut off without the worker holding it, and an HTML page where JSON was expected is a provider
// error the owner reads, never a 500.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { subscriberHash } from "~/features/sync/mailchimp.server";
import { createSyncWorker } from "~/features/sync/worker.server";
import * as syncRoute from "~/routes/settings.integrations.sync";
import { getServices } from "~/utils/services.server";
import { createUser } from "../factories";
import { callRoute, makeRequest } from "../http";
import { checkboxCampaign, connect, drain, page, post, type Owner } from "./sync-owner";
import { startProviderStandIns } from "./sync-support";
import { visitorSubmits } from "./webhook-support";

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
  it("while tenant A's Mailchimp never answers, tenant B's lead reaches B's audience within a second", async () => {
    standIns.state.mailchimp.lists.push({ id: "list-hangs", name: "Never answers" });
    const a = await ownerWithAudience("list-hangs");
    const b = await ownerWithAudience("list-cafe");
    standIns.hang(/^PUT \/mc\/3.0\/lists\/list-hangs\//);
    // More of A's leads than the worker's batch, all due before B's.
    const campaignA = await checkboxCampaign(a.id, "Slow tenant");
    for (let i = 0; i < 12; i++) await visitorSubmits(campaignA.id, { name: `Ana ${i}`, email: `ana${i}@example.com`, marketingConsent: "yes" });

    const { db } = await getServices();
    const worker = createSyncWorker({ db, pollMs: 100 });
    worker.start();
    try {
      const hanging = () => standIns.state.calls.filter((call) => call.path.startsWith("/mc/3.0/lists/list-hangs/")).length;
      expect(await until(() => hanging() > 0, 5_000)).toBe(true);

      const campaignB = await checkboxCampaign(b.id, "Quick tenant");
      const sent = Date.now();
      await visitorSubmits(campaignB.id, { name: "Bea Busy", email: "bea@example.com", marketingConsent: "yes" });
      const member = `list-cafe/${subscriberHash("bea@example.com")}`;
      const arrived = await until(() => standIns.state.mailchimp.members.has(member), 5_000);
      const tookMs = Date.now() - sent;
      expect({ arrived, withinASecond: tookMs < 1_000 }).toEqual({ arrived: true, withinASecond: true });
    } finally {
      await worker.stop();
    }
  });
});
