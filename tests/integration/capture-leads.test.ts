import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { LEAD_EMAILS_PER_HOUR } from "~/features/capture/capture";
import * as route from "~/routes/capture";
import { getServices } from "~/utils/services.server";
import { createCampaign, createUser } from "../factories";
import { makeRequest, payload, run, statusOf } from "../http";

const PHONE_UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
let addressCounter = 0;
const nextAddress = () => `203.0.113.${++addressCounter}`;

async function scanToken(campaignId: string) {
  const request = makeRequest(`/capture/${campaignId}`, { method: "GET", headers: { "user-agent": PHONE_UA } });
  return payload(await run(route.loader, request, { campaignId })).scanToken as string;
}

function submit(campaignId: string, form: Record<string, string>, address = nextAddress()) {
  const request = makeRequest(`/capture/${campaignId}`, { form, headers: { "user-agent": PHONE_UA, "x-leadqr-client-ip": address } });
  return run(route.action, request, { campaignId });
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
  const campaign = await createCampaign({ userId: owner.id, title: "Summer <Special>", businessType: "Bakery" });
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
    expect(statusOf(result)).toBe(200);
    expect(payload(result)).toMatchObject({ ok: true });
    const leads = await leadsOf(campaign.id);
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ name: "Ada Lovelace", email: "ada@example.com", phone: "+44 (20) 7946-0958", scanId: token });
    const outbox = await outboxOf(campaign.id);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ kind: "new_lead", to: owner.email, status: "pending" });
    expect(outbox[0]!.html).toContain("Ada Lovelace");
    expect(outbox[0]!.html).toContain("Summer &lt;Special&gt;");
    expect(outbox[0]!.html).toContain("Bakery");
  });

  it("lets the 5th counted visitor of a free campaign submit", async () => {
    const { campaign } = await setup();
    const tokens = [];
    for (let i = 0; i < 5; i++) tokens.push(await scanToken(campaign.id));
    expect(payload(await submit(campaign.id, { name: "Fifth", email: "fifth@example.com", scanToken: tokens[4]! }))).toMatchObject({ ok: true });
    expect(await leadsOf(campaign.id)).toHaveLength(1);
  });

  it("creates one lead when the same form is submitted twice, answering both with thank-you", async () => {
    const { campaign } = await setup();
    const token = await scanToken(campaign.id);
    const form = { name: "Grace", email: "grace@example.com", scanToken: token };
    const [first, second] = await Promise.all([submit(campaign.id, form), submit(campaign.id, form)]);
    expect(payload(first)).toMatchObject({ ok: true });
    expect(payload(second)).toMatchObject({ ok: true });
    const third = payload<{ claim: { code: string } }>(await submit(campaign.id, form));
    expect(third).toMatchObject({ ok: true });
    expect(await leadsOf(campaign.id)).toHaveLength(1);
    expect(await outboxOf(campaign.id)).toHaveLength(1);
    // Every answer shows the same offer code.
    const codes = [first, second].map((answer) => payload<{ claim: { code: string } }>(answer).claim.code);
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
      expect(statusOf(result)).toBe(400);
      expect(payload(result)).toMatchObject({
        ok: false,
        error: "Submission Error: Failed to submit your information. Please try again.",
        values: { name: "Bot" },
      });
    }
    expect(await leadsOf(campaign.id)).toHaveLength(0);
  });

  it("answers the spec's messages for a bad, unknown or inactive campaign", async () => {
    const { owner, campaign } = await setup();
    const token = await scanToken(campaign.id);
    const form = { name: "Ada", email: "ada@example.com", scanToken: token };
    expect(payload(await submit("not-a-uuid", form))).toMatchObject({ error: "Submission Error: Invalid campaign ID" });
    const unknown = await submit(crypto.randomUUID(), form);
    expect(statusOf(unknown)).toBe(404);
    expect(payload(unknown)).toMatchObject({ error: "Submission Error: Campaign data not loaded" });
    const { db } = await getServices();
    await db.update(schema.campaign).set({ status: "paused" }).where(eq(schema.campaign.id, campaign.id));
    expect(payload(await submit(campaign.id, form))).toMatchObject({ error: "Submission Error: This campaign is no longer active" });
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
    expect(statusOf(result)).toBe(400);
    expect(payload(result).fieldErrors[field]).toBe(message);
    // The form keeps the token so the visitor can correct and resend.
    expect(payload(result).scanToken).toBe(token);
    expect(await leadsOf(campaign.id)).toHaveLength(0);
  });

  it("accepts unicode names and no phone", async () => {
    const { campaign } = await setup();
    const token = await scanToken(campaign.id);
    expect(payload(await submit(campaign.id, { name: "Zoë Ñúñez 李小龍 🎉", email: "zoe@example.com", phone: "", scanToken: token }))).toMatchObject({
      ok: true,
    });
    expect((await leadsOf(campaign.id))[0]).toMatchObject({ name: "Zoë Ñúñez 李小龍 🎉", phone: null });
  });

  it("answers a filled honeypot with thank-you and stores nothing", async () => {
    const { campaign } = await setup();
    const token = await scanToken(campaign.id);
    const result = await submit(campaign.id, { name: "Spam", email: "spam@example.com", website: "http://spam.example", scanToken: token });
    expect(payload(result)).toMatchObject({ ok: true });
    expect(await leadsOf(campaign.id)).toHaveLength(0);
    expect(await outboxOf(campaign.id)).toHaveLength(0);
  });

  it("rate-limits one address", async () => {
    const { campaign } = await setup({ isPro: true });
    const address = nextAddress();
    const statuses = [];
    for (let i = 0; i < 21; i++) statuses.push(statusOf(await submit(campaign.id, { name: "", email: "" }, address)));
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    const blocked = await submit(campaign.id, { name: "Ada", email: "ada@example.com", scanToken: crypto.randomUUID() }, address);
    expect(payload(blocked).error).toMatch(/^Submission Error: Too many attempts/);
    // The refusal says when to try again.
    const retryAfter = (blocked as { init?: { headers?: Record<string, string> } }).init?.headers?.["Retry-After"];
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(await leadsOf(campaign.id)).toHaveLength(0);
    // A visitor with a real, unused scan token shares the address but not its budget (issue 11).
    const token = await scanToken(campaign.id);
    expect(payload(await submit(campaign.id, { name: "Ada", email: "ada@example.com", scanToken: token }, address))).toMatchObject({ ok: true });
  });

  it("never emails the address the visitor typed, and folds leads past the hourly cap into one digest", async () => {
    const { owner, campaign } = await setup({ isPro: true });
    const total = LEAD_EMAILS_PER_HOUR + 3;
    for (let i = 0; i < total; i++) {
      const token = await scanToken(campaign.id);
      expect(payload(await submit(campaign.id, { name: `Visitor ${i}`, email: `visitor${i}@example.com`, scanToken: token }))).toMatchObject({
        ok: true,
      });
    }
    expect(await leadsOf(campaign.id)).toHaveLength(total);
    const outbox = await outboxOf(campaign.id);
    expect(outbox.every((row) => row.to === owner.email)).toBe(true);
    expect(outbox.filter((row) => row.kind === "new_lead")).toHaveLength(LEAD_EMAILS_PER_HOUR);
    const digests = outbox.filter((row) => row.kind === "lead_digest");
    expect(digests).toHaveLength(1);
    expect(digests[0]!.subject).toBe("3 more leads for Summer <Special>");
    expect(digests[0]!.text).toContain("received 3 more leads");
    // The digest waits out the hour before it is due.
    expect(digests[0]!.nextAttemptAt.getTime() - digests[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(59 * 60_000);
  });

  it("never answers 500 for odd input", async () => {
    const { campaign } = await setup();
    const request = new Request(`http://localhost:3000/capture/${campaign.id}`, {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=broken", "x-leadqr-client-ip": nextAddress() },
      body: "garbage",
    });
    expect(statusOf(await run(route.action, request, { campaignId: campaign.id }))).toBe(400);
    const arrays = await submit(campaign.id, { name: ["a", "b"] as never, email: "x@example.com" });
    expect(statusOf(arrays)).toBe(400);
    const { db } = await getServices();
    expect(
      await db
        .select()
        .from(schema.lead)
        .where(and(eq(schema.lead.campaignId, campaign.id))),
    ).toHaveLength(0);
  });
});

describe("the per-campaign lead budget", () => {
  it("is spent only by posts carrying a real scan of the campaign", async () => {
    const { campaign } = await setup({ isPro: true });
    const budgetKey = `leadByCampaign:${campaign.id}`;
    const budget = async () => {
      const { db } = await getServices();
      const [row] = await db.select({ points: schema.rateLimit.points }).from(schema.rateLimit).where(eq(schema.rateLimit.key, budgetKey));
      return row?.points ?? 0;
    };
    for (let attempt = 0; attempt < 5; attempt++) {
      const junk = await submit(campaign.id, { name: "Bot", email: "bot@example.com", scanToken: crypto.randomUUID() });
      expect(statusOf(junk)).toBe(400);
    }
    expect(await budget()).toBe(0);
    const token = await scanToken(campaign.id);
    expect(statusOf(await submit(campaign.id, { name: "Real Person", email: "real@example.com", scanToken: token }))).toBe(200);
    expect(await budget()).toBe(1);
  });
});
