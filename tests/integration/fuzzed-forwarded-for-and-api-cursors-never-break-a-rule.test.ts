// Property-based fuzzing of the inputs issues 25 and 52 found crafted: X-Forwarded-For (25,
// finding 1), API cursors (25, finding 5) and request paths with dot segments (52, finding 2).
// Whatever a client writes to the left of what the trusted proxies appended, the address is the
// one they saw; whatever cursor comes in, the answer is a 200 or a 400 problem+json, never a
// server error; whatever dots and separators a path carries, on an owner's domain it reaches
// nothing of another account's and no sign-in, and no rule reads a path the router does not.
import http from "node:http";
import type net from "node:net";
import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as schema from "~/db/schema";
import { createApiKey } from "~/features/integrations/api-keys.server";
import { shortCodeOf } from "~/features/placements/short-links.server";
import { BODY_LIMITS } from "~/server/http/edge";
import { guardRequest } from "~/server/http/guard";
import { parseTrustProxy } from "~/utils/env.server";
import { CLIENT_IP_HEADER } from "~/utils/http.server";
import { clientAddress } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createLeadRow, createUser } from "../support/factories";
import { api } from "../support/api-support";
import { startEdge } from "../support/edge-support";

const RUNS = 60;

// ---- X-Forwarded-For ----------------------------------------------------------------------------

/** What a client may put in the header itself: addresses, spoofs, ports, zones, junk. */
const clientWritten = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.ipV6().map((address) => `[${address}]`),
  fc.ipV6().map((address) => `[${address}]:443`),
  fc.ipV4().map((address) => `${address}:8080`),
  fc.constantFrom("fe80::1%eth0", "::ffff:127.0.0.1", "127.0.0.1", "10.0.0.1", "::1", "0.0.0.0", "255.255.255.255"),
  fc.constantFrom("", " ", "unknown", "garbage", "300.300.300.300", "1.2.3", "\u00e9\u00e9", "\t", "::::", "[::1", "a".repeat(300)),
  fc.string({ maxLength: 40 }).map((text) => text.replace(/[^\x20-\x7e]/g, "")),
);

/** An address a proxy saw: public, so never itself trusted by any setting below. */
const realClient = fc.oneof(
  fc.integer({ min: 1, max: 254 }).map((n) => `203.0.113.${n}`),
  fc.integer({ min: 1, max: 0xffff }).map((n) => `2001:db8::${n.toString(16)}`),
);

/**
 * Each documented deployment (docs/operations.md): the setting, and what the proxies in front
 * append to whatever the client sent. The test server is reached from 127.0.0.1.
 */
const deployments = [
  { name: "no proxy", setting: "", appended: () => [] as string[], expected: () => "127.0.0.1" },
  { name: "one nginx by hop count", setting: "1", appended: (client: string) => [client], expected: (client: string) => client },
  { name: "one nginx on loopback", setting: "loopback", appended: (client: string) => [client], expected: (client: string) => client },
  { name: "a CDN and a load balancer", setting: "2", appended: (client: string) => [client, "198.51.100.77"], expected: (client: string) => client },
  {
    name: "a load balancer by subnet",
    setting: "10.0.0.0/8, 127.0.0.1",
    appended: (client: string) => [client, "10.20.30.40"],
    expected: (client: string) => client,
  },
];

type Seen = { expressIp: string | undefined; fastPathIp: string; header: string | undefined };

let server: http.Server;
let port: number;
let current: express.Express;

beforeAll(async () => {
  // One listening socket; each deployment swaps in an app configured as the HTTP edge configures its
  // own: `trust proxy` from the parsed TRUST_PROXY, the client header from `req.ip` (Express), and
  // `guardRequest` with Express's compiled function (the edge's fast paths).
  server = http.createServer((request, response) => current(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function appFor(setting: string) {
  const trust = parseTrustProxy(setting);
  if (typeof trust === "object" && "problem" in trust) throw new Error(trust.problem);
  const app = express();
  app.set("trust proxy", trust);
  app.use((request, response) => {
    const fastPathIp = guardRequest(request, { appOrigin: "http://x", trust: app.get("trust proxy fn"), bodyLimits: BODY_LIMITS }).clientAddress;
    request.headers[CLIENT_IP_HEADER] = request.ip ?? request.socket.remoteAddress ?? "unknown";
    // What rate limits, scan counting and consent records read (features call clientAddress).
    const header = clientAddress(new Request("http://x/", { headers: { [CLIENT_IP_HEADER]: String(request.headers[CLIENT_IP_HEADER]) } }));
    response.json({ expressIp: request.ip, fastPathIp, header } satisfies Seen);
  });
  return app;
}

function requestWith(forwardedFor: string | undefined): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor };
    const request = http.request({ host: "127.0.0.1", port, path: "/", headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Seen));
    });
    request.on("error", reject);
    request.end();
  });
}

const proxyWritten = clientWritten.filter((entry) => !entry.includes(","));

describe("X-Forwarded-For under each TRUST_PROXY setting", () => {
  it.each(deployments)("$name ($setting): the address is the one the trusted proxies saw", async ({ setting, appended, expected }) => {
    current = appFor(setting);
    await fc.assert(
      fc.asyncProperty(realClient, fc.array(clientWritten, { maxLength: 400 }), fc.boolean(), async (client, written, repeatClient) => {
        // Duplicates: the client may also write the real address (or several copies of it).
        const left = repeatClient ? [...written, client, client] : written;
        const entries = [...left, ...appended(client)];
        const seen = await requestWith(entries.length === 0 ? undefined : entries.join(", "));
        expect(seen.expressIp).toBe(expected(client));
        expect(seen.fastPathIp).toBe(expected(client));
        expect(seen.header).toBe(expected(client));
      }),
      { numRuns: RUNS },
    );
  });

  it("no proxy: any header at all leaves the socket's address", async () => {
    current = appFor("");
    await fc.assert(
      fc.asyncProperty(fc.array(clientWritten, { maxLength: 50 }), async (written) => {
        expect((await requestWith(written.join(","))).header).toBe("127.0.0.1");
      }),
      { numRuns: RUNS },
    );
  });

  it("one hop trusted: the address is the right-most entry as the proxy wrote it, whatever is left of it", async () => {
    // Even when that entry is malformed, nothing to its left counts, and nothing fails.
    current = appFor("1");
    await fc.assert(
      // The proxy writes one entry: whatever it appends holds no comma (a comma would make two).
      fc.asyncProperty(fc.array(clientWritten, { minLength: 1, maxLength: 20 }), proxyWritten, async (written, last) => {
        const seen = await requestWith([...written, last].join(", "));
        const expected = last.trim() === "" ? seen.expressIp : last.trim();
        // A header value carries no surrounding whitespace (Fetch trims it): a bare tab arrives as "".
        expect(seen.header).toBe(expected?.trim());
      }),
      { numRuns: RUNS },
    );
  });
});

// ---- API cursors --------------------------------------------------------------------------------

describe("API cursors", () => {
  let ownerId: string;
  let key: string;
  let calls = 0;

  /** A fresh key every 100 calls: the per-key budget (120 a minute) is not what this fuzzes. */
  async function keyForNextCall() {
    calls += 1;
    if (calls % 100 === 0) ({ key } = await createApiKey((await getServices()).db, { userId: ownerId, name: `Fuzz ${calls}` }));
    return key;
  }

  beforeAll(async () => {
    const { db } = await getServices();
    const owner = await createUser({ isPro: true });
    ownerId = owner.id;
    ({ key } = await createApiKey(db, { userId: owner.id, name: "Fuzz" }));
    const campaign = await createCampaignRow(owner.id, { title: "Cursor fuzz" });
    for (let i = 0; i < 3; i++) await createLeadRow(campaign.id, { name: `Cursor ${i}`, email: `cursor${i}@example.com` });
  }, 180_000);

  const base64url = (value: string) => Buffer.from(value, "utf8").toString("base64url");
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  /** A timestamp as the cursor writes it, with any field value, real days or not. */
  const timestampish = fc
    .record({
      year: fc.integer({ min: 0, max: 9999 }),
      month: fc.integer({ min: 0, max: 13 }),
      day: fc.integer({ min: 0, max: 32 }),
      hour: fc.integer({ min: 0, max: 25 }),
      minute: fc.integer({ min: 0, max: 61 }),
      offset: fc.integer({ min: -16, max: 16 }),
    })
    .map((t) => `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:00.123+${pad(Math.abs(t.offset))}`);

  const cursor = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.string({ unit: "grapheme", maxLength: 60 }),
    fc.string({ minLength: 200, maxLength: 5000 }),
    fc.jsonValue().map((value) => base64url(JSON.stringify(value))),
    fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.uuid()), { maxLength: 4 }).map((value) => base64url(JSON.stringify(value))),
    fc.tuple(timestampish, fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }))).map((pair) => base64url(JSON.stringify(pair))),
    fc.tuple(timestampish, fc.uuid()).map((pair) => Buffer.from(JSON.stringify(pair)).toString("base64")),
    fc.constantFrom("", "=", "====", "null", base64url("[]"), base64url('["",""]'), base64url("{}"), "%00", "..%2f"),
  );

  it("any cursor answers 200 or a 400 problem+json, never a server error", async () => {
    await fc.assert(
      fc.asyncProperty(cursor, async (value) => {
        const answer = await api("GET", `/leads?cursor=${encodeURIComponent(value)}`, { key: await keyForNextCall() });
        expect([200, 400], value.slice(0, 80)).toContain(answer.status);
        if (answer.status === 400) {
          expect(answer.headers.get("content-type")).toContain("application/problem+json");
          expect(answer.body).toMatchObject({ status: 400 });
        }
      }),
      { numRuns: RUNS * 3 },
    );
  });
});

// ---- Dot segments on an owner's domain ----------------------------------------------------------

describe("paths with dot segments and hidden separators (issue 52, finding 2)", () => {
  const DOMAIN = "go.dots-a.test";
  const MAIN = "localhost:3000";
  const B_TITLE = "B's Dotted Secret";
  let edge: Awaited<ReturnType<typeof startEdge>>;
  let aCampaignId: string;
  let aCode: string;
  let bCampaignId: string;
  let bCode: string;

  beforeAll(async () => {
    const { db } = await getServices();
    const a = await createUser({ isPro: true });
    const b = await createUser({ isPro: true });
    await db.insert(schema.customDomain).values({ userId: a.id, hostname: DOMAIN, verificationToken: "dots-token", state: "verified" });
    aCampaignId = (await createCampaignRow(a.id, { title: "A's Own Page" })).id;
    aCode = await shortCodeOf(db, { campaignId: aCampaignId });
    bCampaignId = (await createCampaignRow(b.id, { title: B_TITLE })).id;
    bCode = await shortCodeOf(db, { campaignId: bCampaignId });
    edge = await startEdge();
  }, 120_000);
  afterAll(() => edge?.close());

  const leadsOfB = async () => (await (await getServices()).db.select().from(schema.lead).where(eq(schema.lead.campaignId, bCampaignId))).length;

  /** A path an open prefix of A's domain starts, dots and separators in between, a target of B's or the app's after. */
  const dottedPath = () =>
    fc
      .record({
        prefix: fc.constantFrom(
          "/assets",
          "/assets/x.js",
          "/uploads/logo",
          "/consent/confirm/token",
          `/capture/${aCampaignId}`,
          `/q/${aCode}`,
          "/favicon.ico",
          "",
        ),
        dots: fc.array(fc.constantFrom("..", ".", "%2e%2e", "%2E%2e", ".%2e", "%2e.", "%2e", "%2E", "...", "..;", ""), {
          minLength: 1,
          maxLength: 4,
        }),
        separator: fc.constantFrom("/", "/", "/", "\\", "%2f", "%2F", "%5c", "%5C"),
        target: fc.constantFrom(
          `capture/${bCampaignId}`,
          `capture/${bCampaignId}/lead`,
          `capture/${bCampaignId}.data`,
          `q/${bCode}`,
          `q/${bCode}/lead`,
          "signin",
          "signup",
          "dashboard",
          "admin/blog",
          "api/v1/campaigns",
        ),
        query: fc.constantFrom("", "?x=1", "?next=/../signin"),
      })
      .map(
        ({ prefix, dots, separator, target, query }) =>
          `${prefix === "" ? "/" : prefix + separator}${dots.join(separator)}${separator}${target}${query}`,
      );

  const send = (host: string, method: "GET" | "POST", target: string) =>
    edge.send(host, target, {
      method,
      ...(method === "POST"
        ? {
            headers: { "content-type": "application/x-www-form-urlencoded", origin: `https://${host}` },
            body: "name=Mallory&email=mallory%40example.com&consent=on",
          }
        : {}),
    });

  it("on an owner's domain, a dotted path is refused or reaches nothing of another account's and no sign-in", async () => {
    const before = await leadsOfB();
    await fc.assert(
      fc.asyncProperty(dottedPath(), fc.constantFrom("GET" as const, "POST" as const), async (target, method) => {
        const answer = await send(DOMAIN, method, target);
        const seen = { target, method, status: answer.status };
        if (answer.status === 400) return void expect(answer.body).toBe("Bad request.");
        expect(seen).not.toMatchObject({ status: 200, method: "POST" });
        expect(answer.body, JSON.stringify(seen)).not.toContain(B_TITLE);
        expect(answer.body, JSON.stringify(seen)).not.toMatch(/type="password"/);
        expect(answer.headers["set-cookie"] ?? [], JSON.stringify(seen)).not.toContainEqual(expect.stringMatching(/session/));
      }),
      {
        numRuns: RUNS,
        examples: [
          [`/assets/../capture/${bCampaignId}`, "GET"],
          [`/assets/%2e%2e/capture/${bCampaignId}`, "GET"],
          ["/assets/../signin", "GET"],
          [`/assets/../capture/${bCampaignId}/lead`, "POST"],
          // "..." is no dot segment: the path stays under /assets, where only reads are served.
          [`/assets/x.js/.../capture/${bCampaignId}.data`, "POST"],
          [`/assets/../capture/${bCampaignId}.data`, "POST"],
          [`/capture/${bCampaignId}.data`, "POST"],
          [`/uploads/x/../../q/${bCode}`, "GET"],
        ],
      },
    );
    expect(await leadsOfB()).toBe(before);
  });

  it("on an owner's domain, an absolute-form target naming any host and path reaches nothing of another account's and no sign-in", async () => {
    const before = await leadsOfB();
    const absoluteTarget = fc
      .record({
        scheme: fc.constantFrom("http", "https", "HTTP"),
        // The target's host is the request's host (RFC 9112): naming the main address is asking for it,
        // as a Host header would; what must hold is that A's name, however written, serves only A's.
        authority: fc.constantFrom(DOMAIN, "GO.DOTS-A.TEST", "unknown-abs.test", `${DOMAIN}:443`, `user@${DOMAIN}`, `${DOMAIN}.`),
        path: fc.oneof(
          dottedPath(),
          fc.constantFrom(`/capture/${bCampaignId}`, `/q/${bCode}`, `/capture/${bCampaignId}/lead`, "/signin", "/dashboard", "/"),
        ),
      })
      .map(({ scheme, authority, path }) => `${scheme}://${authority}${path}`);
    await fc.assert(
      fc.asyncProperty(absoluteTarget, fc.constantFrom("GET" as const, "POST" as const), async (target, method) => {
        const answer = await send(DOMAIN, method, target);
        const seen = { target, method, status: answer.status };
        expect(answer.status, JSON.stringify(seen)).toBeLessThan(500);
        expect(answer.body, JSON.stringify(seen)).not.toContain(B_TITLE);
        expect(answer.body, JSON.stringify(seen)).not.toMatch(/type="password"/);
        expect(answer.headers["set-cookie"] ?? [], JSON.stringify(seen)).not.toContainEqual(expect.stringMatching(/session/));
      }),
      {
        numRuns: RUNS,
        examples: [
          [`http://${DOMAIN}/capture/${bCampaignId}`, "GET"],
          [`http://${DOMAIN}/signin`, "GET"],
          [`https://${DOMAIN}:443/q/${bCode}`, "GET"],
          [`http://${DOMAIN}/assets/../capture/${bCampaignId}/lead`, "POST"],
        ],
      },
    );
    expect(await leadsOfB()).toBe(before);
  });

  it("on any host, a dot segment or a hidden separator is refused with 400 before any rule reads the path", async () => {
    await fc.assert(
      fc.asyncProperty(dottedPath(), fc.constantFrom(DOMAIN, MAIN, "127.0.0.1", "unknown-dots.test"), async (target, host) => {
        const hidden = /\\|%2f|%5c/i.test(target.split("?")[0]!);
        const dotted = target
          .split("?")[0]!
          .replace(/%2e/gi, ".")
          .split("/")
          .some((segment) => segment === "." || segment === "..");
        if (!hidden && !dotted) return;
        const answer = await send(host, "GET", target);
        expect({ host, target, status: answer.status, body: answer.body }).toEqual({ host, target, status: 400, body: "Bad request." });
      }),
      { numRuns: RUNS },
    );
  });

  it("an upload path reached through dot segments gets no upload limit: the body cap is the resolved path's", async () => {
    const body = `email=a%40example.com&password=${"x".repeat(BODY_LIMITS.form + 1)}`;
    const direct = await edge.send(MAIN, "/signin", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
    expect(direct.status).toBe(413);
    for (const target of ["/admin/blog/../../signin", "/admin/blog/%2e%2e/%2E%2E/signin", "/api/logo/../signin"]) {
      const dotted = await edge.send(MAIN, target, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
      expect({ target, status: dotted.status, body: dotted.body }).toEqual({ target, status: 400, body: "Bad request." });
    }
  });

  it("an escaped letter is read decoded by the rule as by the router: /%63apture is /capture", async () => {
    const own = await send(DOMAIN, "GET", `/%63apture/${aCampaignId}`);
    expect(own.status).toBe(200);
    expect(own.body).toContain("A's Own Page");
    const theirs = await send(DOMAIN, "GET", `/%63%61pture/${bCampaignId}`);
    expect({ status: theirs.status, body: theirs.body }).toEqual({ status: 404, body: "Not found." });
  });
});
