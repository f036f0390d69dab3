// Offer codes end to end through the route modules: the claim, the counter, staff links, the
// funnel. Runs on PGlite by default and on PostgreSQL with `npm run test:pg -- <this file>`.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { normalizeOfferCode } from "~/features/redeem/code";
import { redeemOfferCode, type RedeemActor } from "~/features/redeem/counter.server";
import * as capture from "~/routes/capture";
import * as campaignsRoute from "~/routes/campaigns";
import * as leadsRoute from "~/routes/leads";
import * as exportRoute from "~/routes/leads-export";
import * as redeem from "~/routes/redeem";
import * as staffLink from "~/routes/redeem.staff-link";
import * as staffPage from "~/routes/redeem.staff";
import * as detail from "~/routes/campaign-detail";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { campaignForm } from "../support/campaigns-support";
import { codeRow, createClaim, setCodeTimes } from "../support/redeem-support";
import { flushCounts } from "~/features/scans/buffered-counts.server";
import { phoneUserAgent } from "../support/row-factories";

let address = 0;

type Submitted = { ok: true; claim?: { code: string; qrSvg: string; validity: string }; alreadyClaimed?: boolean; codeByEmail?: string };

/** A visitor's load and submit; `repeatOf` posts again with an earlier submission's scan (a double submit). */
async function submit(campaignId: string, visitor: { name: string; email: string }, repeatOf?: { scanToken: string; clientIp: string }) {
  // Each claim is its own visitor (address), so the repeat rule does not hand out an earlier scan's token.
  const clientIp = repeatOf?.clientIp ?? `198.51.100.${++address}`;
  let scanToken = repeatOf?.scanToken;
  if (!scanToken) {
    const load = await callRoute(
      capture.loader,
      makeRequest(`/capture/${campaignId}`, { headers: { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": clientIp } }),
      { campaignId },
    );
    scanToken = load.data.scanToken as string;
  }
  const request = makeRequest(`/capture/${campaignId}`, {
    form: { ...visitor, scanToken },
    headers: { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": clientIp, cookie: "tz=America%2FNew_York" },
  });
  const result = await callRoute(capture.action, request, { campaignId });
  expect(result.status).toBe(200);
  return { body: result.data as Submitted, scanToken, clientIp };
}

async function claim(campaignId: string, visitor: { name: string; email: string }) {
  const { body } = await submit(campaignId, visitor);
  expect(body.claim).toBeDefined();
  return body.claim!;
}

const counter = (path: string, cookie: string) => callRoute(redeem.loader, makeRequest(path, { cookie }));
const press = (intent: "redeem" | "undo" | "unknown", code: string, cookie: string) =>
  callRoute(redeem.action, makeRequest(`/redeem?code=${code}`, { cookie, form: { intent, code } }));

async function openStaffLink(ownerCookie: string, form: Record<string, string>) {
  const created = (await callRoute(staffPage.action, makeRequest("/redeem/staff", { cookie: ownerCookie, form: { intent: "create", ...form } })))
    .data;
  const path = new URL(created.created.url).pathname;
  const opened = await callRoute(staffLink.loader, makeRequest(path), { token: path.split("/").at(-1) });
  expect(opened.status).toBe(302);
  expect(opened.headers.get("location")).toBe("/redeem");
  expect(opened.headers.get("set-cookie")).toMatch(/HttpOnly/);
  expect(opened.headers.get("set-cookie")).toMatch(/Path=\/;/);
  return { cookie: opened.cookies, path };
}

let owner: Awaited<ReturnType<typeof createUser>>;
let campaignId: string;

beforeAll(async () => {
  owner = await createUser({ isPro: true });
  campaignId = (await createCampaignRow(owner.id, { title: "Pastry Week" })).id;
});

describe("a claim", () => {
  it("gives each visitor a code with its QR; the same email keeps its code, shown only to the scan that drew it", async () => {
    const drawn = await submit(campaignId, { name: "Ada Lovelace", email: "ada@example.com" });
    const first = drawn.body.claim!;
    expect(first.code).toMatch(/^[2-9A-Z]{3}-[2-9A-Z]{3}-[2-9A-Z]{2}$/);
    expect(first.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(first.validity).toBe("No expiry");
    // A double submit of that scan sees the same code again.
    const doubled = await submit(campaignId, { name: "Ada Lovelace", email: "ada@example.com" }, drawn);
    expect(doubled.body.claim?.code).toBe(first.code);

    // Anyone typing Ada's address from another scan is told it was claimed; the code goes to Ada's mailbox only.
    const again = await submit(campaignId, { name: "Ada L.", email: "  ADA@example.com " });
    expect(again.body).toEqual({ ok: true, alreadyClaimed: true, codeByEmail: "sent" });
    expect(JSON.stringify(again.body)).not.toContain(first.code);
    const { db: mailDb } = await getServices();
    const mails = await mailDb
      .select({ to: schema.emailOutbox.to, text: schema.emailOutbox.text, html: schema.emailOutbox.html })
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.kind, "offer_code"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to.toLowerCase()).toBe("ada@example.com");
    expect(mails[0]!.text).toContain(`Your offer code: ${first.code}`);
    expect(mails[0]!.html).toContain('name="viewport"');
    // The claim's own email (decision 343) counts in the once-a-day rule: a repeat queues nothing more.
    expect((await submit(campaignId, { name: "Mallory", email: "ada@example.com" })).body).toEqual({
      ok: true,
      alreadyClaimed: true,
      codeByEmail: "sent",
    });
    expect(await mailDb.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.kind, "offer_code"))).toHaveLength(1);

    const other = await claim(campaignId, { name: "Grace Hopper", email: "grace@example.com" });
    expect(other.code).not.toBe(first.code);
    const { db } = await getServices();
    // One lead and one code per claimant: Ada's later claims marked her lead seen again (decision 344).
    expect(await db.select().from(schema.lead).where(eq(schema.lead.campaignId, campaignId))).toHaveLength(2);
    expect(await db.select().from(schema.offerCode).where(eq(schema.offerCode.campaignId, campaignId))).toHaveLength(2);
  });

  it("draws again when a code is already taken", async () => {
    const taken = await createClaim(campaignId, { name: "Taken", email: "taken@example.com" });
    const draws = [normalizeOfferCode(taken.code)!, "HHHHHHHH"];
    const fresh = await createClaim(campaignId, { name: "Fresh", email: "fresh@example.com" }, { draw: () => draws.shift()! });
    expect(fresh.code).toBe("HHHHHHHH");
  });

  it("follows the campaign's offer rule saved by the wizard", async () => {
    const pro = await createUser({ isPro: true });
    const saved = await callRoute(
      campaignsRoute.action,
      makeRequest("/campaigns", { cookie: pro.cookie, form: campaignForm({ offerExpiry: "days", offerValidDays: "7" }) }),
    );
    expect(saved.status).toBe(302);
    const { db } = await getServices();
    const [created] = await db.select({ id: schema.campaign.id }).from(schema.campaign).where(eq(schema.campaign.userId, pro.id));
    const [rule] = await db.select().from(schema.offerRule).where(eq(schema.offerRule.campaignId, created!.id));
    expect(rule).toMatchObject({ expiry: "days", validDays: 7 });
    const claimed = await claim(created!.id, { name: "Week", email: "week@example.com" });
    const row = await codeRow(normalizeOfferCode(claimed.code)!);
    expect(row!.expiresAt!.getTime() - row!.claimedAt.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    expect(claimed.validity).toMatch(/^Valid until [A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    const refused = await callRoute(
      campaignsRoute.action,
      makeRequest("/campaigns", { cookie: pro.cookie, form: campaignForm({ offerExpiry: "until", offerValidUntil: "2001-01-01" }) }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.fieldErrors.offerValidUntil).toBe("The last valid day cannot be in the past");
  });
});

describe("the counter", () => {
  it("shows the offer, first name, claim date and status, and redeems once", async () => {
    const { code } = await createClaim(campaignId, { name: "Marie Curie", email: "marie@example.com" });
    const shown = (await counter(`/redeem?code=${code.toLowerCase()}`, owner.cookie)).data;
    expect(shown.found).toMatchObject({ offer: "20% off", firstName: "Marie", status: "valid", statusText: "Valid · no expiry" });
    expect(JSON.stringify(shown)).not.toContain("marie@example.com");

    const first = await press("redeem", code, owner.cookie);
    expect(first.status).toBe(200);
    expect(first.data.message).toBe("Redeemed. Hand over the offer.");
    const second = await press("redeem", code, owner.cookie);
    expect(second.status).toBe(409);
    expect(second.data.message).toMatch(/^Already redeemed on [A-Z][a-z]{2} \d{1,2} at \d{1,2}:\d{2}\s?[AP]M by the owner$/);
    const after = (await counter(`/redeem?code=${code}`, owner.cookie)).data;
    expect(after.found).toMatchObject({ status: "redeemed", canUndo: true, alreadyRedeemed: second.data.message });
  });

  it("says when and by whom a used code was redeemed, in the staff's time zone; a valid code says nothing of the kind", async () => {
    const { code } = await createClaim(campaignId, { name: "Used Twice", email: "used@example.com" });
    expect((await counter(`/redeem?code=${code}`, owner.cookie)).data.found.alreadyRedeemed).toBeNull();
    const staff = await openStaffLink(owner.cookie, { label: "Front counter" });
    await press("redeem", code, staff.cookie);
    const year = new Date().getUTCFullYear();
    await setCodeTimes(code, { redeemedAt: new Date(Date.UTC(year, 10, 26, 20, 13)) });
    const inNewYork = `${owner.cookie}; tz=America%2FNew_York`;
    const shown = (await counter(`/redeem?code=${code}`, inNewYork)).data.found;
    expect(shown.alreadyRedeemed!.replace(/\s/g, " ")).toBe("Already redeemed on Nov 26 at 3:13 PM by Front counter");
    expect(shown.statusText).toMatch(/^Redeemed on Nov 26, \d{4}/);
    const refused = await press("redeem", code, owner.cookie);
    expect(refused.status).toBe(409);
    expect(refused.data.message.replace(/\s/g, " ")).toBe("Already redeemed on Nov 26 at 8:13 PM by Front counter");

    // Last year's redeem names its year; one redeemed by the owner says so.
    const mine = await createClaim(campaignId, { name: "Old Hand", email: "old@example.com" });
    await press("redeem", mine.code, owner.cookie);
    await setCodeTimes(mine.code, { redeemedAt: new Date(Date.UTC(year - 1, 0, 5, 9, 30)) });
    expect((await counter(`/redeem?code=${mine.code}`, owner.cookie)).data.found.alreadyRedeemed.replace(/\s/g, " ")).toBe(
      `Already redeemed on Jan 5, ${year - 1} at 9:30 AM by the owner`,
    );
  });

  it("undoes a redeem within 5 minutes, not later", async () => {
    const { code } = await createClaim(campaignId, { name: "Undo Me", email: "undo@example.com" });
    await press("redeem", code, owner.cookie);
    expect((await press("undo", code, owner.cookie)).status).toBe(200);
    expect((await codeRow(code))!.redeemedAt).toBeNull();
    await press("redeem", code, owner.cookie);
    await setCodeTimes(code, { redeemedAt: new Date(Date.now() - 6 * 60 * 1000) });
    const late = await press("undo", code, owner.cookie);
    expect(late.status).toBe(409);
    expect(late.data.message).toBe("This redeem can no longer be undone (more than 5 minutes have passed).");
    expect((await codeRow(code))!.redeemedAt).not.toBeNull();
    const unknown = await press("unknown", code, owner.cookie);
    expect(unknown.status).toBe(400);
    expect(unknown.data).toEqual({ ok: false, message: "Unknown action." });
  });

  it("says an expired code expired and does not redeem it", async () => {
    const { code } = await createClaim(campaignId, { name: "Late Larry", email: "late@example.com" });
    await setCodeTimes(code, { expiresAt: new Date(Date.now() - 60_000) });
    expect((await counter(`/redeem?code=${code}`, owner.cookie)).data.found.statusText).toMatch(/^Expired on /);
    const refused = await press("redeem", code, owner.cookie);
    expect(refused.status).toBe(409);
    expect(refused.data.message).toMatch(/^This code expired on /);
    expect((await codeRow(code))!.redeemedAt).toBeNull();
  });

  it("marks a code redeemed exactly once under 20 parallel presses", async () => {
    const { code } = await createClaim(campaignId, { name: "Rush Hour", email: "rush@example.com" });
    const actor: RedeemActor = { userId: owner.id, campaignId: null, staffAccessId: null, label: "Owner" };
    const { db } = await getServices();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => redeemOfferCode(db, { actor, code })));
    expect(outcomes.filter((result) => result.outcome === "redeemed")).toHaveLength(1);
    expect(outcomes.filter((result) => result.outcome === "already")).toHaveLength(19);
    const at = outcomes.find((result) => result.outcome === "redeemed")!;
    expect(new Set(outcomes.map((result) => ("at" in result ? result.at : null)))).toEqual(new Set([(at as { at: string }).at]));
  });

  it("answers an unknown code with a message, and a signed-out visitor with /signin", async () => {
    const missing = await counter("/redeem?code=AAAA-BBBB", owner.cookie);
    expect(missing.status).toBe(404);
    expect(missing.data.error).toBe("No code matches. Check the characters and try again.");
    const anonymous = (await callRoute(redeem.loader, makeRequest("/redeem"))).response!;
    expect(anonymous.headers.get("location")).toBe("/signin");
  });
});

describe("staff links", () => {
  it("open the counter for the owner's codes only, and stop working when revoked", async () => {
    const mine = await createClaim(campaignId, { name: "Staff Case", email: "staffcase@example.com" });
    const stranger = await createUser();
    const theirs = await createClaim((await createCampaignRow(stranger.id)).id, { name: "Other", email: "other@example.com" });
    const staff = await openStaffLink(owner.cookie, { label: "Front counter" });

    expect((await counter(`/redeem?code=${mine.code}`, staff.cookie)).data.found.firstName).toBe("Staff");
    expect((await counter(`/redeem?code=${theirs.code}`, staff.cookie)).status).toBe(404);
    expect((await press("redeem", theirs.code, staff.cookie)).status).toBe(404);
    expect((await codeRow(normalizeOfferCode(theirs.code)!))!.redeemedAt).toBeNull();
    expect((await press("redeem", mine.code, staff.cookie)).status).toBe(200);
    expect((await codeRow(mine.code))!.redeemedBy).toBe("Staff: Front counter");

    // The staff cookie is no session: the owner's pages send it to sign in.
    for (const [loader, path] of [
      [leadsRoute.loader, "/leads"],
      [exportRoute.loader, "/leads/export.csv"],
      [staffPage.loader, "/redeem/staff"],
    ] as const) {
      const result = (await callRoute(loader, makeRequest(path, { cookie: staff.cookie }))).response!;
      expect(result.headers.get("location")).toBe("/signin");
    }

    const listed = (await callRoute(staffPage.loader, makeRequest("/redeem/staff", { cookie: owner.cookie }))).data;
    const link = listed.links.find((row: { label: string }) => row.label === "Front counter");
    expect(JSON.stringify(listed)).not.toMatch(/token/i);
    await callRoute(staffPage.action, makeRequest("/redeem/staff", { cookie: owner.cookie, form: { intent: "revoke", staffAccessId: link.id } }));
    const revoked = (await callRoute(redeem.loader, makeRequest(`/redeem?code=${mine.code}`, { cookie: staff.cookie }))).response!;
    expect(revoked.status).toBe(403);
    expect((await callRoute(staffLink.loader, makeRequest(staff.path), { token: staff.path.split("/").at(-1) })).response!.status).toBe(404);
  });

  it("scoped to a campaign, see only that campaign's codes", async () => {
    const otherCampaign = await createCampaignRow(owner.id, { title: "Other Week" });
    const inScope = await createClaim(campaignId, { name: "In Scope", email: "in@example.com" });
    const outOfScope = await createClaim(otherCampaign.id, { name: "Out Scope", email: "out@example.com" });
    const staff = await openStaffLink(owner.cookie, { label: "Pastry stand", campaignId });
    expect((await counter(`/redeem?code=${inScope.code}`, staff.cookie)).status).toBe(200);
    expect((await counter(`/redeem?code=${outOfScope.code}`, staff.cookie)).status).toBe(404);
    // Nobody makes a link for a campaign that is not theirs.
    const stranger = await createUser();
    const refused = await callRoute(
      staffPage.action,
      makeRequest("/redeem/staff", { cookie: stranger.cookie, form: { intent: "create", label: "Mine now", campaignId } }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data.fieldErrors.campaignId).toBe("Please choose a campaign from the list");
    const unnamed = await callRoute(
      staffPage.action,
      makeRequest("/redeem/staff", { cookie: owner.cookie, form: { intent: "create", label: "  " } }),
    );
    expect(unnamed.data.fieldErrors.label).toBe("Please name this link");
  });

  it("are rate-limited against guessing codes", async () => {
    const staff = await openStaffLink(owner.cookie, { label: "Guesser" });
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await counter(`/redeem?code=AAAAAAA${"2345679"[i % 7]}`, staff.cookie)).status);
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it("cannot be guessed: one address may try 20 links in 10 minutes", async () => {
    const staff = await openStaffLink(owner.cookie, { label: "Guessed" });
    const token = staff.path.split("/").at(-1)!;
    const open = (path: string, ip: string) =>
      callRoute(staffLink.loader, makeRequest(path, { headers: { "x-leadqr-client-ip": ip } }), {
        token: path.split("/").at(-1),
      }).then((answer) => answer.response!);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await open(`/redeem/s/${"x".repeat(31)}${i % 10}`, "203.0.113.77")).status);
    expect(new Set(statuses)).toEqual(new Set([404]));
    // Spent: even the real link is refused from that address, and sets no cookie.
    const refused = await open(`/redeem/s/${token}`, "203.0.113.77");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("set-cookie")).toBeNull();
    expect((await open(`/redeem/s/${token}`, "203.0.113.78")).status).toBe(302);
  });

  it("keep the guessing budget exact under 300 parallel guesses (60 answered, the rest 429)", async () => {
    const staff = await openStaffLink(owner.cookie, { label: "Parallel guesser" });
    const guess = (i: number) =>
      callRoute(
        redeem.loader,
        makeRequest(`/redeem?code=BBBBBBB${"2345679"[i % 7]}`, { cookie: staff.cookie, headers: { "x-leadqr-client-ip": "203.0.113.160" } }),
      );
    const statuses = (await Promise.all(Array.from({ length: 300 }, (_, i) => guess(i)))).map((answer) => answer.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(60);
    expect(statuses.filter((status) => status === 429)).toHaveLength(240);
  });

  it("serve the shop's real codes however many strangers behind the same address guess, while each guesser stays bounded", async () => {
    const cafe = "203.0.113.190";
    const at = (cookie: string) => ({ cookie, headers: { "x-leadqr-client-ip": cafe } });
    const lookUp = (code: string, cookie: string) => callRoute(redeem.loader, makeRequest(`/redeem?code=${code}`, at(cookie)));
    const markRedeemed = (code: string, cookie: string) =>
      callRoute(redeem.action, makeRequest(`/redeem?code=${code}`, { ...at(cookie), form: { intent: "redeem", code } }));
    // Strangers on the café's Wi-Fi: free accounts and their staff links, guessing in random order, by lookup and by press.
    const strangers = await Promise.all(Array.from({ length: 3 }, () => createUser()));
    const actors: string[] = [];
    for (const stranger of strangers) {
      actors.push(stranger.cookie);
      for (let link = 0; link < 2; link++) actors.push((await openStaffLink(stranger.cookie, { label: `Stranger ${link}` })).cookie);
    }
    const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
    const madeUp = () => Array.from({ length: 8 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
    const statuses: number[] = [];
    for (let i = 0; i < 450; i++) {
      const cookie = actors[Math.floor(Math.random() * actors.length)]!;
      statuses.push((Math.random() < 0.5 ? await lookUp(madeUp(), cookie) : await markRedeemed(madeUp(), cookie)).status);
    }
    // Each stranger's guesses are bounded: 120 per owner at this address (and 60 per link), then 429.
    expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(3 * 120);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(450 - 3 * 120);
    expect(new Set(statuses)).toEqual(new Set([404, 429]));

    const till = await openStaffLink(owner.cookie, { label: "Café till" });
    const first = await createClaim(campaignId, { name: "Wifi Regular", email: "wifi-regular@example.com" });
    const second = await createClaim(campaignId, { name: "Wifi Owner", email: "wifi-owner@example.com" });
    expect((await lookUp(first.code, till.cookie)).status).toBe(200);
    expect((await markRedeemed(first.code, till.cookie)).status).toBe(200);
    expect((await lookUp(second.code, owner.cookie)).status).toBe(200);
    expect((await markRedeemed(second.code, owner.cookie)).status).toBe(200);
    expect((await codeRow(first.code))!.redeemedAt).not.toBeNull();
    expect((await codeRow(second.code))!.redeemedAt).not.toBeNull();
  });

  it("answer a redeem racing an undo with 200 or 409, never a server error, and end consistent", async () => {
    const staff = await openStaffLink(owner.cookie, { label: "Two tills" });
    const { code } = await createClaim(campaignId, { name: "Race Condition", email: "race@example.com" });
    const till = (intent: "redeem" | "undo", ip: string) =>
      callRoute(
        redeem.action,
        makeRequest(`/redeem?code=${code}`, { cookie: staff.cookie, form: { intent, code }, headers: { "x-leadqr-client-ip": ip } }),
      );
    for (let round = 0; round < 15; round++) {
      const results = await Promise.all([
        till("redeem", "203.0.113.170"),
        till("undo", "203.0.113.171"),
        till("redeem", "203.0.113.172"),
        till("undo", "203.0.113.173"),
      ]);
      for (const result of results) expect([200, 409]).toContain(result.status);
      const row = (await codeRow(code))!;
      expect(row.redeemedAt === null).toBe(row.redeemedBy === null);
    }
  });

  it("never slow down a busy counter working real codes", async () => {
    const staff = await openStaffLink(owner.cookie, { label: "Busy till" });
    const { code } = await createClaim(campaignId, { name: "Regular", email: "regular@example.com" });
    const statuses: number[] = [];
    for (let i = 0; i < 70; i++) statuses.push((await counter(`/redeem?code=${code}`, staff.cookie)).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
  });
});

describe("the funnel", () => {
  it("shows scans → leads → redeemed on the campaign and Redeemed At on leads and CSV", async () => {
    const pro = await createUser({ isPro: true });
    const id = (await createCampaignRow(pro.id, { title: "Funnel Week" })).id;
    const kept = await claim(id, { name: "Kept Promise", email: "kept@example.com" });
    await claim(id, { name: "No Show", email: "noshow@example.com" });
    await press("redeem", kept.code, pro.cookie);

    // Pro scans reach the campaign's total through the per-process tally (decision 091).
    await flushCounts();
    const shown = (await callRoute(detail.loader, makeRequest(`/campaigns/${id}`, { cookie: pro.cookie }), { campaignId: id })).data;
    expect(shown.campaign).toMatchObject({ scans: 2, leads: 2, redeemed: 1 });

    const leads = (await callRoute(leadsRoute.loader, makeRequest(`/leads?campaign=${id}`, { cookie: pro.cookie }))).data;
    const byName = Object.fromEntries(leads.leads.map((row: { name: string; redeemedAt: string | null }) => [row.name, row.redeemedAt]));
    expect(byName["Kept Promise"]).toMatch(/\d/);
    expect(byName["No Show"]).toBeNull();

    const csv = await (await callRoute(exportRoute.loader, makeRequest(`/leads/export.csv?campaign=${id}`, { cookie: pro.cookie }))).response!.text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Name,Email,Phone,Campaign,Collected At,Placement,Consent Status,Consent Wording,Consent Given At,Consent IP Address,Consent User Agent,Confirmed At,Confirmed IP Address,Withdrawn At,Redeemed At,Consent Language,redeemed_by,location",
    );
    expect(
      lines
        .find((line) => line.startsWith("Kept Promise"))!
        .split(",")
        .at(-4),
    ).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
    expect(
      lines
        .find((line) => line.startsWith("No Show"))!
        .split(",")
        .at(-4),
    ).toBe("");
  });
});
