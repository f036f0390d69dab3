// Property-based fuzzing of what issue 38 found (findings 1 and 2): whatever a client does with
// visitor ids (new loads, echoing the id it was just given, replaying ids fetched elsewhere) and
// whichever addresses of its IPv6 /64 (or notations of its IPv4 address) it rotates through, it
// adds at most the burst allowance of counted visitors per window and meets the short-link 429.
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "~/db/schema";
import { admitLoad, clearBursts } from "~/features/scans/bursts.server";
import { clearCaptureDocuments, TOKEN_PLACEHOLDER } from "~/features/capture/capture-document.server";
import { noteVisitorCookie } from "~/features/scans/visitors.server";
import { forgetShortLinks } from "~/features/placements/short-links.server";
import * as captureRoute from "~/routes/capture";
import { CLIENT_IP_HEADER } from "~/utils/http.server";
import { RATE_LIMITS } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { startCaptureDocumentServer, TEST_ADDRESS_HEADER } from "../support/capture-document-server";
import { createCampaign, createUser } from "../factories";
import { callRoute, makeRequest } from "../http";

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
          const campaign = await createCampaign({ userId: owner.id });
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
