// Owners' own domains (decisions 390, 391): adding one, verifying it against a real DNS server,
// the background re-check and its emails, Caddy's certificate question, the rule for requests on
// the domain, and the address new codes carry.
process.env.CUSTOM_DOMAIN_TARGET = "domains.leadqr.test";
process.env.TLS_ASK_TOKEN = "ask-token-0123456789abcdef";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { decideForHost } from "~/features/domains/host-rules.server";
import { forgetHost } from "~/features/domains/host-cache.server";
import { shortCodeOf } from "~/features/placements/short-links.server";
import { publicOriginOf, runDueDomainChecks, verifyDomainNow } from "~/features/domains/domains.server";
import * as campaignPrint from "~/routes/campaign-print";
import * as qrRoute from "~/routes/qr-code";
import * as capture from "~/routes/capture";
import * as domainProof from "~/routes/domain-proof";
import * as settingsDomains from "~/routes/settings.domains";
import * as tlsAsk from "~/routes/tls-ask";
import { CLIENT_IP_HEADER } from "~/utils/http.server";
import { getEnv } from "~/utils/env.server";
import { RATE_LIMITED_MESSAGE, RATE_LIMITS } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { createApiKey } from "~/features/integrations/api-keys.server";
import { api } from "../support/api-support";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest, ORIGIN } from "../support/http";
import { NOT_CONNECTED_PAGE } from "~/server/http/route-by-host";
import { outboxFor } from "../support/accounts-support";
import { startDnsServer } from "../support/dns-support";
import { startEdge, type EdgeAnswer } from "../support/edge-support";
import { DEFAULT_PASSWORD } from "../support/row-factories";

let dns: Awaited<ReturnType<typeof startDnsServer>>;
beforeAll(async () => {
  dns = await startDnsServer();
  // Read when the app first reads its configuration, which no test has done yet.
  process.env.DNS_RESOLVER = dns.address;
  expect(getEnv().DNS_RESOLVER).toBe(dns.address);
});
afterAll(() => dns?.close());

const post = (cookie: string, form: Record<string, string>) => callRoute(settingsDomains.action, makeRequest("/settings/domains", { cookie, form }));
const screen = async (cookie: string) => (await callRoute(settingsDomains.loader, makeRequest("/settings/domains", { cookie }))).data;

/** A Pro owner with `hostname` added (typed as `typed`); returns the records the screen shows. */
async function ownerWithDomain(hostname: string, typed?: string) {
  const owner = await createUser({ isPro: true });
  expect((await post(owner.cookie, { intent: "add", hostname: typed ?? hostname })).data.message).toBe(
    `${hostname} added. Publish the two records below, then press Verify.`,
  );
  const { domain } = await screen(owner.cookie);
  return { owner, records: domain.records as Record<"cname" | "txt", { name: string; value: string }> };
}

function publishRecords(records: Record<"cname" | "txt", { name: string; value: string }>) {
  dns.publish(records.txt.name, { type: "TXT", value: records.txt.value });
  dns.publish(records.cname.name, { type: "CNAME", value: records.cname.value });
}

const rowOf = async (hostname: string) => {
  const { db } = await getServices();
  return (await db.select().from(schema.customDomain).where(eq(schema.customDomain.hostname, hostname)))[0]!;
};

describe("adding a domain", () => {
  it("refuses a bare domain, an IP address and a free plan, each with its reason", async () => {
    const owner = await createUser({ isPro: true });
    const bare = await post(owner.cookie, { intent: "add", hostname: "mycafe.com" });
    expect(bare.status).toBe(400);
    expect(bare.data.fieldErrors.hostname).toBe(
      "Use a subdomain, such as go.mycafe.com. A bare domain like mycafe.com can't point to us without breaking its other records, such as your email.",
    );
    expect((await post(owner.cookie, { intent: "add", hostname: "10.0.0.1" })).data.fieldErrors.hostname).toBe(
      "Use a domain name, not an IP address.",
    );
    const free = await createUser();
    const refused = await post(free.cookie, { intent: "add", hostname: "go.free.test" });
    expect(refused.status).toBe(403);
    expect(refused.data.error).toBe("Your own domain is part of Pro and Enterprise. Upgrade to use it.");
    expect((await screen(free.cookie)).domain).toBeNull();
  });

  it("stores an international name as punycode, lower case, and shows the two records", async () => {
    const { owner, records } = await ownerWithDomain("go.xn--caf-dma.test", "Go.Café.test");
    const { domain } = await screen(owner.cookie);
    expect(domain.hostname).toBe("go.xn--caf-dma.test");
    expect(records.cname).toEqual({ type: "CNAME", name: "go.xn--caf-dma.test", value: "domains.leadqr.test" });
    expect(records.txt.name).toBe("_leadqr.go.xn--caf-dma.test");
    expect(records.txt.value).toMatch(/^leadqr-verify=[0-9a-f]{32}$/);
    expect(domain.status.label).toBe("Waiting for DNS");
    // A public target: nothing to warn about, and no step behind the domain yet.
    expect(domain.targetReach).toBe("public");
    expect(domain.stepsDone).toBe(0);
  });
});

describe("verifying through DNS", () => {
  it("says what is missing until both records are published, then verifies and emails the owner", async () => {
    const { owner, records } = await ownerWithDomain("go.verify.test");
    await post(owner.cookie, { intent: "verify" });
    expect((await screen(owner.cookie)).domain.status.next).toBe("We can't see the TXT record yet. DNS changes can take up to an hour.");

    dns.publish(records.txt.name, { type: "TXT", value: records.txt.value });
    dns.publish(records.cname.name, { type: "CNAME", value: "elsewhere.example" });
    await post(owner.cookie, { intent: "verify" });
    expect((await screen(owner.cookie)).domain.status.next).toBe(
      "go.verify.test points to elsewhere.example, not to domains.leadqr.test. Change its CNAME record to domains.leadqr.test.",
    );

    publishRecords(records);
    expect((await post(owner.cookie, { intent: "verify" })).data.message).toBe("Verified.");
    const { domain } = await screen(owner.cookie);
    expect(domain.state).toBe("verified");
    expect(domain.status.label).toBe("Verified · HTTPS being set up");
    expect(domain.stepsDone).toBe(2);
    const mails = await outboxFor(owner.email);
    expect(mails.map((mail) => [mail.kind, mail.subject])).toContainEqual(["domain_verified", "go.verify.test is verified"]);
  });

  it("refuses Verify past the owner's budget with the usual 429 (issue 52, finding 7)", async () => {
    const { owner } = await ownerWithDomain("go.budget.test");
    for (let i = 0; i < RATE_LIMITS.domainVerifyByUser.points; i++) {
      expect((await post(owner.cookie, { intent: "verify" })).data.message).toBe("Checked just now.");
    }
    const refused = await post(owner.cookie, { intent: "verify" });
    expect({ status: refused.status, data: refused.data }).toEqual({ status: 429, data: { form: "verify", error: RATE_LIMITED_MESSAGE } });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("re-checks in the background: pending verifies, a verified domain whose records vanish breaks and says so by email", async () => {
    const { db, env, secret } = await getServices();
    const { owner, records } = await ownerWithDomain("go.background.test");
    publishRecords(records);
    await runDueDomainChecks(db, env, { secret, now: new Date(Date.now() + 60_000) });
    expect((await rowOf("go.background.test")).state).toBe("verified");

    dns.unpublish(records.txt.name);
    await runDueDomainChecks(db, env, { secret, now: new Date(Date.now() + 25 * 60 * 60_000) });
    const row = await rowOf("go.background.test");
    expect(row.state).toBe("broken");
    const broken = (await outboxFor(owner.email)).find((mail) => mail.kind === "domain_broken");
    expect(broken?.subject).toBe("go.background.test no longer points to LeadQR");
    expect(broken?.text).toContain("We can't see the TXT record yet.");
  });

  it("stops looking at a pending domain after 72 hours", async () => {
    const { db, env, secret } = await getServices();
    const { owner } = await ownerWithDomain("go.slow.test");
    await runDueDomainChecks(db, env, { secret, now: new Date(Date.now() + 73 * 60 * 60_000) });
    const row = await rowOf("go.slow.test");
    expect(row.state).toBe("expired");
    expect(row.nextCheckAt).toBeNull();
    expect((await screen(owner.cookie)).domain.status.label).toBe("Not verified");
  });

  it("removes a domain only after the owner confirms", async () => {
    const { owner } = await ownerWithDomain("go.remove.test");
    const asked = (await post(owner.cookie, { intent: "remove", hostname: "go.remove.test" })).data;
    expect(asked.confirmRemove).toBe("go.remove.test");
    expect((await screen(owner.cookie)).domain).not.toBeNull();
    expect((await post(owner.cookie, { intent: "remove", confirm: "yes" })).data.message).toBe("Domain removed. New codes use the main address.");
    expect((await screen(owner.cookie)).domain).toBeNull();
  });
});

/** A Pro owner whose `hostname` is verified, with one campaign. */
async function verifiedOwner(hostname: string) {
  const { owner, records } = await ownerWithDomain(hostname);
  publishRecords(records);
  await post(owner.cookie, { intent: "verify" });
  const campaign = await createCampaignRow(owner.id);
  return { owner, campaign };
}

describe("Caddy's certificate question: GET /tls/ask", () => {
  const ask = (query: string, address = "127.0.0.1") =>
    callRoute(tlsAsk.loader, makeRequest(`/tls/ask?${query}`, { headers: { [CLIENT_IP_HEADER]: address } }));

  it("allows a verified domain of a Pro account and refuses every other name", async () => {
    await verifiedOwner("go.ask.test");
    expect((await ask("domain=go.ask.test")).status).toBe(200);
    expect((await ask("domain=GO.ASK.TEST")).status).toBe(200);
    expect((await ask("domain=evil.test")).status).toBe(404);
    expect((await ask("")).status).toBe(400);
    await ownerWithDomain("go.pending.test");
    expect((await ask("domain=go.pending.test")).status).toBe(404);
  });

  it("keeps renewing a downgraded account's verified domain, whose printed codes must keep working, while new codes use the main address", async () => {
    const { owner } = await verifiedOwner("go.downgraded.test");
    const { db, env } = await getServices();
    expect(await publicOriginOf(db, env, { userId: owner.id })).toBe("https://go.downgraded.test");
    await db.update(schema.user).set({ isPro: false }).where(eq(schema.user.id, owner.id));
    forgetHost("go.downgraded.test");
    expect((await ask("domain=go.downgraded.test")).status).toBe(200);
    expect(await publicOriginOf(db, env, { userId: owner.id })).toBe(env.appOrigin);
    // A name never verified still gets nothing, whatever the plan.
    await ownerWithDomain("go.never.test");
    expect((await ask("domain=go.never.test")).status).toBe(404);
  });

  it("answers only loopback and TRUST_PROXY networks, or a caller with the token", async () => {
    await verifiedOwner("go.oracle.test");
    expect((await ask("domain=go.oracle.test", "203.0.113.9")).status).toBe(403);
    expect((await ask("domain=evil.test", "203.0.113.9")).status).toBe(403);
    expect((await ask("domain=go.oracle.test", "::1")).status).toBe(200);
    expect((await ask("domain=go.oracle.test&token=ask-token-0123456789abcdef", "203.0.113.9")).status).toBe(200);
    expect((await ask("domain=go.oracle.test&token=wrong-token-0123456789abcd", "203.0.113.9")).status).toBe(403);
  });
});

describe("requests on an owner's domain", () => {
  it("serve only that owner's public pages; the app's own pages go to the main address", async () => {
    const { db, env } = await getServices();
    const { owner, campaign } = await verifiedOwner("go.serve.test");
    const other = await createUser({ isPro: true });
    const theirs = await createCampaignRow(other.id);
    const decide = (path: string, method = "GET", host = "go.serve.test") => decideForHost(db, env, { host, method, path });

    expect(await decide(`/capture/${campaign.id}`)).toEqual({ kind: "serve", userId: owner.id });
    expect(await decide(`/capture/${campaign.id}/lead`, "POST")).toEqual({ kind: "serve", userId: owner.id });
    expect(await decide(`/capture/${campaign.id}/privacy`)).toEqual({ kind: "serve", userId: owner.id });
    const code = await shortCodeOf(db, { campaignId: campaign.id });
    expect(await decide(`/Q/${code.toUpperCase()}`)).toEqual({ kind: "serve", userId: owner.id });
    expect(await decide("/assets/entry.client-abc.js")).toEqual({ kind: "serve", userId: owner.id });
    expect(await decide("/consent/confirm/some-token")).toEqual({ kind: "serve", userId: owner.id });

    expect(await decide(`/capture/${theirs.id}`)).toEqual({ kind: "not-found" });
    expect(await decide(`/q/${await shortCodeOf(db, { campaignId: theirs.id })}`)).toEqual({ kind: "not-found" });
    expect(await decide("/dashboard")).toEqual({ kind: "redirect", location: "http://localhost:3000/dashboard" });
    expect(await decide("/signin")).toEqual({ kind: "redirect", location: "http://localhost:3000/signin" });
    expect(await decide("/signin", "POST")).toEqual({ kind: "not-found" });
    expect(await decide("/api/v1/campaigns")).toEqual({ kind: "not-found" });
    expect(await decide("/tls/ask")).toEqual({ kind: "not-found" });

    expect(await decide("/healthz")).toEqual({ kind: "not-found" });

    // The main address serves as it always did; a name that serves no account serves nothing
    // (decision 435) but the machinery operators reach by an internal name.
    expect(await decide(`/capture/${theirs.id}`, "GET", "localhost:3000")).toEqual({ kind: "main" });
    expect(await decide("/dashboard", "GET", "unknown.test")).toEqual({ kind: "not-connected" });
    expect(await decide(`/capture/${theirs.id}`, "GET", "unknown.test")).toEqual({ kind: "not-connected" });
    expect(await decide("/healthz", "GET", "unknown.test")).toEqual({ kind: "main" });
    expect(await decide("/tls/ask", "GET", "unknown.test")).toEqual({ kind: "main" });
  });

  it("follows its campaigns to a new owner at once, though the name's owner was cached (a hand-over)", async () => {
    const { db, env } = await getServices();
    const { owner, campaign } = await verifiedOwner("go.handed.test");
    const decide = (path: string) => decideForHost(db, env, { host: "go.handed.test", method: "GET", path });
    expect(await decide(`/capture/${campaign.id}`)).toEqual({ kind: "serve", userId: owner.id });
    // What a hand-over does to these rows (team.md, "Handing the business over"), in another process.
    const next = await createUser({ isPro: true });
    await db.update(schema.campaign).set({ userId: next.id }).where(eq(schema.campaign.userId, owner.id));
    await db.update(schema.customDomain).set({ userId: next.id }).where(eq(schema.customDomain.userId, owner.id));
    expect(await decide(`/capture/${campaign.id}`)).toEqual({ kind: "serve", userId: next.id });
    expect(await decide(`/q/${await shortCodeOf(db, { campaignId: campaign.id })}`)).toEqual({ kind: "serve", userId: next.id });
    // Another owner's campaign is still not found there.
    const stranger = await createCampaignRow((await createUser({ isPro: true })).id);
    expect(await decide(`/capture/${stranger.id}`)).toEqual({ kind: "not-found" });
  });

  it("new codes and the print kit carry https://{domain} once verified", async () => {
    const { owner, campaign } = await verifiedOwner("go.codes.test");
    const sheet = (
      await callRoute(campaignPrint.loader, makeRequest(`/campaigns/${campaign.id}/print`, { cookie: owner.cookie }), { campaignId: campaign.id })
    ).data;
    expect(JSON.stringify(sheet)).toContain("The code opens https://go.codes.test, which any phone can reach.");
    expect(JSON.stringify(sheet)).toContain('"text":"GO.CODES.TEST/Q/');
    const plain = await createUser({ isPro: true });
    const theirs = await createCampaignRow(plain.id);
    const main = (
      await callRoute(campaignPrint.loader, makeRequest(`/campaigns/${theirs.id}/print`, { cookie: plain.cookie }), { campaignId: theirs.id })
    ).data;
    expect(JSON.stringify(main)).toContain('"text":"LOCALHOST:3000/Q/');
  });
});

/**
 * Issue 52, finding 1: a name stops serving the app the moment it is no longer an owner's. Through
 * the edge as the server runs it: a removed domain, one whose account was deleted and a pending
 * claim answer exactly what a name we never heard of answers (decision 435); a broken domain and a
 * lapsed plan's keep serving only their owner's public pages.
 */
describe("a domain that is no longer the owner's, or broke, or lost its plan", () => {
  let edge: Awaited<ReturnType<typeof startEdge>>;
  beforeAll(async () => {
    edge = await startEdge();
  }, 120_000);
  afterAll(() => edge?.close());

  const seen = (answer: EdgeAnswer) => ({ status: answer.status, setCookie: answer.headers["set-cookie"], body: answer.body });
  const NEUTRAL = { status: 404, setCookie: undefined, body: NOT_CONNECTED_PAGE.toString() };
  const signIn = (name: string, email: string) =>
    edge.send(name, "/signin", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: name === new URL(ORIGIN).host ? ORIGIN : `https://${name}` },
      body: new URLSearchParams({ email, password: DEFAULT_PASSWORD }).toString(),
    });

  it("a removed domain, one whose account is gone and a pending claim answer the neutral page, as an unknown name does", async () => {
    const { db } = await getServices();
    const removed = await verifiedOwner("go.removed.test");
    const gone = await verifiedOwner("go.gone.test");
    const waiting = (await ownerWithDomain("go.waiting.test")).owner;
    const waitingCampaign = await createCampaignRow(waiting.id);
    const bystander = await createCampaignRow((await createUser({ isPro: true })).id);
    // While the domain is theirs, it serves their page.
    expect((await edge.send("go.removed.test", `/capture/${removed.campaign.id}`)).status).toBe(200);

    expect((await post(removed.owner.cookie, { intent: "remove", confirm: "yes" })).data.message).toBe(
      "Domain removed. New codes use the main address.",
    );
    await db.delete(schema.user).where(eq(schema.user.id, gone.owner.id));
    // Another process notices within 30 seconds; this one is told at once.
    forgetHost("go.gone.test");

    expect(seen(await edge.send("never-heard-of.test", "/signin"))).toEqual(NEUTRAL);
    const names: Array<[string, string]> = [
      ["go.removed.test", removed.campaign.id],
      ["go.gone.test", gone.campaign.id],
      ["go.waiting.test", waitingCampaign.id],
      ["never-heard-of.test", bystander.id],
    ];
    for (const [name, campaignId] of names) {
      for (const target of [`/capture/${campaignId}`, `/capture/${bystander.id}`, "/signin", "/signup", "/dashboard", "/", "/blog"]) {
        expect({ name, target, ...seen(await edge.send(name, target)) }).toEqual({ name, target, ...NEUTRAL });
      }
      // No session is issued there, not even for the right password.
      expect({ name, ...seen(await signIn(name, removed.owner.email)) }).toEqual({ name, ...NEUTRAL });
    }
    // The main address is untouched: the sign-in form, and a session for the right password.
    const onMain = await edge.send(new URL(ORIGIN).host, "/signin");
    expect(onMain.status).toBe(200);
    expect(onMain.body).toContain('type="password"');
    const session = await signIn(new URL(ORIGIN).host, removed.owner.email);
    expect(session.status).toBe(302);
    expect(String(session.headers["set-cookie"])).toMatch(/leadqr\.session_token=/);
  }, 60_000);

  it("a broken domain keeps opening its owner's printed codes, and nothing else; it gets no new certificate", async () => {
    const { db, env, secret } = await getServices();
    const { owner, records } = await ownerWithDomain("go.broke.test");
    publishRecords(records);
    await post(owner.cookie, { intent: "verify" });
    const campaign = await createCampaignRow(owner.id, { title: "Broken Domain Bakery" });
    const code = await shortCodeOf(db, { campaignId: campaign.id });
    const theirs = await createCampaignRow((await createUser({ isPro: true })).id, { title: "Someone Else's Bakery" });
    dns.unpublish(records.txt.name);
    await runDueDomainChecks(db, env, { secret, now: new Date(Date.now() + 25 * 60 * 60_000) });
    expect((await rowOf("go.broke.test")).state).toBe("broken");
    expect((await outboxFor(owner.email)).map((mail) => mail.kind)).toContain("domain_broken");

    const page = await edge.send("go.broke.test", `/capture/${campaign.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Broken Domain Bakery");
    expect((await edge.send("go.broke.test", `/q/${code}`)).status).toBe(200);
    const other = await edge.send("go.broke.test", `/capture/${theirs.id}`);
    expect({ status: other.status, body: other.body }).toEqual({ status: 404, body: "Not found." });
    const signin = await edge.send("go.broke.test", "/signin");
    expect({ status: signin.status, location: signin.headers.location }).toEqual({ status: 302, location: `${ORIGIN}/signin` });
    const posted = await signIn("go.broke.test", owner.email);
    expect({ status: posted.status, setCookie: posted.headers["set-cookie"] }).toEqual({ status: 404, setCookie: undefined });
    const asked = await callRoute(tlsAsk.loader, makeRequest("/tls/ask?domain=go.broke.test", { headers: { [CLIENT_IP_HEADER]: "127.0.0.1" } }));
    expect(asked.status).toBe(404);
  });

  it("a verified domain whose plan lapsed keeps serving only its owner's public pages (decision 434)", async () => {
    const { db } = await getServices();
    const { owner, campaign } = await verifiedOwner("go.lapsed.test");
    const theirs = await createCampaignRow((await createUser({ isPro: true })).id);
    await db.update(schema.user).set({ isPro: false }).where(eq(schema.user.id, owner.id));
    forgetHost("go.lapsed.test");
    expect((await edge.send("go.lapsed.test", `/capture/${campaign.id}`)).status).toBe(200);
    expect((await edge.send("go.lapsed.test", `/capture/${theirs.id}`)).status).toBe(404);
    expect((await edge.send("go.lapsed.test", "/dashboard")).headers.location).toBe(`${ORIGIN}/dashboard`);
  });
});

describe("codes on the domain (decisions 431, 432)", () => {
  const printOf = async (cookie: string, campaignId: string) =>
    (await callRoute(campaignPrint.loader, makeRequest(`/campaigns/${campaignId}/print`, { cookie }), { campaignId })).data;
  const chooseAddress = (cookie: string, campaignId: string, codeAddress: string) =>
    callRoute(campaignPrint.action, makeRequest(`/campaigns/${campaignId}/print?format=poster`, { cookie, form: { codeAddress } }), { campaignId });
  const removalQuestion = async (cookie: string, hostname: string) => (await post(cookie, { intent: "remove", hostname })).data;

  it("a campaign may keep the main address; the removal warning counts the campaigns whose codes were made on the domain", async () => {
    const { owner, campaign } = await verifiedOwner("go.choice.test");
    const second = await createCampaignRow(owner.id);
    expect((await removalQuestion(owner.cookie, "go.choice.test")).campaignsOnDomain).toBe(0);

    const first = await printOf(owner.cookie, campaign.id);
    expect(first.codeAddress).toEqual({ choice: "domain", domain: "go.choice.test", main: "localhost:3000" });
    expect(JSON.stringify(first)).toContain('"text":"GO.CHOICE.TEST/Q/');
    expect((await removalQuestion(owner.cookie, "go.choice.test")).campaignsOnDomain).toBe(1);

    const chosen = await chooseAddress(owner.cookie, campaign.id, "main");
    expect(chosen.status).toBe(302);
    expect(chosen.response?.headers.get("location")).toBe(`/campaigns/${campaign.id}/print?format=poster`);
    const onMain = await printOf(owner.cookie, campaign.id);
    expect(onMain.codeAddress.choice).toBe("main");
    expect(JSON.stringify(onMain)).toContain('"text":"LOCALHOST:3000/Q/');
    // The codes printed earlier with the domain still point at it: the warning keeps counting them.
    expect((await removalQuestion(owner.cookie, "go.choice.test")).campaignsOnDomain).toBe(1);

    const png = await callRoute(qrRoute.loader, makeRequest(`/campaigns/${second.id}/qr.png`, { cookie: owner.cookie }), {
      campaignId: second.id,
    });
    expect(png.status).toBe(200);
    expect((await removalQuestion(owner.cookie, "go.choice.test")).campaignsOnDomain).toBe(2);

    // Someone else's campaign is not theirs to change.
    const stranger = await createUser({ isPro: true });
    expect((await chooseAddress(stranger.cookie, campaign.id, "domain")).status).toBe(404);
    expect((await printOf(owner.cookie, campaign.id)).codeAddress.choice).toBe("main");
  });

  it("the API's capture URLs use the address each campaign's codes use", async () => {
    const { db } = await getServices();
    const { owner, campaign } = await verifiedOwner("go.api.test");
    const onMain = await createCampaignRow(owner.id);
    await chooseAddress(owner.cookie, onMain.id, "main");
    const { key } = await createApiKey(db, { userId: owner.id, name: "Domain" });
    const listed = await api("GET", "/campaigns", { key });
    const urlOf = (id: string) => listed.body.data.find((item: { id: string }) => item.id === id).capture_url;
    expect(urlOf(campaign.id)).toBe(`https://go.api.test/capture/${campaign.id}`);
    expect(urlOf(onMain.id)).toBe(`http://localhost:3000/capture/${onMain.id}`);
    expect((await api("GET", `/campaigns/${campaign.id}`, { key })).body.capture_url).toBe(`https://go.api.test/capture/${campaign.id}`);
  });

  it("a visitor's confirmation links use the address the campaign's codes use", async () => {
    const { db } = await getServices();
    const { owner, campaign } = await verifiedOwner("go.links.test");
    const onMain = await createCampaignRow(owner.id);
    await db.update(schema.campaign).set({ consentMode: "double_opt_in" }).where(eq(schema.campaign.userId, owner.id));
    await chooseAddress(owner.cookie, onMain.id, "main");
    const claim = async (campaignId: string, email: string) => {
      const headers = { "user-agent": "Mozilla/5.0 (iPhone) Mobile", [CLIENT_IP_HEADER]: `198.18.40.${email.length}` };
      const page = await callRoute(capture.loader, makeRequest(`/capture/${campaignId}`, { headers }), { campaignId });
      const form = { name: "Dana", email, marketingConsent: "yes", scanToken: page.data.scanToken, website: "" };
      expect((await callRoute(capture.action, makeRequest(`/capture/${campaignId}`, { form, headers }), { campaignId })).status).toBe(200);
      const [mail] = await outboxFor(email);
      return mail!.text;
    };
    const onDomain = await claim(campaign.id, "dana@example.com");
    expect(onDomain).toMatch(/https:\/\/go\.links\.test\/consent\/confirm\/[A-Za-z0-9_-]{43}/);
    expect(onDomain).toMatch(/https:\/\/go\.links\.test\/consent\/withdraw\/[A-Za-z0-9_-]{43}/);
    const onMainAddress = await claim(onMain.id, "fox@example.com");
    expect(onMainAddress).toMatch(/http:\/\/localhost:3000\/consent\/confirm\//);
    expect(onMainAddress).not.toContain("go.links.test");
  });
});

describe("HTTPS live", () => {
  it("is shown only once https://{domain} answered with this installation's own proof", async () => {
    const { db, env, secret } = await getServices();
    const { owner, records } = await ownerWithDomain("go.https.test");
    publishRecords(records);
    // What a phone would reach: another server answering on the name, then the app behind Caddy.
    const impostor: typeof fetch = async () => new Response("not-our-proof");
    await verifyDomainNow(db, env, { userId: owner.id, secret, fetchProof: impostor });
    expect((await screen(owner.cookie)).domain.status.label).toBe("Verified · HTTPS being set up");
    const throughCaddy: typeof fetch = async (input) => (await callRoute(domainProof.loader, new Request(String(input)))).response!;
    await verifyDomainNow(db, env, { userId: owner.id, secret, fetchProof: throughCaddy });
    expect((await screen(owner.cookie)).domain.status.label).toBe("Verified · HTTPS live");
    expect((await rowOf("go.https.test")).httpsLiveAt).not.toBeNull();
  });
});
