import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { LEAD_EMAILS_PER_MINUTE } from "~/features/email/digest.server";
import { renderNewLeadEmails } from "~/features/email/new-lead-email.server";
import { createEmailWorker } from "~/features/email/worker.server";
import * as route from "~/routes/capture";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { manualClock } from "../support/manual-clock";
import { callRoute, makeRequest } from "../support/http";
import { phoneUserAgent } from "../support/row-factories";

let addressCounter = 0;
const nextAddress = () => `203.0.113.${++addressCounter}`;

async function scanToken(campaignId: string, address?: string) {
  const headers: Record<string, string> = { "user-agent": phoneUserAgent(), ...(address ? { "x-leadqr-client-ip": address } : {}) };
  const request = makeRequest(`/capture/${campaignId}`, { method: "GET", headers });
  return (await callRoute(route.loader, request, { campaignId })).data.scanToken as string;
}

function submit(campaignId: string, form: Record<string, string>, address = nextAddress()) {
  const request = makeRequest(`/capture/${campaignId}`, { form, headers: { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": address } });
  return callRoute(route.action, request, { campaignId });
}

async function leadsOf(campaignId: string) {
  const { db } = await getServices();
  return db.select().from(schema.lead).where(eq(schema.lead.campaignId, campaignId));
}

async function outboxOf(campaignId: string) {
  const { db } = await getServices();
  return db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.campaignId, campaignId)).orderBy(schema.emailOutbox.createdAt);
}

async function setup(options: { isPro?: boolean } = {}) {
  const owner = await createUser({ isPro: options.isPro });
  const campaign = await createCampaignRow(owner.id, { title: "Summer <Special>", businessType: "Bakery" });
  return { owner, campaign };
}

describe("submitting the capture form", () => {
  it("stores the lead and queues the new-lead email to the owner in the same transaction", async () => {
    const { owner, campaign } = await setup();
    const token = await scanToken(campaign.id);
    const result = await submit(campaign.id, {
      name: "  Ada Lovelace ",
      email: "ada@example.com",
      phone: "+44 (20) 7946-0958",
      scanToken: token,
      role: "admin",
      campaign_id: crypto.randomUUID(),
    });
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ ok: true });
    const leads = await leadsOf(campaign.id);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com", phone: "+44 (20) 7946-0958", scanId: token });
    const outbox = await outboxOf(campaign.id);
    // The owner's email, and the visitor's code email (decision 343).
    expect(outbox.map((row) => [row.kind, row.to]).sort()).toEqual([
      ["new_lead", owner.email],
      ["offer_code", "ada@example.com"],
    ]);
    const ownerEmail = outbox.find((row) => row.kind === "new_lead")!;
    expect(ownerEmail).toMatchObject({ status: "pending" });
    // Its body is rendered from the lead when the worker sends it (decision 422).
    const [sent] = await renderNewLeadEmails((await getServices()).db, [ownerEmail], "http://localhost:3000");
    expect(sent!.html).toContain("Ada Lovelace");
    expect(sent!.html).toContain("Summer &lt;Special&gt;");
    expect(sent!.html).toContain("Bakery");
  });

  it("lets the 5th counted visitor of a free campaign submit", async () => {
    const { campaign } = await setup();
    const tokens = [];
    for (let i = 0; i < 5; i++) tokens.push(await scanToken(campaign.id));
    expect((await submit(campaign.id, { name: "Fifth", email: "fifth@example.com", scanToken: tokens[4]! })).data).toMatchObject({ ok: true });
    expect(await leadsOf(campaign.id)).toHaveLength(1);
  });

  it("creates one lead when the same form is submitted twice, answering both with thank-you", async () => {
    const { campaign } = await setup();
    const token = await scanToken(campaign.id);
    const form = { name: "Grace", email: "grace@example.com", scanToken: token };
    const [first, second] = await Promise.all([submit(campaign.id, form), submit(campaign.id, form)]);
    expect(first.data).toMatchObject({ ok: true });
    expect(second.data).toMatchObject({ ok: true });
    const third = (await submit(campaign.id, form)).data;
    expect(third).toMatchObject({ ok: true });
    expect(await leadsOf(campaign.id)).toHaveLength(1);
    expect((await outboxOf(campaign.id)).map((row) => row.kind).sort()).toEqual(["new_lead", "offer_code"]);
    // Every answer shows the same offer code.
    const codes = [first, second].map((answer) => answer.data.claim.code);
    expect(codes).toEqual([third.claim.code, third.claim.code]);
    expect(third.claim.code).toMatch(/^[2-9ACDEFGHJKMNPQRTVWXY]{3}-[2-9ACDEFGHJKMNPQRTVWXY]{3}-[2-9ACDEFGHJKMNPQRTVWXY]{2}$/);
  });

  it("refuses a post without a valid scan token of this campaign", async () => {
    const { campaign } = await setup();
    const other = await setup();
    const otherToken = await scanToken(other.campaign.id);
    for (const token of [undefined, "", "not-a-token", crypto.randomUUID(), otherToken]) {
      const form: Record<string, string> = { name: "Bot", email: "bot@example.com" };
      if (token !== undefined) form.scanToken = token;
      const result = await submit(campaign.id, form);
      expect(result.status).toBe(400);
      // With a token that is no scan of this campaign, the page is told to reload; without one, to try again.
      expect(result.data).toMatchObject({
        ok: false,
        error: token
          ? "Submission Error: Failed to submit: this page has expired. Please reload it and try again."
          : "Submission Error: Failed to submit your information. Please try again.",
        values: { name: "Bot" },
      });
    }
    expect(await leadsOf(campaign.id)).toHaveLength(0);
  });

  it("answers the spec's messages for a bad, unknown or inactive campaign", async () => {
    const { owner, campaign } = await setup();
    const token = await scanToken(campaign.id);
    const form = { name: "Ada", email: "ada@example.com", scanToken: token };
    expect((await submit("not-a-uuid", form)).data).toMatchObject({ error: "Submission Error: Invalid campaign ID" });
    const unknown = await submit(crypto.randomUUID(), form);
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({ error: "Submission Error: Campaign data not loaded" });
    const { db } = await getServices();
    await db.update(schema.campaign).set({ status: "paused" }).where(eq(schema.campaign.id, campaign.id));
    expect((await submit(campaign.id, form)).data).toMatchObject({ error: "Submission Error: This campaign is no longer active" });
    expect(await leadsOf(campaign.id)).toHaveLength(0);
    void owner;
  });

  it.each([
    [{ name: "", email: "a@example.com" }, "name", "Please enter your full name"],
    [{ name: "   ", email: "a@example.com" }, "name", "Please enter your full name"],
    [{ name: "x".repeat(101), email: "a@example.com" }, "name", "Name must be at most 100 characters"],
    [{ name: "Ada", email: "" }, "email", "Please enter your email address"],
    [{ name: "Ada", email: "not-an-email" }, "email", "Please enter a valid email address"],
    [{ name: "Ada", email: `${"a".repeat(250)}@example.com` }, "email", "Please enter a valid email address"],
    [{ name: "Ada", email: "a@example.com", phone: "call me maybe" }, "phone", "Please enter a valid phone number"],
    [{ name: "Ada", email: "a@example.com", phone: "1".repeat(31) }, "phone", "Phone number must be at most 30 characters"],
  ])("answers 400 with the field's message for %j", async (fields, field, message) => {
    const { campaign } = await setup();
    const token = await scanToken(campaign.id);
    const result = await submit(campaign.id, { ...fields, scanToken: token });
    expect(result.status).toBe(400);
    expect(result.data.fieldErrors[field]).toBe(message);
    // The form keeps the token so the visitor can correct and resend.
    expect(result.data.scanToken).toBe(token);
    expect(await leadsOf(campaign.id)).toHaveLength(0);
  });

  it("accepts unicode names and no phone", async () => {
    const { campaign } = await setup();
    const token = await scanToken(campaign.id);
    expect((await submit(campaign.id, { name: "Zoë Ñúñez 李小龍 🎉", email: "zoe@example.com", phone: "", scanToken: token })).data).toMatchObject({
      ok: true,
    });
    expect((await leadsOf(campaign.id))[0]).toMatchObject({ name: "Zoë Ñúñez 李小龍 🎉", phone: null });
  });

  it("answers a filled honeypot with thank-you and stores nothing", async () => {
    const { campaign } = await setup();
    const token = await scanToken(campaign.id);
    const result = await submit(campaign.id, { name: "Spam", email: "spam@example.com", website: "http://spam.example", scanToken: token });
    expect(result.data).toMatchObject({ ok: true });
    expect(await leadsOf(campaign.id)).toHaveLength(0);
    expect(await outboxOf(campaign.id)).toHaveLength(0);
  });

  it("rate-limits one address", async () => {
    const { campaign } = await setup({ isPro: true });
    const address = nextAddress();
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push((await submit(campaign.id, { name: "", email: "" }, address)).status);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    const blocked = await submit(campaign.id, { name: "Ada", email: "ada@example.com", scanToken: crypto.randomUUID() }, address);
    expect(blocked.data.error).toMatch(/^Submission Error: Too many attempts/);
    // The refusal says when to try again.
    const retryAfter = blocked.headers.get("Retry-After");
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(await leadsOf(campaign.id)).toHaveLength(0);
    // A visitor with a real, unused scan token shares the address but not its budget (issue 11).
    const token = await scanToken(campaign.id);
    expect((await submit(campaign.id, { name: "Ada", email: "ada@example.com", scanToken: token }, address)).data).toMatchObject({ ok: true });
  });

  it("emails the address the visitor typed only its code, and folds a surge past the per-minute threshold into one digest", async () => {
    const { owner, campaign } = await setup({ isPro: true });
    const total = LEAD_EMAILS_PER_MINUTE + 3;
    for (let i = 0; i < total; i++) {
      const token = await scanToken(campaign.id);
      expect((await submit(campaign.id, { name: `Visitor ${i}`, email: `visitor${i}@example.com`, scanToken: token })).data).toMatchObject({
        ok: true,
      });
    }
    expect(await leadsOf(campaign.id)).toHaveLength(total);
    // Every lead queues its own email; the worker folds the surplus before it sends (decision 301).
    expect((await outboxOf(campaign.id)).filter((row) => row.kind === "new_lead" && row.status === "pending")).toHaveLength(total);
    const { db } = await getServices();
    const worker = createEmailWorker({ db, transport: null, batchSize: 100, appUrl: "https://leadqr.test" });
    await worker.runOnce();
    const outbox = await outboxOf(campaign.id);
    expect(outbox.filter((row) => row.kind !== "offer_code").every((row) => row.to === owner.email)).toBe(true);
    expect(outbox.filter((row) => row.kind === "offer_code").map((row) => row.to)).toEqual(
      expect.arrayContaining(Array.from({ length: total }, (_, i) => `visitor${i}@example.com`)),
    );
    expect(outbox.filter((row) => row.kind === "new_lead" && row.status === "skipped")).toHaveLength(LEAD_EMAILS_PER_MINUTE);
    const folded = outbox.filter((row) => row.status === "folded");
    expect(folded).toHaveLength(3);
    const digests = outbox.filter((row) => row.kind === "lead_digest");
    expect(digests).toHaveLength(1);
    expect(folded.every((row) => row.digestId === digests[0]!.id)).toBe(true);
    expect(digests[0]!.subject).toMatch(/^3 new leads for Summer <Special> since \d\d:\d\d UTC$/);
    expect(digests[0]!.text).toContain("received 3 new leads since");
    expect(digests[0]!.text).toContain("https://leadqr.test/leads");
    // The digest collects for a few minutes before it is due, and a second pass changes nothing.
    expect(digests[0]!.status).toBe("pending");
    expect(digests[0]!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    await worker.runOnce();
    expect((await outboxOf(campaign.id)).filter((row) => row.kind === "lead_digest")).toHaveLength(1);
    await worker.stop();
  });

  it("folds at most every foldEveryMs, and a pass in between never sends a lead's email the fold has not decided", async () => {
    const { campaign } = await setup({ isPro: true });
    const { db } = await getServices();
    const claim = async (first: number, count: number) => {
      for (let i = first; i < first + count; i++) {
        const token = await scanToken(campaign.id);
        expect((await submit(campaign.id, { name: `Visitor ${i}`, email: `fold${i}@example.com`, scanToken: token })).status).toBe(200);
      }
    };
    const newLeadRows = async (status: string) =>
      (await outboxOf(campaign.id)).filter((row) => row.kind === "new_lead" && row.status === status).length;
    await claim(0, LEAD_EMAILS_PER_MINUTE + 3);
    const clock = manualClock(Date.now());
    const worker = createEmailWorker({ db, transport: null, batchSize: 100, foldEveryMs: 60_000, clock });
    await worker.runOnce();
    expect([await newLeadRows("skipped"), await newLeadRows("folded"), await newLeadRows("pending")]).toEqual([LEAD_EMAILS_PER_MINUTE, 3, 0]);
    // A second surge inside the fold's interval: the pass claims with the last fold's cutoff, so
    // these rows wait, undecided, instead of being sent past the owner's threshold.
    await claim(100, LEAD_EMAILS_PER_MINUTE + 3);
    clock.advance(30_000);
    await worker.runOnce();
    expect(await newLeadRows("pending")).toBe(LEAD_EMAILS_PER_MINUTE + 3);
    clock.advance(30_000);
    await worker.runOnce();
    await worker.stop();
    // Past the interval the fold decides them: all in the minute past the threshold, all folded.
    expect([await newLeadRows("skipped"), await newLeadRows("folded"), await newLeadRows("pending")]).toEqual([
      LEAD_EMAILS_PER_MINUTE,
      3 + LEAD_EMAILS_PER_MINUTE + 3,
      0,
    ]);
  });

  it("folds at the owner's own per-minute threshold", async () => {
    const { owner, campaign } = await setup({ isPro: true });
    const { db } = await getServices();
    await db.insert(schema.notificationSetting).values({ userId: owner.id, leadEmailsPerMinute: 2 });
    for (let i = 0; i < 5; i++) {
      const token = await scanToken(campaign.id);
      expect((await submit(campaign.id, { name: `Visitor ${i}`, email: `v${i}@example.com`, scanToken: token })).status).toBe(200);
    }
    const worker = createEmailWorker({ db, transport: null, batchSize: 100 });
    await worker.runOnce();
    await worker.stop();
    const outbox = await outboxOf(campaign.id);
    expect(outbox.filter((row) => row.kind === "new_lead" && row.status === "skipped")).toHaveLength(2);
    expect(outbox.find((row) => row.kind === "lead_digest")?.subject).toMatch(/^3 new leads for/);
  });

  it("never answers 500 for odd input", async () => {
    const { campaign } = await setup();
    const request = new Request(`http://localhost:3000/capture/${campaign.id}`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=broken", "x-leadqr-client-ip": nextAddress() },
      body: "garbage",
    });
    expect((await callRoute(route.action, request, { campaignId: campaign.id })).status).toBe(400);
    const arrays = await submit(campaign.id, { name: ["a", "b"] as never, email: "x@example.com" });
    expect(arrays.status).toBe(400);
    const { db } = await getServices();
    expect(
      await db
        .select()
        .from(schema.lead)
        .where(and(eq(schema.lead.campaignId, campaign.id))),
    ).toHaveLength(0);
  });
});

describe("no per-campaign cap (decision 300)", () => {
  it("accepts every genuine lead of a crowd on one campaign, past the old 300 per 10 minutes", async () => {
    const { campaign } = await setup({ isPro: true });
    const visitors = 320;
    const { db } = await getServices();
    // Counted scans of 320 different people (written directly: the loads are not what is tested here).
    const scans = await db
      .insert(schema.scan)
      .values(Array.from({ length: visitors }, () => ({ campaignId: campaign.id, deviceType: "mobile" as const })))
      .returning({ id: schema.scan.id });
    const statuses: number[] = [];
    for (let start = 0; start < visitors; start += 16) {
      const batch = scans.slice(start, start + 16).map(async ({ id }, offset) => {
        const n = start + offset;
        return (await submit(campaign.id, { name: `Guest ${n}`, email: `guest${n}@example.com`, scanToken: id })).status;
      });
      statuses.push(...(await Promise.all(batch)));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(visitors);
    expect(await leadsOf(campaign.id)).toHaveLength(visitors);
    const codes = await db.select().from(schema.offerCode).where(eq(schema.offerCode.campaignId, campaign.id));
    expect(codes).toHaveLength(visitors);
  });

  it("gives one email one lead, one code and one code email when its posts from eight scans race", async () => {
    const { campaign } = await setup({ isPro: true });
    const tokens = await Promise.all(Array.from({ length: 8 }, (_, i) => scanToken(campaign.id, `198.51.100.${i + 1}`)));
    expect(new Set(tokens).size).toBe(8);
    const results = await Promise.all(
      tokens.flatMap((token, i) => [
        submit(campaign.id, { name: `Twin ${i}`, email: "Same@Example.com", scanToken: token }),
        submit(campaign.id, { name: `Twin ${i}`, email: "Same@Example.com", scanToken: token }),
      ]),
    );
    expect(results.map((answer) => answer.status)).toEqual(Array(16).fill(200));
    const { db } = await getServices();
    expect(await db.select().from(schema.offerCode).where(eq(schema.offerCode.campaignId, campaign.id))).toHaveLength(1);
    // No second lead (decision 344): the first is seen again, and only that inbox gets the code.
    const leads = await leadsOf(campaign.id);
    expect(leads).toHaveLength(1);
    expect(tokens).toContain(leads[0]!.scanId);
    expect(leads[0]!.lastSeenAt).not.toBeNull();
    expect((await outboxOf(campaign.id)).map((row) => [row.kind, row.to]).sort()).toEqual([
      ["new_lead", expect.any(String)],
      ["offer_code", "Same@Example.com"],
    ]);
    const bodies = results.map((result) => result.data);
    expect(bodies.filter((body) => body.claim)).toHaveLength(2);
    expect(bodies.filter((body) => body.alreadyClaimed)).toHaveLength(14);
  });
});
