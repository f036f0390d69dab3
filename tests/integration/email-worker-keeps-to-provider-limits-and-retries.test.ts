// Visitor and owner emails leave at the provider's rate, shared by every process, and are retried
// until the provider takes them: a "slow down" is not an attempt, a temporary failure is never
// given up (issue 29 item 3, decision 321). Against the real smtp-server the other tests use.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { enqueueEmail } from "~/features/email/outbox.server";
import { smtpTransport } from "~/features/email/transport.server";
import { createEmailWorker, failureKind } from "~/features/email/worker.server";
import { getServices } from "~/utils/services.server";
import { createUser } from "../support/factories";
import { manualClock } from "../support/manual-clock";
import { freePort, startSmtp } from "../support/smtp-support";

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let refusals = 0;
beforeAll(async () => {
  smtp = await startSmtp(0, {
    refuse: () => (refusals-- > 0 ? { responseCode: 451, message: "Too many messages, slow down" } : null),
  });
});
afterAll(async () => {
  await smtp.close();
});

beforeEach(async () => {
  const { db } = await getServices();
  // Nothing of an earlier test left to send, and this second's shared budget unspent.
  await db.execute(sql`update email_outbox set status = 'sent' where status in ('pending', 'sending')`);
  await db.execute(sql`delete from rate_limit where key = 'emailSendPerSecond'`);
  smtp.received.length = 0;
  refusals = 0;
});

/** Just past the next whole second of real time: rows queued now are due, and each second is a new budget. */
const nextSecond = () => Math.ceil(Date.now() / 1000) * 1000 + 100;

async function queue(count: number, subject: string) {
  const { db } = await getServices();
  const owner = await createUser();
  // Only this test's emails: the account's own (a welcome) is out of the way.
  await db.execute(sql`update email_outbox set status = 'sent', last_error = 'seed' where "to" = ${owner.email}`);
  for (let index = 0; index < count; index++) {
    await enqueueEmail(db, { kind: "welcome", to: owner.email, content: { subject: `${subject} ${index}`, html: "<p>x</p>", text: "x" } });
  }
  return owner.email;
}

/** The test's own emails to `to`, oldest first. */
async function statusesOf(to: string) {
  const { db } = await getServices();
  return db
    .select({ status: schema.emailOutbox.status, attempts: schema.emailOutbox.attempts, lastError: schema.emailOutbox.lastError })
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.to, to), eq(schema.emailOutbox.kind, "welcome"), sql`${schema.emailOutbox.lastError} is distinct from 'seed'`))
    .orderBy(schema.emailOutbox.subject);
}

describe("the email worker under a provider's limits", () => {
  it("sends at most the configured rate per second, shared by two workers", async () => {
    const { db } = await getServices();
    await queue(12, "Rated");
    const clock = manualClock(nextSecond());
    const url = `smtp://127.0.0.1:${smtp.port}`;
    const a = createEmailWorker({ db, transport: smtpTransport(url, "a@leadqr.test"), ratePerSecond: 5, clock });
    const b = createEmailWorker({ db, transport: smtpTransport(url, "b@leadqr.test"), ratePerSecond: 5, clock });
    // Within one second both workers together send 5, however often they look.
    expect((await a.runOnce()) + (await b.runOnce()) + (await a.runOnce())).toBe(5);
    expect(smtp.received).toHaveLength(5);
    clock.advance(1_000);
    expect((await b.runOnce()) + (await a.runOnce())).toBe(5);
    expect(smtp.received).toHaveLength(10);
    clock.advance(1_000);
    expect((await a.runOnce()) + (await b.runOnce())).toBe(2);
    expect(new Set(smtp.received.map((mail) => mail.subject)).size).toBe(12);
    await a.stop();
    await b.stop();
  });

  it("puts an email the provider refused for now back without spending an attempt, and sends it after", async () => {
    const { db } = await getServices();
    const to = await queue(3, "Refused");
    refusals = 2;
    const clock = manualClock(nextSecond());
    const worker = createEmailWorker({ db, transport: smtpTransport(`smtp://127.0.0.1:${smtp.port}`, "a@leadqr.test"), maxAttempts: 1, clock });
    // The first refusal stops the pass: the whole batch waits a second.
    expect(await worker.runOnce()).toBe(0);
    const waiting = await statusesOf(to);
    expect(waiting.map((row) => row.status)).toEqual(["pending", "pending", "pending"]);
    expect(waiting.map((row) => row.attempts)).toEqual([0, 0, 0]);
    expect(waiting[0]!.lastError).toMatch(/slow down/);
    expect(await worker.runOnce()).toBe(0);
    clock.advance(1_000);
    expect(await worker.runOnce()).toBe(0);
    clock.advance(1_000);
    expect(await worker.runOnce()).toBe(3);
    const sent = await statusesOf(to);
    expect(sent.map((row) => [row.status, row.attempts])).toEqual([
      ["sent", 1],
      ["sent", 1],
      ["sent", 1],
    ]);
    expect(smtp.received.filter((mail) => mail.subject.startsWith("Refused"))).toHaveLength(3);
    await worker.stop();
  });

  it("retries an email past maxAttempts while the provider is unreachable, and delivers it once it is back", async () => {
    const { db } = await getServices();
    const to = await queue(1, "Outage");
    const port = await freePort();
    const clock = manualClock(nextSecond());
    const worker = createEmailWorker({
      db,
      transport: smtpTransport(`smtp://127.0.0.1:${port}`, "a@leadqr.test"),
      maxAttempts: 2,
      backoffBaseMs: 1_000,
      backoffMaxMs: 4_000,
      clock,
    });
    for (let pass = 0; pass < 5; pass++) {
      await worker.runOnce();
      clock.advance(4_000);
    }
    const [down] = await statusesOf(to);
    expect(down).toMatchObject({ status: "pending", attempts: 5 });
    expect(down!.lastError).toMatch(/ECONNREFUSED|connect/i);
    const revived = await startSmtp(port);
    try {
      expect(await worker.runOnce()).toBe(1);
      expect(revived.received.map((mail) => mail.subject)).toEqual(["Outage 0"]);
      expect((await statusesOf(to))[0]).toMatchObject({ status: "sent", attempts: 6 });
    } finally {
      await worker.stop();
      await revived.close();
    }
  });

  it("tells a slow-down, a temporary failure and a refusal apart", () => {
    expect(failureKind(Object.assign(new Error("x"), { responseCode: 421 }))).toBe("rate");
    expect(failureKind(Object.assign(new Error("x"), { name: "rate_limit_exceeded", statusCode: 429 }))).toBe("rate");
    expect(failureKind(Object.assign(new Error("x"), { code: "ECONNECTION" }))).toBe("transient");
    expect(failureKind(Object.assign(new Error("x"), { responseCode: 441 }))).toBe("transient");
    expect(failureKind(Object.assign(new Error("x"), { responseCode: 550 }))).toBe("permanent");
    expect(failureKind(new Error("mailbox unavailable"))).toBe("permanent");
  });
});
