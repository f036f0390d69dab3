import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { enqueueEmail } from "~/features/email/outbox.server";
import { smtpTransport } from "~/features/email/transport.server";
import { createEmailWorker, type EmailWorker } from "~/features/email/worker.server";
import * as route from "~/routes/capture";
import { formatOfferCode } from "~/features/redeem/code";
import { offerCodeEmail } from "~/features/redeem/offer-code-email";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { manualClock } from "../support/manual-clock";
import { freePort, startSmtp } from "../support/smtp-support";
import { phoneUserAgent } from "../support/row-factories";

let address = 0;

/** A visitor scans the code and submits the form, as the capture route sees it. */
async function visitorSubmits(campaignId: string, fields: Record<string, string>) {
  const page = await callRoute(route.loader, makeRequest(`/capture/${campaignId}`, { method: "GET", headers: { "user-agent": phoneUserAgent() } }), {
    campaignId,
  });
  const scanToken = page.data.scanToken as string;
  const request = makeRequest(`/capture/${campaignId}`, {
    form: { ...fields, scanToken },
    headers: { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": `198.18.0.${++address}` },
  });
  return (await callRoute(route.action, request, { campaignId })).data;
}

async function drain(worker: EmailWorker) {
  while ((await worker.runOnce()) > 0);
}

async function outboxRow(campaignId: string) {
  const { db } = await getServices();
  const [row] = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.campaignId, campaignId));
  return row!;
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
});

describe("the email worker", () => {
  it("delivers the new-lead email to the owner over SMTP, every value escaped", async () => {
    const owner = await createUser();
    const { db } = await getServices();
    // The owner's zone, as saved from their browser with the business profile.
    await db.insert(schema.businessProfile).values({ userId: owner.id, name: "Croissant Corner", timeZone: "Asia/Kolkata" });
    const campaign = await createCampaignRow(owner.id, { title: "Croissant Club", businessType: "Bakery" });
    const before = Date.now();
    const answer = await visitorSubmits(campaign.id, { name: "<script>alert(1)</script> Ada", email: "ada@example.com", phone: "+1 555 0100" });
    expect(answer).toMatchObject({ ok: true });

    const worker = createEmailWorker({ db, transport: smtpTransport(`smtp://127.0.0.1:${smtp.port}`, "LeadQR <hello@leadqr.test>") });
    await drain(worker);
    await worker.stop();

    const mails = smtp.received.filter((mail) => mail.to.includes(owner.email) && mail.subject.includes("New lead"));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("New lead for Croissant Club");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Ada");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("ada@example.com");
    expect(mail.html).toContain("+1 555 0100");
    expect(mail.html).toContain("Croissant Club");
    expect(mail.html).toContain("Bakery");
    // One tap to answer, where the code was scanned, the visitor's offer code, the lead's own page.
    expect(mail.html).toContain('<a href="mailto:ada@example.com">ada@example.com</a>');
    expect(mail.html).toContain('<a href="tel:+15550100">+1 555 0100</a>');
    expect(mail.text).toContain("Scanned from: campaign code");
    const [stored] = await db.select().from(schema.lead).where(eq(schema.lead.campaignId, campaign.id));
    const [code] = await db.select().from(schema.offerCode).where(eq(schema.offerCode.leadId, stored!.id));
    expect(mail.text).toContain(`Offer code: ${formatOfferCode(code!.code)}`);
    expect(mail.text).toContain(`Open this lead: http://localhost:3000/leads/${stored!.id}`);
    // The time it arrived, in the owner's zone (Kolkata is UTC+5:30 all year) and named.
    const received = /Received: (.*) \(Asia\/Kolkata\)/.exec(mail.text)?.[1];
    const inKolkata = new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: "Asia/Kolkata" });
    const possible = [before, before + 60_000].map((at) => inKolkata.format(at));
    expect(
      possible.some((time) => received?.endsWith(time)),
      `${received} is one of ${possible.join(", ")}`,
    ).toBe(true);
    // The visitor is written to only with their code (decision 343), never with the lead's details.
    const toVisitor = smtp.received.filter((received) => received.to.includes("ada@example.com"));
    expect(toVisitor.map((received) => received.subject.includes("New lead"))).toEqual([false]);
    expect(toVisitor[0]!.text).toContain(formatOfferCode(code!.code));
    expect(await outboxRow(campaign.id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("stores the owner's new-lead email without its body and renders it from the lead when it sends it", async () => {
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id, { title: "Bagel <Bonanza>", businessType: "Deli" });
    const { db } = await getServices();
    expect(await visitorSubmits(campaign.id, { name: "Grace & Co", email: "grace@example.com", phone: "+1 555 0199" })).toMatchObject({ ok: true });

    // What the lead's transaction wrote: the subject, no rendered HTML or text (decision 422).
    const [queued] = await db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.campaignId, campaign.id), eq(schema.emailOutbox.kind, "new_lead")));
    expect(queued).toMatchObject({ to: owner.email, subject: "New lead for Bagel <Bonanza>", html: "", text: "", status: "pending" });

    const worker = createEmailWorker({ db, transport: smtpTransport(`smtp://127.0.0.1:${smtp.port}`, "LeadQR <hello@leadqr.test>") });
    await drain(worker);
    await worker.stop();

    const mails = smtp.received.filter((mail) => mail.to.includes(owner.email) && mail.subject === "New lead for Bagel <Bonanza>");
    expect(mails).toHaveLength(1);
    const [stored] = await db.select().from(schema.lead).where(eq(schema.lead.campaignId, campaign.id));
    const [code] = await db.select().from(schema.offerCode).where(eq(schema.offerCode.leadId, stored!.id));
    expect(mails[0]!.html).toContain("Grace &amp; Co");
    expect(mails[0]!.html).toContain('<a href="tel:+15550199">+1 555 0199</a>');
    expect(mails[0]!.html).toContain("Bagel &lt;Bonanza&gt;");
    expect(mails[0]!.html).toContain("Deli");
    expect(mails[0]!.text).toContain(`Offer code: ${formatOfferCode(code!.code)}`);
    expect(mails[0]!.text).toContain(`Open this lead: http://localhost:3000/leads/${stored!.id}`);
    expect(mails[0]!.text).toContain("Scanned from: campaign code");
    const [sent] = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, queued!.id));
    expect(sent).toMatchObject({ status: "sent", html: "" });
  });

  it("keeps the lead while SMTP is down and delivers the email once when it is back", async () => {
    const port = await freePort();
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id, { title: "Outage Offer" });
    const { db } = await getServices();
    expect(await visitorSubmits(campaign.id, { name: "Patient Pat", email: "pat@example.com" })).toMatchObject({ ok: true });
    // Started after the lead, so the email is due on this clock.
    const clock = manualClock();
    const worker = createEmailWorker({ db, transport: smtpTransport(`smtp://127.0.0.1:${port}`, "hello@leadqr.test"), backoffBaseMs: 60_000, clock });
    const [lead] = await db.select().from(schema.lead).where(eq(schema.lead.campaignId, campaign.id));
    expect(lead).toMatchObject({ name: "Patient Pat" });

    await drain(worker);
    const failed = await outboxRow(campaign.id);
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.nextAttemptAt.getTime()).toBe(clock.now() + 60_000);

    const revived = await startSmtp(port);
    try {
      clock.advance(59_000);
      await drain(worker);
      expect(revived.received).toHaveLength(0);
      clock.advance(1_000);
      await drain(worker);
      await drain(worker);
      await worker.stop();
      const mails = revived.received.filter((mail) => mail.subject === "New lead for Outage Offer");
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toEqual([owner.email]);
      expect(await outboxRow(campaign.id)).toMatchObject({ status: "sent", attempts: 2 });
    } finally {
      await revived.close();
    }
  });

  it("sends each row once with two workers running at the same time", async () => {
    const { db } = await getServices();
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    // This test is about two workers sharing the outbox, not the surge digest: 30 lead emails a
    // minute stay 30 emails for an owner whose threshold is above that (decision 301).
    await db.insert(schema.notificationSetting).values({ userId: owner.id, leadEmailsPerMinute: 100 });
    const subjects = Array.from({ length: 30 }, (_, i) => `Concurrent ${i}`);
    for (const subject of subjects) {
      await enqueueEmail(db, { kind: "new_lead", to: owner.email, content: { subject, html: "<p>x</p>", text: "x" }, campaignId: campaign.id });
    }
    const url = `smtp://127.0.0.1:${smtp.port}`;
    const workers = [
      createEmailWorker({ db, transport: smtpTransport(url, "a@leadqr.test"), batchSize: 3 }),
      createEmailWorker({ db, transport: smtpTransport(url, "b@leadqr.test"), batchSize: 3 }),
    ];
    await Promise.all(workers.map(drain));
    await Promise.all(workers.map((worker) => worker.stop()));
    const sent = smtp.received.filter((mail) => mail.subject.startsWith("Concurrent "));
    expect(sent.map((mail) => mail.subject).sort()).toEqual([...subjects].sort());
    const rows = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.campaignId, campaign.id));
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });

  it("retries a row whose sender crashed once its lease has run out", async () => {
    const { db } = await getServices();
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    await enqueueEmail(db, {
      kind: "new_lead",
      to: owner.email,
      content: { subject: "Stranded", html: "<p>x</p>", text: "x" },
      campaignId: campaign.id,
    });
    const row = await outboxRow(campaign.id);
    const worker = createEmailWorker({ db, transport: smtpTransport(`smtp://127.0.0.1:${smtp.port}`, "a@leadqr.test") });
    // Claimed by a process that died: 'sending' with a lease in the future, then expired.
    await db
      .update(schema.emailOutbox)
      .set({ status: "sending", lockedUntil: new Date(Date.now() + 60_000), attempts: 1 })
      .where(eq(schema.emailOutbox.id, row.id));
    await drain(worker);
    expect(smtp.received.filter((mail) => mail.subject === "Stranded")).toHaveLength(0);
    await db
      .update(schema.emailOutbox)
      .set({ lockedUntil: new Date(Date.now() - 1_000) })
      .where(eq(schema.emailOutbox.id, row.id));
    await drain(worker);
    await worker.stop();
    expect(smtp.received.filter((mail) => mail.subject === "Stranded")).toHaveLength(1);
    expect(await outboxRow(campaign.id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("gives up after the last attempt", async () => {
    const { db } = await getServices();
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    await enqueueEmail(db, {
      kind: "new_lead",
      to: owner.email,
      content: { subject: "Doomed", html: "<p>x</p>", text: "x" },
      campaignId: campaign.id,
    });
    const failing = { name: "smtp" as const, send: async () => Promise.reject(new Error("mailbox unavailable")), close: () => {} };
    const clock = manualClock();
    const worker = createEmailWorker({ db, transport: failing, backoffBaseMs: 1_000, maxAttempts: 3, clock });
    for (let i = 0; i < 6; i++) {
      await drain(worker);
      clock.advance(10_000);
    }
    expect(await outboxRow(campaign.id)).toMatchObject({ status: "failed", attempts: 3, lastError: "mailbox unavailable" });
  });

  it("marks email skipped and logs 'Email service not configured' without a transport", async () => {
    const { db } = await getServices();
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    await enqueueEmail(db, {
      kind: "new_lead",
      to: owner.email,
      content: { subject: "Nowhere", html: "<p>x</p>", text: "x" },
      campaignId: campaign.id,
    });
    const warnings: string[] = [];
    const logger = { info: () => {}, error: () => {}, warn: (_: unknown, message?: string) => void warnings.push(String(message)) };
    const worker = createEmailWorker({ db, transport: null, logger: logger as never });
    await drain(worker);
    expect(await outboxRow(campaign.id)).toMatchObject({ status: "skipped" });
    expect(warnings).toContain("Email service not configured");
  });

  it("without a transport on a derived address, prints each skipped email's links as one plain line (and only then)", async () => {
    const { db } = await getServices();
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const content = { subject: "Verify your email", html: "<p>x</p>", text: "Verify: http://localhost:3000/verify-email?token=abc123. Thanks" };
    const lines: string[] = [];
    const quiet = { warn: () => {}, error: () => {}, info: () => {} };

    await enqueueEmail(db, { kind: "new_lead", to: owner.email, content, campaignId: campaign.id });
    await drain(createEmailWorker({ db, transport: null, logger: quiet as never, logSkipped: false, printLine: (line) => lines.push(line) }));
    expect(lines).toEqual([]);

    await enqueueEmail(db, { kind: "new_lead", to: owner.email, content, campaignId: campaign.id });
    await drain(createEmailWorker({ db, transport: null, logger: quiet as never, logSkipped: true, printLine: (line) => lines.push(line) }));
    expect(lines).toEqual([
      `Email to ${owner.email} not sent (no email service configured): "Verify your email" → http://localhost:3000/verify-email?token=abc123`,
    ]);
  });

  it("runs by itself once started and sends promptly when nudged", async () => {
    const { db } = await getServices();
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);
    const worker = createEmailWorker({ db, transport: smtpTransport(`smtp://127.0.0.1:${smtp.port}`, "a@leadqr.test"), pollMs: 60_000 });
    worker.start();
    await enqueueEmail(db, {
      kind: "new_lead",
      to: owner.email,
      content: { subject: "Nudged", html: "<p>x</p>", text: "x" },
      campaignId: campaign.id,
    });
    worker.nudge();
    await expect.poll(() => smtp.received.filter((mail) => mail.subject === "Nudged").length, { timeout: 5_000 }).toBe(1);
    await worker.stop();
  });

  it("sends visitor mail from the business's name at our address, and owner mail from LeadQR", async () => {
    const owner = await createUser();
    const { db } = await getServices();
    const visitorMail = offerCodeEmail({
      businessName: 'Sonne "Bakery"\r\nBcc: x@evil.test',
      postalAddress: "1 Main St",
      code: "ABCD-EFGH",
      validity: "No expiry",
    });
    await enqueueEmail(db, { kind: "offer_code", to: "visitor@example.com", content: visitorMail });
    await enqueueEmail(db, { kind: "password_changed", to: owner.email, content: { subject: "Owner notice", html: "<p>x</p>", text: "x" } });
    const worker = createEmailWorker({ db, transport: smtpTransport(`smtp://127.0.0.1:${smtp.port}`, "LeadQR <hello@leadqr.test>") });
    await drain(worker);
    await worker.stop();
    const fromOf = (to: string) => /^From: (.*)$/m.exec(smtp.received.find((mail) => mail.to.includes(to))!.raw)?.[1];
    expect(fromOf("visitor@example.com")).toBe('"Sonne Bakery Bcc: x@evil.test via LeadQR" <hello@leadqr.test>');
    expect(fromOf(owner.email)).toBe("LeadQR <hello@leadqr.test>");
    expect(smtp.received.some((mail) => mail.to.includes("x@evil.test"))).toBe(false);
  });

  it("deletes rate-limit counters an hour past their expiry", async () => {
    const { db } = await getServices();
    const hourAgo = Date.now() - 61 * 60_000;
    await db.insert(schema.rateLimit).values([
      { key: "test:old", points: 1, expire: new Date(hourAgo) },
      { key: "test:recent", points: 1, expire: new Date(Date.now() - 60_000) },
      { key: "test:live", points: 1, expire: new Date(Date.now() + 60_000) },
    ]);
    await createEmailWorker({ db, transport: null }).housekeeping();
    const left = await db
      .select({ key: schema.rateLimit.key })
      .from(schema.rateLimit)
      .where(inArray(schema.rateLimit.key, ["test:old", "test:recent", "test:live"]));
    expect(left.map((row) => row.key).sort()).toEqual(["test:live", "test:recent"]);
  });

  it("deletes OAuth states of lead sync's Connect once they have expired (issue 52, finding 7)", async () => {
    const { db } = await getServices();
    const owner = await createUser({ isPro: true });
    const state = (stateHash: string, expiresAt: Date) => ({
      stateHash,
      userId: owner.id,
      sessionId: "session-1",
      provider: "mailchimp" as const,
      expiresAt,
    });
    await db
      .insert(schema.syncOauthState)
      .values([state("state-expired", new Date(Date.now() - 60_000)), state("state-live", new Date(Date.now() + 10 * 60_000))]);
    await createEmailWorker({ db, transport: null }).housekeeping();
    const left = await db
      .select({ stateHash: schema.syncOauthState.stateHash })
      .from(schema.syncOauthState)
      .where(eq(schema.syncOauthState.userId, owner.id));
    expect(left).toEqual([{ stateHash: "state-live" }]);
  });
});
