// Property-based fuzzing of what issue 38 found (findings 1 and 2): whatever a client does with
// visitor ids (new loads, echoing the id it was just given, replaying ids fetched elsewhere) and
// whichever addresses of its IPv6 /64 (or notations of its IPv4 address) it rotates through, it
// adds at most the burst allowance of counted visitors per window and meets the short-link 429.
// And a genuine crowd on one network (issue 50): however its phones interleave, all of them claim.
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "~/db/schema";
import { admitLoad, clearBursts } from "~/features/scans/bursts.server";
import { clearCaptureDocuments, TOKEN_PLACEHOLDER } from "~/features/capture/capture-document.server";
import { flushCounts } from "~/features/scans/buffered-counts.server";
import { noteVisitorCookie } from "~/features/scans/visitor-id-returns.server";
import { answerEncodedLeadPost } from "~/features/capture/lead-post.server";
import { countConversion } from "~/features/analytics/analytics.server";
import { forgetShortLinks } from "~/features/placements/short-links.server";
import * as captureRoute from "~/routes/capture";
import { CLIENT_IP_HEADER } from "~/utils/http.server";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { startCaptureDocumentServer, TEST_ADDRESS_HEADER } from "../support/capture-document-server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

vi.hoisted(() => {
  process.env.CAPTURE_BURST_LOADS = "30";
});
const ALLOWANCE = 30;

const hextet = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
/** A /64 of the documentation range, as its first four hextets. */
const network64 = fc.tuple(hextet, hextet).map(([a, b]) => `2001:db8:${a}:${b}`);
const interfaceId = fc.tuple(hextet, hextet, hextet, hextet).map((parts) => parts.join(":"));

/** The ways one client may write its own address: any address of its /64, or its IPv4 mapped or not. */
const oneClient = fc.oneof(
  network64.map((network) => ({ kind: "v6" as const, network })),
  fc.ipV4().map((address) => ({ kind: "v4" as const, address })),
);
function addressOf(client: { kind: "v6"; network: string } | { kind: "v4"; address: string }, variant: string, mapped: boolean) {
  if (client.kind === "v6") return `${client.network}:${variant}`;
  return mapped ? `::ffff:${client.address}` : client.address;
}

/** What one load does with ids: a new one, the one issued n loads ago echoed back, or one from elsewhere. */
const step = fc.record({
  kind: fc.constantFrom("fresh", "echo", "foreign"),
  back: fc.nat({ max: 50 }),
  variant: interfaceId,
  mapped: fc.boolean(),
  foreign: fc.string({ minLength: 22, maxLength: 22 }),
});

describe("the burst allowance, whatever the ids do (property)", () => {
  it("admits at most the allowance of distinct visitors per client and window, and every admitted visitor again", () => {
    fc.assert(
      fc.property(oneClient, fc.array(step, { minLength: 1, maxLength: 120 }), (client, steps) => {
        clearBursts();
        const now = Date.now();
        const issued: string[] = [];
        const admitted = new Set<string>();
        steps.forEach((action, index) => {
          const address = addressOf(client, action.variant, action.mapped);
          const id =
            action.kind === "echo" && issued.length > 0
              ? issued[Math.max(0, issued.length - 1 - (action.back % issued.length))]!
              : action.kind === "foreign"
                ? `foreign:${action.foreign}`
                : `fresh:${index}`;
          const ok = admitLoad(address, { id }, now + index);
          if (admitted.has(id)) expect(ok).toBe(true);
          if (ok) {
            admitted.add(id);
            if (id.startsWith("fresh:")) issued.push(id);
          }
          expect(admitted.size).toBeLessThanOrEqual(ALLOWANCE);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe("over HTTP: echo, replay and rotation inside one /64 (property)", () => {
  let server: Awaited<ReturnType<typeof startCaptureDocumentServer>>;
  beforeAll(async () => {
    server = await startCaptureDocumentServer(
      async (_path, view) => `<html><body data-state="${view.state}">token=${TOKEN_PLACEHOLDER}</body></html>`,
    );
  }, 180_000);
  afterAll(() => server.stop());

  async function load(campaignId: string, address: string, cookie?: string) {
    const response = await fetch(`${server.base}/capture/${campaignId}`, {
      headers: { "user-agent": "curl/8.5.0", [TEST_ADDRESS_HEADER]: address, ...(cookie ? { cookie } : {}) },
    });
    const body = await response.text();
    return { token: /token=([0-9a-f-]{36})/.exec(body)?.[1] ?? null, cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "" };
  }

  it("a script on one /64 that rotates addresses and echoes its cookies adds at most 30 counted scans", async () => {
    const { db } = await getServices();
    const owner = await createUser({ isPro: true });
    await fc.assert(
      fc.asyncProperty(
        network64,
        fc.array(fc.record({ variant: interfaceId, echo: fc.boolean(), reload: fc.boolean() }), { minLength: 31, maxLength: 45 }),
        async (network, steps) => {
          clearBursts();
          clearCaptureDocuments();
          const campaign = await createCampaignRow(owner.id);
          let last = "";
          for (const action of steps) {
            const address = `${network}:${action.variant}`;
            const view = await load(campaign.id, address, action.reload && last ? last : undefined);
            if (view.cookie) last = view.cookie;
            if (action.echo && view.cookie) noteVisitorCookie(view.cookie);
          }
          const scans = await db.select({ id: schema.scan.id }).from(schema.scan).where(eq(schema.scan.campaignId, campaign.id));
          expect(scans.length).toBeLessThanOrEqual(ALLOWANCE);
        },
      ),
      { numRuns: 6 },
    );
  }, 120_000);
});

describe("a crowd on one network (property)", () => {
  let server: Awaited<ReturnType<typeof startCaptureDocumentServer>>;
  beforeAll(async () => {
    server = await startCaptureDocumentServer(
      async (_path, view) => `<html><body data-state="${view.state}">token=${TOKEN_PLACEHOLDER}|</body></html>`,
    );
  }, 180_000);
  afterAll(() => server.stop());

  const phoneAgent = (n: number) =>
    `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${n % 3} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${n % 3} Mobile/15E148 Safari/604.1`;

  /** What one phone of the crowd does: load the page, perhaps reload, perhaps claim (perhaps twice). */
  const phoneAction = fc.record({ variant: interfaceId, mapped: fc.boolean(), reload: fc.boolean(), claims: fc.constantFrom(0, 1, 1, 1, 2) });

  it("every phone that claims is accepted with its own code; leads never outnumber visitors; bursts that left nothing stay excluded", async () => {
    const { db } = await getServices();
    const owner = await createUser({ isPro: true });
    await fc.assert(
      fc.asyncProperty(
        oneClient,
        fc.array(phoneAction, { minLength: ALLOWANCE + 1, maxLength: ALLOWANCE + 30 }),
        fc.infiniteStream(fc.nat()),
        async (client, phones, order) => {
          clearBursts();
          clearCaptureDocuments();
          // Each run is a new ten minutes for the network (its crowd budget outlives a run).
          await db.execute(sql`delete from rate_limit where starts_with(key, 'leadByCrowdNetwork:')`);
          const campaign = await createCampaignRow(owner.id);
          const jars = phones.map(() => "");
          const tokens = phones.map(() => "");
          const codes = new Map<number, string>();
          // Loads of a phone past the allowance before its lead proved it a person are the burst's.
          let burstLoads = 0;
          const load = async (n: number) => {
            if (n >= ALLOWANCE && !codes.has(n)) burstLoads += 1;
            const action = phones[n]!;
            const response = await fetch(`${server.base}/capture/${campaign.id}`, {
              headers: {
                "user-agent": phoneAgent(n),
                [TEST_ADDRESS_HEADER]: addressOf(client, action.variant, action.mapped),
                ...(jars[n] ? { cookie: jars[n] } : {}),
              },
            });
            const body = await response.text();
            jars[n] = (response.headers.get("set-cookie") ?? "").split(";")[0] || jars[n]!;
            if (jars[n]) noteVisitorCookie(jars[n]);
            // A phone that claimed sees its code again, not a form: it keeps the token it claimed with.
            if (body.includes('data-state="form"')) tokens[n] = /token=([^|]*)\|/.exec(body)![1]!;
          };
          // The phones arrive in a random order, each loading before it claims.
          const steps = phones.flatMap((action, n) => [
            ...(action.reload ? [{ n, kind: "load" as const }] : []),
            ...Array.from({ length: action.claims }, () => ({ n, kind: "claim" as const })),
          ]);
          const shuffled = steps
            .map((step) => ({ step, key: order.next().value }))
            .sort((a, b) => a.key - b.key)
            .map(({ step }) => step);
          for (let n = 0; n < phones.length; n++) await load(n);
          for (const { n, kind } of shuffled) {
            if (kind === "load") {
              await load(n);
              continue;
            }
            const action = phones[n]!;
            const answer = await answerEncodedLeadPost({
              params: { campaignId: campaign.id },
              body: new URLSearchParams({ name: `Phone ${n}`, email: `phone${n}@example.com`, scanToken: tokens[n]! }).toString(),
              clientAddress: addressOf(client, action.variant, action.mapped),
              userAgent: phoneAgent(n),
              cookie: jars[n] || null,
            });
            jars[n] = (answer.headers?.["Set-Cookie"] ?? "").split(";")[0] || jars[n]!;
            expect(answer.status).toBe(200);
            const code = answer.body.ok ? answer.body.claim?.code : undefined;
            expect(code).toBeTruthy();
            if (codes.has(n)) expect(code).toBe(codes.get(n));
            codes.set(n, code!);
          }
          const leads = await db.select({ id: schema.lead.id }).from(schema.lead).where(eq(schema.lead.campaignId, campaign.id));
          expect(leads).toHaveLength(codes.size);
          expect(new Set(codes.values()).size).toBe(codes.size);
          const conversion = await countConversion(db, campaign.id);
          expect(conversion.converted).toBe(codes.size);
          expect(conversion.unique).toBeGreaterThanOrEqual(codes.size);
          // Past the allowance, the phones that claimed were taken off the bursts; the rest stay.
          await flushCounts();
          const [burst] = await db
            .select({ count: schema.scanExclusion.count })
            .from(schema.scanExclusion)
            .where(and(eq(schema.scanExclusion.campaignId, campaign.id), eq(schema.scanExclusion.reason, "burst")));
          // Each phone's first claim took one of its burst loads back.
          const burstClaims = phones.filter((_, n) => n >= ALLOWANCE && codes.has(n)).length;
          expect(burst?.count ?? 0).toBe(burstLoads - burstClaims);
        },
      ),
      { numRuns: 5 },
    );
  }, 300_000);
});

describe("short-link guesses rotating inside one /64 (property)", () => {
  it("meet a 429 once the /64's miss budget is spent, whichever addresses of it they use", async () => {
    const budget = RATE_LIMITS.shortLinkMissByAddress.points * (await getServices()).env.RATE_LIMIT_MULTIPLIER;
    await fc.assert(
      fc.asyncProperty(network64, fc.array(interfaceId, { minLength: budget + 1, maxLength: budget + 5 }), async (network, variants) => {
        forgetShortLinks();
        const statuses = [];
        for (const [n, variant] of variants.entries()) {
          const code = `ZZZZ${"23456789ABCDEFGHJKLMNPQRSTUVWXYZ"[n % 32]}${"23456789"[Math.floor(n / 32)]}`;
          const request = makeRequest(`/q/${code}`, { headers: { [CLIENT_IP_HEADER]: `${network}:${variant}` } });
          statuses.push((await callRoute(captureRoute.loader, request, { code })).status);
        }
        expect(statuses.slice(0, budget).every((status) => status === 404)).toBe(true);
        expect(statuses.slice(budget).every((status) => status === 429)).toBe(true);
      }),
      // Each run takes a new /64 (the limiter's counters outlive a run).
      { numRuns: 4 },
    );
  }, 120_000);
});
