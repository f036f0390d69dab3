// The capture page under stress, on PostgreSQL with `npm start`'s server: a stalled database gets
// a fast "try again" (503 + Retry-After), never a hanging page; a worker killed with -9 loses no
// accepted lead and is replaced; SIGTERM stops every worker.
import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { openJourneyDatabase } from "./support/database";
import { BROWSER_USER_AGENT, freshDatabase, openCapture, startServer, submitLeadOver, tmpDir, waitHealthy } from "./support/processes";

test.describe.configure({ timeout: 180_000 });

/** A Pro owner's active campaign, made with the factories on the server's database. */
async function proCampaign(url: string) {
  const database = await openJourneyDatabase(url);
  try {
    const owner = await database.createOwner({ isPro: true });
    const campaign = await database.createCampaignRow(owner.id, {
      title: "Crowd",
      businessType: "Cafe",
      minOrder: "any order",
      aiHeadline: "Free Coffee For The Crowd",
      aiThankyou: "Show this at the bar.",
    });
    return campaign.id;
  } finally {
    await database.close();
  }
}

test("a saturated database answers visitors within seconds with 503 and Retry-After, then counts again", async () => {
  const database = await freshDatabase();
  const server = startServer({ DATA_DIR: tmpDir(), DATABASE_URL: database.url, WEB_CONCURRENCY: "1", CAPTURE_POOL_SIZE: "2", TRUST_PROXY: "1" });
  const locker = new pg.Client({ connectionString: database.url });
  try {
    await waitHealthy(server.port);
    const campaignId = await proCampaign(database.url);
    const warm = await openCapture(server.url, campaignId, { "x-forwarded-for": "203.0.113.1" });
    expect(warm.token).not.toBeNull();

    // Every scan write now waits on a lock nobody releases: the pool fills and queues.
    await locker.connect();
    await locker.query("begin");
    await locker.query("lock table scan in access exclusive mode");
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, index) => {
        const t = Date.now();
        const response = await fetch(`${server.url}/capture/${campaignId}`, {
          headers: { "user-agent": BROWSER_USER_AGENT, "x-forwarded-for": `198.51.100.${index + 1}` },
          signal: AbortSignal.timeout(20_000),
        });
        return { status: response.status, retryAfter: response.headers.get("retry-after"), html: await response.text(), ms: Date.now() - t };
      }),
    );
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    expect(slowest, `slowest answer ${slowest} ms`).toBeLessThan(10_000);
    expect(Date.now() - started).toBeLessThan(12_000);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toBe("3");
      expect(answer.html).toContain("This offer is very popular right now");
    }
    await locker.query("rollback");

    // Nothing was half-counted, and the next visitor is counted again.
    const after = await openCapture(server.url, campaignId, { "x-forwarded-for": "203.0.113.2" });
    expect(after.status).toBe(200);
    expect(after.token).not.toBeNull();
    const [{ n }] = await database.query(`select count(*)::int as n from scan where campaign_id = $1`, [campaignId]);
    expect(n).toBe(2);
  } finally {
    await locker.end().catch(() => {});
    server.child.kill("SIGTERM");
    await server.exited;
    await database.drop();
  }
});

test("kill -9 of a worker loses no accepted lead; it is replaced; SIGTERM stops every worker", async () => {
  const database = await freshDatabase();
  const server = startServer({
    DATA_DIR: tmpDir(),
    DATABASE_URL: database.url,
    WEB_CONCURRENCY: "2",
    TRUST_PROXY: "1",
    RATE_LIMIT_MULTIPLIER: "100",
  });
  const workersOf = () =>
    execFileSync("pgrep", ["-P", String(server.child.pid)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  try {
    await waitHealthy(server.port).catch((error: Error) => {
      throw new Error(`${error.message}; server said:\n${server.output()}`);
    });
    await expect.poll(() => workersOf().length, { timeout: 30_000 }).toBe(2);
    const campaignId = await proCampaign(database.url);

    const accepted: string[] = [];
    let stop = false;
    const visitors = Array.from({ length: 6 }, async (_, lane) => {
      for (let attempt = 0; !stop; attempt++) {
        const email = `lane${lane}-visitor${attempt}@example.com`;
        const result = await submitLeadOver(
          server.url,
          campaignId,
          { name: `Lane ${lane} Visitor ${attempt}`, email },
          {
            "x-forwarded-for": `203.0.${lane}.${attempt % 250}`,
          },
          // Half the crowd posts as the page's script does, half as a phone without JavaScript.
          lane % 2 === 0 ? "script" : "form",
        ).catch(() => null);
        const thanked = lane % 2 === 0 ? result?.html.startsWith('{"ok":true') : result?.html.includes("Thank You!");
        if (result?.step === "submit" && result.status === 200 && thanked) accepted.push(email);
      }
    });
    await expect.poll(() => accepted.length, { timeout: 30_000 }).toBeGreaterThan(5);
    const [victim] = workersOf();
    process.kill(victim!, "SIGKILL");
    // The primary starts a replacement; visitors keep being served meanwhile.
    await expect.poll(() => workersOf().filter((pid) => pid !== victim).length, { timeout: 30_000 }).toBe(2);
    const countAtKill = accepted.length;
    await expect.poll(() => accepted.length, { timeout: 30_000 }).toBeGreaterThan(countAtKill + 5);
    stop = true;
    await Promise.all(visitors);

    // Both kinds of post were thanked through the kill, and each thanked lead is stored.
    expect(accepted.some((email) => email.startsWith("lane0-"))).toBe(true);
    expect(accepted.some((email) => email.startsWith("lane1-"))).toBe(true);
    const stored = (await database.query(`select email from lead where campaign_id = $1`, [campaignId])).map((row) => row.email as string);
    for (const email of accepted) expect(stored, email).toContain(email);

    const started = Date.now();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(() => workersOf()).toThrow(); // pgrep finds no children: exit status 1
  } finally {
    server.child.kill("SIGKILL");
    await database.drop();
  }
});
