// A festival's Wi-Fi and a carrier's NAT (issue 50, docs/features/crowds.md): hundreds of phones
// behind one IPv4 address or one IPv6 /64, each its own browser, load the page and claim. Past the
// network's burst allowance a load counts no scan, but its form carries a crowd token: every phone
// claims, each lead counts its visitor, and a script that echoes cookies still counts at most 30.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as schema from "~/db/schema";
import { rowsOf } from "~/db/rows.server";
import { countConversion } from "~/features/analytics/analytics.server";
import { answerEncodedLeadPost } from "~/features/capture/lead-post.server";
import { clearCaptureDocuments, TOKEN_PLACEHOLDER } from "~/features/capture/capture-document.server";
import { clearBursts } from "~/features/scans/bursts.server";
import { VISITOR_COOKIE } from "~/features/scans/visitors";
import { flushCounts } from "~/features/scans/buffered-counts.server";
import { noteVisitorCookie } from "~/features/scans/visitor-id-returns.server";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { startCaptureDocumentServer, TEST_ADDRESS_HEADER } from "../support/capture-document-server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

// The production allowance (the test setup raises it for everyone else).
vi.hoisted(() => {
  process.env.CAPTURE_BURST_LOADS = "30";
});
const ALLOWANCE = 30;
const PHONES = 300;

let server: Awaited<ReturnType<typeof startCaptureDocumentServer>>;
beforeAll(async () => {
  server = await startCaptureDocumentServer(
    async (_path, view) => `<html><body data-state="${view.state}">token=${TOKEN_PLACEHOLDER}|</body></html>`,
  );
}, 180_000);
afterAll(() => server.stop());
beforeEach(() => {
  clearBursts();
  clearCaptureDocuments();
});

/** Phones are not all alike: several iOS and Android builds, as a crowd has. */
function agentOf(phone: number) {
  const ios = `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${phone % 6} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${phone % 6} Mobile/15E148 Safari/604.1`;
  const android = `Mozilla/5.0 (Linux; Android 14; Pixel ${6 + (phone % 3)}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/12${phone % 10}.0.0.0 Mobile Safari/537.36`;
  return phone % 2 ? ios : android;
}

type Phone = { address: string; agent: string; cookie: string };

/** One load of the page as the phone's browser makes it: the state shown, the form's token, and the cookie kept. */
async function load(campaignId: string, phone: Phone) {
  const response = await fetch(`${server.base}/capture/${campaignId}`, {
    headers: { "user-agent": phone.agent, [TEST_ADDRESS_HEADER]: phone.address, ...(phone.cookie ? { cookie: phone.cookie } : {}) },
  });
  const body = await response.text();
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
  if (cookie) phone.cookie = cookie;
  // The page's own assets bring the cookie back at once.
  if (phone.cookie) noteVisitorCookie(phone.cookie);
  return { status: response.status, state: /data-state="([^"]+)"/.exec(body)?.[1], token: /token=([^|]*)\|/.exec(body)?.[1] ?? "" };
}

/** The form's post as the page's script makes it, answered as the HTTP edge answers it. */
async function claim(campaignId: string, phone: Phone, token: string, n: number) {
  const answer = await answerEncodedLeadPost({
    params: { campaignId },
    body: new URLSearchParams({ name: `Guest ${n}`, email: `guest${n}@example.com`, scanToken: token }).toString(),
    clientAddress: phone.address,
    userAgent: phone.agent,
    cookie: phone.cookie || null,
  });
  const cookie = (answer.headers?.["Set-Cookie"] ?? "").split(";")[0];
  if (cookie) phone.cookie = cookie;
  return answer;
}

/** Phones of one network, loading and claiming a few at a time. */
async function crowdClaims(campaignId: string, addressOf: (phone: number) => string, first: number) {
  const phones: Phone[] = Array.from({ length: PHONES }, (_, index) => ({ address: addressOf(index), agent: agentOf(index), cookie: "" }));
  const answers = [];
  for (let start = 0; start < PHONES; start += 20) {
    const group = phones.slice(start, start + 20);
    answers.push(
      ...(await Promise.all(
        group.map(async (phone, index) => {
          const page = await load(campaignId, phone);
          expect(page).toMatchObject({ status: 200, state: "form" });
          expect(page.token).not.toBe("");
          return claim(campaignId, phone, page.token, first + start + index);
        }),
      )),
    );
  }
  return { phones, answers };
}

async function figures(campaignId: string) {
  const { db } = await getServices();
  const leads = await db.select({ id: schema.lead.id, scanId: schema.lead.scanId }).from(schema.lead).where(eq(schema.lead.campaignId, campaignId));
  const codes = await db.select({ code: schema.offerCode.code }).from(schema.offerCode).where(eq(schema.offerCode.campaignId, campaignId));
  const ownerEmails = await db
    .select({ leadId: schema.emailOutbox.leadId })
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.campaignId, campaignId), eq(schema.emailOutbox.kind, "new_lead")));
  const [scans] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from scan where campaign_id = ${campaignId}`));
  return { leads, codes, ownerEmails, scans: scans!.n, conversion: await countConversion(db, campaignId) };
}

async function exclusionsOnThePage(owner: { cookie: string }, campaignId: string) {
  await flushCounts();
  const { loader } = await import("~/routes/campaign-detail");
  const data = (await callRoute(loader, makeRequest(`/campaigns/${campaignId}`, { cookie: owner.cookie }), { campaignId })).data;
  return data.analytics.exclusions as Record<string, number>;
}

describe("a crowd on one network", () => {
  it("300 phones behind one IPv4 address and 300 behind one IPv6 /64 all claim: 600 leads, each with its code, visitor and owner email", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const festival = await crowdClaims(campaign.id, () => "198.51.100.77", 0);
    const carrier = await crowdClaims(campaign.id, (phone) => `2001:db8:77:1:${(phone + 1).toString(16)}::1`, PHONES);
    const answers = [...festival.answers, ...carrier.answers];

    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const shown = answers.map((answer) => (answer.body.ok ? answer.body.claim?.code : undefined));
    expect(shown.every(Boolean)).toBe(true);
    expect(new Set(shown).size).toBe(2 * PHONES);

    const after = await figures(campaign.id);
    expect(after.leads).toHaveLength(2 * PHONES);
    expect(after.leads.every((lead) => lead.scanId)).toBe(true);
    expect(new Set(after.codes.map((row) => row.code))).toEqual(new Set(shown.map((code) => code!.replaceAll("-", ""))));
    expect(new Set(after.ownerEmails.map((row) => row.leadId))).toEqual(new Set(after.leads.map((lead) => lead.id)));
    expect(after.ownerEmails).toHaveLength(2 * PHONES);
    // A lead proves a person: every lead's visitor is a unique visitor, and conversion never passes 100 %.
    expect(after.scans).toBe(2 * PHONES);
    expect(after.conversion).toMatchObject({ unique: 2 * PHONES, converted: 2 * PHONES });
    expect(after.conversion.converted).toBeLessThanOrEqual(after.conversion.unique);
    // The bursts' loads left leads: nothing is shown as a burst.
    expect((await exclusionsOnThePage(owner, campaign.id)).burst ?? 0).toBe(0);

    // A phone that claimed from a crowd token was given its visitor id with its code: it sees its code again.
    const returning = festival.phones[PHONES - 1]!;
    expect(returning.cookie.split("=")[0]).toBe(VISITOR_COOKIE);
    expect((await load(campaign.id, returning)).state).toBe("claimed");
  }, 600_000);

  it("phones of a burst that leave nothing stay on the exclusion list; a post twice with one crowd token is one lead", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const address = "203.0.113.90";
    const phones: Phone[] = Array.from({ length: ALLOWANCE + 12 }, (_, index) => ({ address, agent: agentOf(index), cookie: "" }));
    const pages = [];
    for (const phone of phones) pages.push(await load(campaign.id, phone));
    expect(pages.filter((page) => page.token.startsWith("c1."))).toHaveLength(12);
    // Two of the burst's phones claim (one of them taps twice); ten leave nothing.
    const [first, second] = [ALLOWANCE, ALLOWANCE + 1];
    const once = await claim(campaign.id, phones[first]!, pages[first]!.token, 1);
    const twice = await claim(campaign.id, phones[first]!, pages[first]!.token, 1);
    const other = await claim(campaign.id, phones[second]!, pages[second]!.token, 2);
    expect([once.status, twice.status, other.status]).toEqual([200, 200, 200]);
    expect(once.body.ok && twice.body.ok && once.body.claim?.code === twice.body.claim?.code).toBe(true);
    const after = await figures(campaign.id);
    expect(after.leads).toHaveLength(2);
    expect(after.scans).toBe(ALLOWANCE + 2);
    expect(await exclusionsOnThePage(owner, campaign.id)).toMatchObject({ burst: 10 });
  }, 120_000);

  it("a script that echoes cookies from one address and leaves no lead still counts 30 scans", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const script: Phone = { address: "192.0.2.66", agent: agentOf(1), cookie: "" };
    for (let round = 0; round < 45; round++) {
      script.cookie = "";
      await load(campaign.id, script);
      await load(campaign.id, script);
    }
    expect((await figures(campaign.id)).scans).toBe(ALLOWANCE);
    expect((await exclusionsOnThePage(owner, campaign.id)).burst).toBe(30);
  }, 120_000);

  it("crowd posts from one network past its budget are told to wait so many minutes or ask the staff, and keep their form", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const phones: Phone[] = Array.from({ length: ALLOWANCE + 1 }, (_, index) => ({ address: "192.0.2.92", agent: agentOf(index), cookie: "" }));
    let token = "";
    for (const phone of phones) token = (await load(campaign.id, phone)).token;
    const phone = phones.at(-1)!;
    // A script filling the honeypot stores nothing but spends the network's crowd budget.
    const post = (fields: Record<string, string>) =>
      answerEncodedLeadPost({
        params: { campaignId: campaign.id },
        body: new URLSearchParams({ scanToken: token, ...fields }).toString(),
        clientAddress: phone.address,
        userAgent: phone.agent,
        cookie: null,
      });
    for (let n = 0; n < RATE_LIMITS.leadByCrowdNetwork.points; n++)
      expect((await post({ name: "Bot", email: `bot${n}@example.com`, website: "x" })).status).toBe(200);
    const refused = await post({ name: "Ana", email: "ana@example.com" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers?.["Retry-After"])).toBeGreaterThan(500);
    expect(refused.body).toMatchObject({
      ok: false,
      error:
        "Submission Error: Failed to submit: many people on your network have just claimed this offer. Please try again in 10 min or ask the staff for help.",
      values: { name: "Ana", email: "ana@example.com" },
      scanToken: token,
    });
    expect((await figures(campaign.id)).leads).toHaveLength(0);
  }, 300_000);

  it("a forged, altered or other campaign's crowd token is no token", async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id);
    const other = await createCampaignRow(owner.id);
    const phones: Phone[] = Array.from({ length: ALLOWANCE + 1 }, (_, index) => ({ address: "192.0.2.91", agent: agentOf(index), cookie: "" }));
    let token = "";
    for (const phone of phones) token = (await load(campaign.id, phone)).token;
    expect(token.startsWith("c1.")).toBe(true);
    const phone = phones.at(-1)!;
    const altered = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    expect((await claim(other.id, phone, token, 1)).body).toMatchObject({
      ok: false,
      error: "Submission Error: Failed to submit: this page has expired. Please reload it and try again.",
    });
    expect((await claim(campaign.id, phone, altered, 2)).status).toBe(400);
    expect((await figures(campaign.id)).leads).toHaveLength(0);
  }, 120_000);
});
