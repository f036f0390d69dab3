// The access matrix, driven by app/routes.ts: every route module is classified, every private
// loader and action refuses signed-out visitors, every admin one refuses non-admins, and user A
// reaching for user B's ids gets 404 (or nothing of B's) while B's rows stay exactly as they were.
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { eq, inArray } from "drizzle-orm";
import type { RequestHandler } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import routes from "~/routes";
import { createApiKey } from "~/features/integrations/api-keys.server";
import { NOT_CONNECTED_PAGE } from "~/server/http/route-by-host";
import { getServices } from "~/utils/services.server";
import { startStripeStub } from "../support/stripe-stub.mjs";
import { createCampaignRow, createLeadRow, createScanRows, createUser } from "../support/factories";
import { callRoute, makeRequest, type Handler, type RouteAnswer } from "../support/http";
import { insertPost, insertSubscription, pngFile } from "../support/admin-support";
import { startEdge } from "../support/edge-support";
import { campaignForm } from "../support/campaigns-support";
import { createClaim } from "../support/redeem-support";
import { DEFAULT_PASSWORD } from "../support/row-factories";

type Access = "public" | "anonymous" | "user" | "admin" | "inert" | "bearer";
type Module = { loader?: Handler; action?: Handler; default?: unknown };

/**
 * Who may call each handler. "inert" handlers answer without reading or writing anything (405,
 * or a redirect). A route added to app/routes.ts without an entry here fails the first test.
 */
const ACCESS: Record<string, { loader?: Access; action?: Access }> = {
  "routes/healthz.ts": { loader: "public" },
  "routes/signout.ts": { loader: "inert", action: "public" },
  // The header's switcher: the signed-in session chooses among the businesses it belongs to.
  "routes/business-switch.ts": { loader: "inert", action: "user" },
  "routes/capture.tsx": { loader: "public", action: "public" },
  // The capture form script's JSON post (decision 323).
  "routes/capture-lead.ts": { action: "public" },
  // The counter: the owner's session or a staff link; neither sends everyone else to /signin.
  "routes/redeem.tsx": { loader: "user", action: "user" },
  "routes/redeem.staff-link.ts": { loader: "public" },
  "routes/redeem.staff.tsx": { loader: "user", action: "user" },
  "routes/uploads.ts": { loader: "public" },
  // Mounted four times: a campaign's and a placement's code, as PNG and as SVG.
  "routes/qr-code.ts": { loader: "user" },
  "routes/campaign-print.tsx": { loader: "user", action: "user" },
  "routes/campaign-print-pdf.ts": { loader: "user" },
  "routes/campaign-languages.tsx": { loader: "user", action: "user" },
  "routes/api.ai-copy.ts": { loader: "inert", action: "user" },
  "routes/api.translate-copy.ts": { loader: "inert", action: "user" },
  "routes/api.logo.ts": { loader: "inert", action: "user" },
  "routes/leads-export.ts": { loader: "user" },
  "routes/webhooks.stripe.ts": { loader: "inert", action: "public" },
  "routes/api.v1.ts": { loader: "bearer", action: "bearer" },
  "routes/billing.portal.ts": { loader: "inert", action: "user" },
  "routes/site-layout.tsx": { loader: "public" },
  "routes/home.tsx": { loader: "anonymous" },
  "routes/signin.tsx": { loader: "anonymous", action: "anonymous" },
  "routes/signin.email-link.tsx": { loader: "anonymous", action: "anonymous" },
  // An emailed sign-in link: its secret token is the key, and it signs in that address only.
  "routes/signin.link.tsx": { loader: "public", action: "public" },
  // The sign-in page's passkey ceremony; the passkey itself is the key.
  "routes/signin.passkey.ts": { loader: "inert", action: "anonymous" },
  "routes/signup.tsx": { loader: "anonymous", action: "anonymous" },
  "routes/forgot-password.tsx": { action: "public" },
  "routes/reset-password.tsx": { loader: "public", action: "public" },
  "routes/verify-email.tsx": { loader: "public", action: "user" },
  "routes/pricing.tsx": { loader: "public", action: "user" },
  "routes/blog.tsx": { loader: "public" },
  "routes/blog-post.tsx": { loader: "public" },
  "routes/dashboard.tsx": { loader: "user" },
  "routes/campaigns.tsx": { loader: "user", action: "user" },
  "routes/campaign-detail.tsx": { loader: "user", action: "user" },
  "routes/leads.tsx": { loader: "user" },
  "routes/settings.tsx": { loader: "user", action: "user" },
  "routes/settings.integrations.tsx": { loader: "user", action: "user" },
  "routes/settings.domains.tsx": { loader: "user", action: "user" },
  "routes/settings.notifications.tsx": { loader: "user", action: "user" },
  "routes/settings.locations.tsx": { loader: "user", action: "user" },
  "routes/settings.team.tsx": { loader: "user", action: "user" },
  // Every role's own passkeys (staff included).
  "routes/settings.sign-in.tsx": { loader: "user", action: "user" },
  "routes/settings.sign-in.passkey.ts": { loader: "inert", action: "user" },
  // An emailed invitation: its secret link is the key; joining signs up or signs in that address only.
  "routes/team-join.tsx": { loader: "public", action: "public" },
  // A hand-over offered to the signed-in user: they see and answer only their own.
  "routes/team-handover.tsx": { loader: "user", action: "user" },
  // Caddy's certificate question: answers only loopback, TRUST_PROXY networks or TLS_ASK_TOKEN (decision 391).
  "routes/tls-ask.ts": { loader: "public" },
  // The https proof of a custom domain: a keyed hash of the name asked on, nothing stored (decision 392).
  "routes/domain-proof.ts": { loader: "public" },
  "routes/settings.integrations.webhook.tsx": { loader: "user", action: "user" },
  "routes/settings.integrations.sync.tsx": { loader: "user", action: "user" },
  "routes/settings.integrations.sync-callback.tsx": { loader: "user" },
  "routes/docs.api.tsx": { loader: "public" },
  "routes/admin.tsx": { loader: "admin" },
  "routes/admin.users.tsx": { loader: "admin", action: "admin" },
  "routes/admin.blog.tsx": { loader: "admin", action: "admin" },
  "routes/admin.blog-new.tsx": { loader: "admin", action: "admin" },
  "routes/admin.blog-edit.tsx": { loader: "admin", action: "admin" },
  "routes/admin.subscriptions.tsx": { loader: "admin", action: "admin" },
  "routes/admin.campaigns.tsx": { loader: "admin" },
  "routes/admin.leads.tsx": { loader: "admin" },
  "routes/unknown-path.ts": { loader: "inert", action: "inert" },
  "routes/lead-detail.tsx": { loader: "user", action: "user" },
  "routes/lead-export-json.ts": { loader: "user" },
  "routes/consent.confirm.tsx": { loader: "public", action: "public" },
  "routes/consent.withdraw.tsx": { loader: "public", action: "public" },
  "routes/capture-privacy.tsx": { loader: "public" },
};

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };

function flatten(entries: RouteEntry[], parent = ""): Array<{ file: string; path: string }> {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    return [{ file: entry.file, path: path || "/" }, ...flatten(entry.children ?? [], path)];
  });
}

const ROUTES = flatten(routes as RouteEntry[]);
const load = (file: string) => import(/* @vite-ignore */ `~/${file}`) as Promise<Module>;

const WEBHOOK_SECRET = "whsec_matrix";
let stub: Awaited<ReturnType<typeof startStripeStub>>;
let a: Awaited<ReturnType<typeof createUser>>;
let b: Awaited<ReturnType<typeof createUser>>;
let bCampaignId: string;
let bPlacementId: string;
let bLocationId: string;
let bPasskeyId: string;
let bLogoKey: string;
let bPostId: string;
let bEndpointId: string;
let bDeliveryId: string;
let bErasedDeliveryId: string;
let bKeyId: string;
let c: Awaited<ReturnType<typeof createUser>>;
let cKey: string;
let cEndpointId: string;
const B_HOOK_URL = "https://hooks.example.com/b-secret-endpoint";
let bLeadId: string;
/** A well-formed consent token that matches nothing. */
const NO_TOKEN = "A".repeat(43);
let bCode: string;
let bStaffCookie: string;
let bStaffLinkId: string;
const B_LEAD_EMAIL = "secret-lead-of-b@example.org";
const B_TITLE = "B's Secret Campaign";
const B_CUSTOMER = "cus_owned_by_b";

/** The URL of a route with its params filled in (B's ids where a route takes an id). */
function urlOf(path: string) {
  return path
    .replace(":campaignId", bCampaignId)
    .replace(":placementId", bPlacementId)
    .replace(":postId", bPostId)
    .replace(":endpointId", bEndpointId)
    .replace(":slug", "no-such-post")
    .replace(":leadId", bLeadId)
    .replace(":token", NO_TOKEN)
    .replace("*", bLogoKey);
}
const paramsOf = () => ({
  campaignId: bCampaignId,
  placementId: bPlacementId,
  postId: bPostId,
  endpointId: bEndpointId,
  slug: "no-such-post",
  leadId: bLeadId,
  token: NO_TOKEN,
  "*": bLogoKey,
});

/** A form that would change something if the guard let it through. */
function meaningfulForm(file: string, actor: { id: string }): Record<string, string | Blob> {
  switch (file) {
    case "routes/campaigns.tsx":
      return campaignForm({ intent: "update", campaignId: bCampaignId, title: "Hijacked" });
    case "routes/campaign-detail.tsx":
      return { intent: "renamePlacement", placementId: bPlacementId, name: "Hijacked" };
    case "routes/settings.tsx":
      return { intent: "business", businessName: "Hijacked" };
    case "routes/settings.integrations.tsx":
      return { intent: "createEndpoint", url: "https://hooks.example.com/hijack", events: "lead.created" };
    case "routes/settings.integrations.webhook.tsx":
      return { intent: "delete" };
    case "routes/settings.integrations.sync.tsx":
      return { intent: "campaign", provider: "mailchimp", campaignId: bCampaignId, on: "no" };
    case "routes/settings.domains.tsx":
      return { intent: "remove", confirm: "yes" };
    case "routes/settings.locations.tsx":
      return { intent: "delete", locationId: bLocationId };
    case "routes/settings.team.tsx":
      return { intent: "invite", email: "hijacker@example.org", role: "manager" };
    case "routes/settings.sign-in.tsx":
      return { intent: "remove", passkeyId: bPasskeyId };
    case "routes/settings.sign-in.passkey.ts":
      return { intent: "options" };
    case "routes/lead-detail.tsx":
      return { intent: "erase", confirm: "erase" };
    case "routes/redeem.tsx":
      return { intent: "redeem", code: bCode };
    case "routes/redeem.staff.tsx":
      return { intent: "revoke", staffAccessId: bStaffLinkId };
    case "routes/api.logo.ts":
      return { logo: pngFile("logo.png") };
    case "routes/api.ai-copy.ts":
      return { businessType: "Coffee Shop", offer: "20% off", condition: "orders over $10" };
    case "routes/api.translate-copy.ts":
      return {
        language: "es",
        from: "en",
        businessType: "Coffee Shop",
        headline: "20% off",
        offer: "20% off",
        condition: "orders over $10",
        thankYou: "Thanks",
      };
    case "routes/admin.users.tsx":
      return { intent: "setRole", userId: actor.id, role: "admin" };
    case "routes/admin.subscriptions.tsx":
      return { intent: "setPlan", userId: actor.id, plan: "pro" };
    case "routes/admin.blog.tsx":
      return { intent: "publish", postId: bPostId };
    case "routes/admin.blog-new.tsx":
    case "routes/admin.blog-edit.tsx":
      return { title: "Hijacked", content: "Hijacked", publish: "on" };
    default:
      return {};
  }
}

/** Every row that a user's actions could touch, for before/after comparisons. */
async function snapshot() {
  const { db } = await getServices();
  const campaigns = await db.select().from(schema.campaign);
  const ids = campaigns.map((row) => row.id);
  const [
    users,
    leads,
    scans,
    uploads,
    subscriptions,
    profiles,
    posts,
    audit,
    endpoints,
    keys,
    deliveries,
    placements,
    offerCodes,
    staffLinks,
    locations,
    invites,
    members,
    passkeys,
    verifications,
  ] = await Promise.all([
    db.select({ id: schema.user.id, email: schema.user.email, role: schema.user.role, isPro: schema.user.isPro }).from(schema.user),
    ids.length ? db.select().from(schema.lead).where(inArray(schema.lead.campaignId, ids)) : [],
    ids.length ? db.select({ id: schema.scan.id }).from(schema.scan).where(inArray(schema.scan.campaignId, ids)) : [],
    db.select().from(schema.upload),
    db.select().from(schema.subscription),
    db.select().from(schema.businessProfile),
    db.select().from(schema.blogPost),
    db.select().from(schema.adminAudit),
    db.select().from(schema.webhookEndpoint),
    db.select().from(schema.apiKey),
    db.select().from(schema.webhookDelivery),
    db.select().from(schema.placement),
    db.select().from(schema.offerCode),
    db.select().from(schema.staffAccess),
    db.select().from(schema.location),
    db.select().from(schema.teamInvite),
    db.select().from(schema.businessMember),
    db.select().from(schema.passkey),
    db.select().from(schema.verification),
  ]);
  const sorted = <T>(rows: T[]) => [...rows].map((row) => JSON.stringify(row)).sort();
  return {
    campaigns: sorted(campaigns),
    users: sorted(users),
    leads: sorted(leads),
    scans: sorted(scans),
    uploads: sorted(uploads),
    subscriptions: sorted(subscriptions),
    profiles: sorted(profiles),
    posts: sorted(posts),
    audit: sorted(audit),
    endpoints: sorted(endpoints),
    keys: sorted(keys),
    deliveries: sorted(deliveries),
    placements: sorted(placements),
    offerCodes: sorted(offerCodes),
    staffLinks: sorted(staffLinks),
    locations: sorted(locations),
    invites: sorted(invites),
    members: sorted(members),
    passkeys: sorted(passkeys),
    verifications: sorted(verifications),
  };
}

/** B's rows only (A's own calls may change A's rows). */
async function rowsOfB() {
  const { db } = await getServices();
  const campaigns = await db.select().from(schema.campaign).where(eq(schema.campaign.userId, b.id));
  const ids = campaigns.map((row) => row.id);
  return {
    user: await db.select().from(schema.user).where(eq(schema.user.id, b.id)),
    campaigns,
    leads: await db.select().from(schema.lead).where(inArray(schema.lead.campaignId, ids)),
    placements: await db.select().from(schema.placement).where(inArray(schema.placement.campaignId, ids)),
    scans: (await db.select({ id: schema.scan.id }).from(schema.scan).where(inArray(schema.scan.campaignId, ids))).length,
    uploads: await db.select().from(schema.upload).where(eq(schema.upload.userId, b.id)),
    subscription: await db.select().from(schema.subscription).where(eq(schema.subscription.userId, b.id)),
    profile: await db.select().from(schema.businessProfile).where(eq(schema.businessProfile.userId, b.id)),
    sessions: (await db.select({ id: schema.session.id }).from(schema.session).where(eq(schema.session.userId, b.id))).length,
    endpoints: await db.select().from(schema.webhookEndpoint).where(eq(schema.webhookEndpoint.userId, b.id)),
    keys: await db.select().from(schema.apiKey).where(eq(schema.apiKey.userId, b.id)),
    deliveries: await db.select().from(schema.webhookDelivery).where(eq(schema.webhookDelivery.endpointId, bEndpointId)),
    offerCodes: await db.select().from(schema.offerCode).where(eq(schema.offerCode.userId, b.id)),
    staffLinks: await db
      .select({ id: schema.staffAccess.id, revokedAt: schema.staffAccess.revokedAt })
      .from(schema.staffAccess)
      .where(eq(schema.staffAccess.userId, b.id)),
    locations: await db.select().from(schema.location).where(eq(schema.location.userId, b.id)),
    members: await db.select().from(schema.businessMember).where(eq(schema.businessMember.businessId, b.id)),
    invites: await db.select().from(schema.teamInvite).where(eq(schema.teamInvite.businessId, b.id)),
    passkeys: await db.select().from(schema.passkey).where(eq(schema.passkey.userId, b.id)),
  };
}

const location = (answer: RouteAnswer) => answer.response?.headers.get("location") ?? null;
const text = async (answer: RouteAnswer) => (answer.response ? await answer.response.clone().text() : JSON.stringify(answer.data ?? null));

beforeAll(async () => {
  stub = await startStripeStub({ webhookSecret: WEBHOOK_SECRET });
  process.env.STRIPE_SECRET_KEY = "sk_test_matrix";
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_PRICE_ID = stub.priceId;
  process.env.STRIPE_API_BASE = stub.url;
  a = await createUser();
  b = await createUser({ isPro: true });
  const campaign = await createCampaignRow(b.id, { title: B_TITLE });
  bCampaignId = campaign.id;
  [{ id: bPlacementId }] = (await (
    await getServices()
  ).db
    .insert(schema.placement)
    .values({ campaignId: bCampaignId, name: "B's Secret Window" })
    .returning({ id: schema.placement.id })) as [{ id: string }];
  [{ id: bLocationId }] = (await (
    await getServices()
  ).db
    .insert(schema.location)
    .values({ userId: b.id, name: "B's Secret Harbour", address: "1 Secret Quay" })
    .returning({ id: schema.location.id })) as [{ id: string }];
  await (await getServices()).db.update(schema.placement).set({ locationId: bLocationId }).where(eq(schema.placement.id, bPlacementId));
  [{ id: bPasskeyId }] = (await (
    await getServices()
  ).db
    .insert(schema.passkey)
    .values({
      id: "b-secret-passkey",
      name: "B's Secret Till",
      userId: b.id,
      publicKey: "cHVibGljLWtleQ",
      credentialID: "b-secret-credential",
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    })
    .returning({ id: schema.passkey.id })) as [{ id: string }];
  bLeadId = (await createLeadRow(bCampaignId, { name: "Bea Secret", email: B_LEAD_EMAIL, phone: "555 0199" })).id;
  await createScanRows(bCampaignId, [{ at: new Date() }, { at: new Date() }]);
  const logo = (
    await callRoute((await load("routes/api.logo.ts")).action, makeRequest("/api/logo", { cookie: b.cookie, form: { logo: pngFile("b.png") } }))
  ).data;
  bLogoKey = (logo.url ?? "").replace(/^\/uploads\//, "");
  expect(bLogoKey).toMatch(/^qr-logos\//);
  await insertSubscription(b.id, { stripeCustomerId: B_CUSTOMER, status: "active" });
  const { db } = await getServices();
  await db.insert(schema.businessProfile).values({ userId: b.id, name: "B's Bakery" });
  bPostId = (await insertPost({ title: "Draft by nobody", slug: "matrix-draft" })).id;
  // B's integrations: an endpoint with one delivery, and an API key. C is a second Pro owner.
  const [endpoint] = await db
    .insert(schema.webhookEndpoint)
    .values({ userId: b.id, url: B_HOOK_URL, events: ["lead.created"], secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" })
    .returning();
  bEndpointId = endpoint!.id;
  const [event] = await db.insert(schema.webhookEvent).values({ id: "evt_matrix_b", userId: b.id, type: "lead.created", payload: {} }).returning();
  const [delivery] = await db.insert(schema.webhookDelivery).values({ eventId: event!.id, endpointId: bEndpointId, status: "failed" }).returning();
  bDeliveryId = delivery!.id;
  // And a delivery of an event whose lead was erased (issue 25 finding 2).
  const [erasedEvent] = await db
    .insert(schema.webhookEvent)
    .values({ id: "evt_matrix_b_erased", userId: b.id, type: "lead.created", payload: {}, redactedAt: new Date() })
    .returning();
  const [erasedDelivery] = await db
    .insert(schema.webhookDelivery)
    .values({ eventId: erasedEvent!.id, endpointId: bEndpointId, status: "succeeded" })
    .returning();
  bErasedDeliveryId = erasedDelivery!.id;
  bKeyId = (await createApiKey(db, { userId: b.id, name: "B's secret key" })).id;
  c = await createUser({ isPro: true });
  cKey = (await createApiKey(db, { userId: c.id, name: "C's key" })).key;
  const [own] = await db
    .insert(schema.webhookEndpoint)
    .values({ userId: c.id, url: "https://hooks.example.com/c", events: ["lead.created"], secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" })
    .returning();
  cEndpointId = own!.id;
  bCode = (await createClaim(bCampaignId, { name: "Bo Claimant", email: "secret-claimant-of-b@example.org" })).code;
  const created = (
    await callRoute(
      (await load("routes/redeem.staff.tsx")).action,
      makeRequest("/redeem/staff", { cookie: b.cookie, form: { intent: "create", label: "B's counter" } }),
    )
  ).data;
  const token = created.created.url.split("/").at(-1)!;
  const opened = (await callRoute((await load("routes/redeem.staff-link.ts")).loader, makeRequest(`/redeem/s/${token}`), { token })).response!;
  bStaffCookie = opened.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
  expect(bStaffCookie).toMatch(/^leadqr_staff=/);
  [{ id: bStaffLinkId }] = (await db.select({ id: schema.staffAccess.id }).from(schema.staffAccess).where(eq(schema.staffAccess.userId, b.id))) as [
    { id: string },
  ];
});
afterAll(() => stub?.close());

describe("the matrix covers app/routes.ts", () => {
  it("classifies every route module and every handler it exports", async () => {
    const files = ROUTES.map((route) => route.file);
    expect(new Set(files)).toEqual(new Set(Object.keys(ACCESS)));
    for (const file of files) {
      const module = await load(file);
      const exported = Object.fromEntries(
        (["loader", "action"] as const).filter((name) => typeof module[name] === "function").map((name) => [name, true]),
      );
      const classified = Object.fromEntries(Object.keys(ACCESS[file]!).map((name) => [name, true]));
      expect({ file, handlers: exported }).toEqual({ file, handlers: classified });
    }
  });
});

const handlersWith = (...kinds: Access[]) =>
  Object.entries(ACCESS).flatMap(([file, handlers]) =>
    (Object.entries(handlers) as Array<["loader" | "action", Access]>)
      .filter(([, kind]) => kinds.includes(kind))
      .map(([name]) => [file, name] as const),
  );

const pathOfFile = (file: string) => ROUTES.find((route) => route.file === file)!.path;

describe("signed-out visitors", () => {
  it.each(handlersWith("user", "admin"))("%s %s sends them to /signin and changes nothing", async (file, name) => {
    const module = await load(file);
    const before = await snapshot();
    const request =
      name === "loader"
        ? makeRequest(urlOf(pathOfFile(file)))
        : makeRequest(urlOf(pathOfFile(file)), { method: "POST", form: meaningfulForm(file, b) });
    const result = await callRoute(module[name], request, paramsOf());
    expect(result.status).toBe(302);
    expect(location(result)).toBe("/signin");
    expect(await snapshot()).toEqual(before);
  });

  it.each(handlersWith("bearer"))("%s %s answers 401 problem+json without an API key and changes nothing", async (file, name) => {
    const module = await load(file);
    const before = await snapshot();
    const request =
      name === "loader"
        ? makeRequest(`/api/v1/campaigns/${bCampaignId}`)
        : makeRequest("/api/v1/campaigns", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ title: "Hijacked" }),
          });
    const result = await callRoute(module[name], request, { "*": "campaigns" });
    expect(result.status).toBe(401);
    expect(result.response!.headers.get("content-type")).toBe("application/problem+json");
    expect(await text(result)).not.toContain(B_TITLE);
    expect(await snapshot()).toEqual(before);
  });

  it.each(handlersWith("inert"))("%s %s answers without data", async (file, name) => {
    const module = await load(file);
    const before = await snapshot();
    const result = await callRoute(module[name], makeRequest(urlOf(pathOfFile(file)), { method: name === "loader" ? "GET" : "POST" }), paramsOf());
    expect([302, 405]).toContain(result.status);
    expect(await text(result)).not.toMatch(/secret/i);
    expect(await snapshot()).toEqual(before);
  });
});

describe("non-admins", () => {
  it.each(handlersWith("admin"))("%s %s sends them to /dashboard and changes nothing", async (file, name) => {
    const module = await load(file);
    const before = await snapshot();
    const request =
      name === "loader"
        ? makeRequest(urlOf(pathOfFile(file)), { cookie: a.cookie })
        : makeRequest(urlOf(pathOfFile(file)), { method: "POST", cookie: a.cookie, form: meaningfulForm(file, a) });
    const result = await callRoute(module[name], request, paramsOf());
    expect(result.status).toBe(302);
    expect(location(result)).toBe("/dashboard");
    expect(await snapshot()).toEqual(before);
  });
});

/**
 * User A, signed in, reaching for B's ids. One check per private route module; the last test
 * proves the list is complete.
 */
const CROSS_USER: Record<string, () => Promise<void>> = {
  "routes/team-handover.tsx": async () => {
    const { db } = await getServices();
    const [bMember] = await db.insert(schema.businessMember).values({ businessId: b.id, userId: c.id, role: "manager", invitedBy: b.id }).returning();
    const [offer] = await db
      .insert(schema.ownershipHandover)
      .values({ businessId: b.id, memberId: bMember!.id, toUserId: c.id, expiresAt: new Date(Date.now() + 86_400_000) })
      .returning();
    const { loader, action } = await load("routes/team-handover.tsx");
    expect((await callRoute(loader, makeRequest("/team/handover", { cookie: a.cookie }))).data.offers).toEqual([]);
    for (const intent of ["accept", "decline"]) {
      const answer = await callRoute(action, makeRequest("/team/handover", { cookie: a.cookie, form: { intent, handoverId: offer!.id } }));
      expect(answer.status).toBe(410);
    }
    const [still] = await db.select().from(schema.ownershipHandover).where(eq(schema.ownershipHandover.id, offer!.id));
    expect({ accepted: still!.acceptedAt, declined: still!.declinedAt }).toEqual({ accepted: null, declined: null });
    await db.delete(schema.businessMember).where(eq(schema.businessMember.id, bMember!.id));
  },
  "routes/business-switch.ts": async () => {
    const { action } = await load("routes/business-switch.ts");
    expect((await callRoute(action, makeRequest("/business/switch", { cookie: a.cookie, form: { businessId: b.id } }))).status).toBe(404);
    const dashboard = await callRoute((await load("routes/dashboard.tsx")).loader, makeRequest("/dashboard", { cookie: a.cookie }));
    expect(await text(dashboard)).not.toContain(B_TITLE);
  },
  "routes/dashboard.tsx": async () => {
    const { loader } = await load("routes/dashboard.tsx");
    const result = await callRoute(loader, makeRequest("/dashboard", { cookie: a.cookie }));
    expect(result.status).toBe(200);
    expect(await text(result)).not.toContain(bCampaignId);
    expect(await text(result)).not.toContain(B_TITLE);
  },
  "routes/campaigns.tsx": async () => {
    const { loader, action } = await load("routes/campaigns.tsx");
    const list = await callRoute(loader, makeRequest("/campaigns", { cookie: a.cookie }));
    expect(await text(list)).not.toContain(bCampaignId);
    expect((await callRoute(loader, makeRequest(`/campaigns?edit=${bCampaignId}`, { cookie: a.cookie }))).status).toBe(404);
    for (const form of [
      { intent: "toggle", campaignId: bCampaignId },
      { intent: "delete", campaignId: bCampaignId },
      campaignForm({ intent: "update", campaignId: bCampaignId, title: "Hijacked" }),
    ]) {
      expect((await callRoute(action, makeRequest("/campaigns", { cookie: a.cookie, form }))).status).toBe(404);
    }
    // B's uploaded logo cannot be borrowed for A's campaign.
    const borrowed = await callRoute(
      action,
      makeRequest("/campaigns", { cookie: a.cookie, form: campaignForm({ qrLogoUrl: `/uploads/${bLogoKey}` }) }),
    );
    expect(borrowed.status).toBe(400);
    const { db } = await getServices();
    expect(await db.select().from(schema.campaign).where(eq(schema.campaign.userId, a.id))).toEqual([]);
  },
  "routes/campaign-detail.tsx": async () => {
    const { loader, action } = await load("routes/campaign-detail.tsx");
    expect((await callRoute(loader, makeRequest(`/campaigns/${bCampaignId}`, { cookie: a.cookie }), { campaignId: bCampaignId })).status).toBe(404);
    for (const form of <Array<Record<string, string>>>[
      { intent: "addPlacement", name: "Hijack" },
      { intent: "renamePlacement", placementId: bPlacementId, name: "Hijacked" },
      { intent: "deletePlacement", placementId: bPlacementId },
    ]) {
      const result = await callRoute(action, makeRequest(`/campaigns/${bCampaignId}`, { cookie: a.cookie, form }), { campaignId: bCampaignId });
      expect(result.status).toBe(404);
    }
  },
  "routes/qr-code.ts": async () => {
    const { loader } = await load("routes/qr-code.ts");
    for (const format of ["png", "svg"]) {
      const placed = { campaignId: bCampaignId, placementId: bPlacementId };
      const ofPlacement = makeRequest(`/campaigns/${bCampaignId}/placements/${bPlacementId}/qr.${format}`, { cookie: a.cookie });
      expect((await callRoute(loader, ofPlacement, placed)).status).toBe(404);
      const ofCampaign = makeRequest(`/campaigns/${bCampaignId}/qr.${format}`, { cookie: a.cookie });
      expect((await callRoute(loader, ofCampaign, { campaignId: bCampaignId })).status).toBe(404);
    }
  },
  "routes/campaign-print.tsx": async () => {
    const { loader, action } = await load("routes/campaign-print.tsx");
    for (const query of ["", `?placement=${bPlacementId}`]) {
      const request = makeRequest(`/campaigns/${bCampaignId}/print${query}`, { cookie: a.cookie });
      expect((await callRoute(loader, request, { campaignId: bCampaignId })).status).toBe(404);
    }
    const choose = makeRequest(`/campaigns/${bCampaignId}/print`, { cookie: a.cookie, form: { codeAddress: "main" } });
    expect((await callRoute(action, choose, { campaignId: bCampaignId })).status).toBe(404);
  },
  "routes/campaign-languages.tsx": async () => {
    const { loader, action } = await load("routes/campaign-languages.tsx");
    const path = `/campaigns/${bCampaignId}/languages`;
    expect((await callRoute(loader, makeRequest(path, { cookie: a.cookie }), { campaignId: bCampaignId })).status).toBe(404);
    const save = makeRequest(path, { cookie: a.cookie, form: { intent: "save", "translation.es.headline": "Hola" } });
    expect((await callRoute(action, save, { campaignId: bCampaignId })).status).toBe(404);
  },
  "routes/campaign-print-pdf.ts": async () => {
    const { loader } = await load("routes/campaign-print-pdf.ts");
    for (const query of ["", `?placement=${bPlacementId}`]) {
      const request = makeRequest(`/campaigns/${bCampaignId}/print.pdf${query}`, { cookie: a.cookie });
      expect((await callRoute(loader, request, { campaignId: bCampaignId })).status).toBe(404);
    }
  },
  "routes/leads.tsx": async () => {
    const { loader } = await load("routes/leads.tsx");
    const result = await callRoute(loader, makeRequest(`/leads?campaign=${bCampaignId}`, { cookie: a.cookie }));
    expect(result.status).toBe(200);
    const body = await text(result);
    expect(body).not.toContain(B_LEAD_EMAIL);
    expect(body).not.toContain(B_TITLE);
    expect(body).not.toContain("B's Secret Window");
    expect(result.data).toMatchObject({ leads: [], matching: 0 });
    const byPlacement = await callRoute(loader, makeRequest(`/leads?placement=${bPlacementId}`, { cookie: a.cookie }));
    expect(byPlacement.data).toMatchObject({ leads: [], matching: 0 });
  },
  "routes/leads-export.ts": async () => {
    const { loader } = await load("routes/leads-export.ts");
    const result = await callRoute(loader, makeRequest(`/leads/export.csv?campaign=${bCampaignId}`, { cookie: a.cookie }));
    expect(result.status).toBe(200);
    const csv = await text(result);
    expect(csv).toContain("Name,Email,Phone,Campaign,Collected At,Placement");
    expect(csv).not.toContain(B_LEAD_EMAIL);
    expect(csv).not.toContain(B_TITLE);
  },
  "routes/settings.tsx": async () => {
    const { loader, action } = await load("routes/settings.tsx");
    const page = await callRoute(loader, makeRequest("/settings", { cookie: a.cookie }));
    expect(await text(page)).not.toContain(B_CUSTOMER);
    expect(await text(page)).not.toContain("B's Bakery");
    // Taking B's email address is refused; naming a business only names A's.
    const taken = await callRoute(
      action,
      makeRequest("/settings", { cookie: a.cookie, form: { intent: "profile", email: b.email, currentPassword: DEFAULT_PASSWORD, userId: b.id } }),
    );
    expect(taken.status).toBe(400);
    const named = await callRoute(
      action,
      makeRequest("/settings", { cookie: a.cookie, form: { intent: "business", businessName: "A's Café", userId: b.id } }),
    );
    expect(named.status).toBe(200);
  },
  "routes/settings.integrations.tsx": async () => {
    const { loader, action } = await load("routes/settings.integrations.tsx");
    for (const actor of [a, c]) {
      const page = await callRoute(loader, makeRequest("/settings/integrations", { cookie: actor.cookie }));
      expect(page.status).toBe(200);
      expect(await text(page)).not.toContain(B_HOOK_URL);
      expect(await text(page)).not.toContain("B's secret key");
      const revoke = await callRoute(
        action,
        makeRequest("/settings/integrations", { cookie: actor.cookie, form: { intent: "revokeKey", keyId: bKeyId } }),
      );
      expect([403, 404]).toContain(revoke.status);
    }
    // "Revoke all keys" (issue 25 finding 8) revokes the actor's own keys only, whatever the form names
    // (A here: C's own key is used by the API checks below).
    const revokeAll = await callRoute(
      action,
      makeRequest("/settings/integrations", {
        cookie: a.cookie,
        form: { intent: "revokeAllKeys", confirm: "yes", userId: b.id, keyId: bKeyId },
      }),
    );
    expect(revokeAll.status).toBe(200);
    const { db } = await getServices();
    const [bKey] = await db.select({ revokedAt: schema.apiKey.revokedAt }).from(schema.apiKey).where(eq(schema.apiKey.id, bKeyId));
    expect(bKey!.revokedAt).toBeNull();
    // A free owner sees the upgrade prompt and can create nothing.
    const free = await callRoute(
      action,
      makeRequest("/settings/integrations", { cookie: a.cookie, form: meaningfulForm("routes/settings.integrations.tsx", a) }),
    );
    expect(free.status).toBe(403);
  },
  "routes/settings.integrations.sync.tsx": async () => {
    const { loader, action } = await load("routes/settings.integrations.sync.tsx");
    const { db } = await getServices();
    // B's connection with a failed sync: A can neither see, retry nor switch anything of it.
    const [connection] = await db
      .insert(schema.syncConnection)
      .values({
        userId: b.id,
        provider: "mailchimp",
        accessToken: "v1.sealed",
        accountName: "B's Mailchimp",
        destinationId: "list-b",
        destinationName: "B's audience",
      })
      .returning();
    const [job] = await db
      .insert(schema.syncJob)
      .values({
        connectionId: connection!.id,
        action: "erase",
        remoteKey: "list-b",
        remoteRow: "0".repeat(32),
        status: "failed",
        lastResult: "B's failure",
      })
      .returning();
    const page = await callRoute(loader, makeRequest("/settings/integrations/sync", { cookie: a.cookie }));
    expect(page.status).toBe(200);
    for (const secret of ["B's Mailchimp", "B's audience", "B's failure", B_TITLE]) expect(await text(page)).not.toContain(secret);
    for (const form of <Array<Record<string, string>>>[
      { intent: "retry", jobId: job!.id },
      { intent: "campaign", provider: "mailchimp", campaignId: bCampaignId, on: "no" },
      { intent: "disconnect", provider: "mailchimp" },
      { intent: "choose", provider: "mailchimp", destinationId: "list-b" },
    ]) {
      expect([403, 404]).toContain((await callRoute(action, makeRequest("/settings/integrations/sync", { cookie: a.cookie, form }))).status);
    }
    const [after] = await db.select().from(schema.syncJob).where(eq(schema.syncJob.id, job!.id));
    expect(after!.status).toBe("failed");
    expect(await db.select().from(schema.syncCampaignOff)).toEqual([]);
    await db.delete(schema.syncConnection).where(eq(schema.syncConnection.id, connection!.id));
  },
  "routes/settings.integrations.sync-callback.tsx": async () => {
    const { loader } = await load("routes/settings.integrations.sync-callback.tsx");
    const path = "/settings/integrations/sync/mailchimp/callback?code=stolen&state=not-a-state-of-this-session";
    expect((await callRoute(loader, makeRequest(path, { cookie: a.cookie }), { provider: "mailchimp" })).status).toBe(404);
  },
  "routes/settings.domains.tsx": async () => {
    const { loader, action } = await load("routes/settings.domains.tsx");
    const { db } = await getServices();
    const [bDomain] = await db
      .insert(schema.customDomain)
      .values({ userId: b.id, hostname: "go.b-bakery.test", verificationToken: "b-secret-token" })
      .returning({ id: schema.customDomain.id });
    const page = await callRoute(loader, makeRequest("/settings/domains", { cookie: a.cookie }));
    expect(await text(page)).not.toContain("go.b-bakery.test");
    expect(await text(page)).not.toContain("b-secret-token");
    const forms: Record<string, string>[] = [
      { intent: "remove", confirm: "yes", userId: b.id },
      { intent: "verify", userId: b.id },
    ];
    for (const form of forms) {
      await callRoute(action, makeRequest("/settings/domains", { cookie: a.cookie, form }));
    }
    const [kept] = await db.select().from(schema.customDomain).where(eq(schema.customDomain.id, bDomain!.id));
    expect(kept?.state).toBe("pending");
    expect(kept?.lastCheckedAt).toBeNull();
  },
  "routes/settings.notifications.tsx": async () => {
    const { loader, action } = await load("routes/settings.notifications.tsx");
    const { db } = await getServices();
    const [bChannel] = await db
      .insert(schema.alertChannel)
      .values({
        userId: b.id,
        kind: "slack",
        status: "proven",
        destination: "sealed-b",
        label: "hooks.slack.com/services/TBTEAM/BBHOOK",
        alertsFrom: new Date(),
      })
      .returning({ id: schema.alertChannel.id });
    await db.insert(schema.alertDelivery).values({ channelId: bChannel!.id, kind: "test", text: "b's test", status: "sent", outcome: "200 ok" });
    const [bBrowser] = await db
      .insert(schema.alertChannel)
      .values({ userId: b.id, kind: "push", status: "proven", destination: "sealed-b-push", label: "Firefox on BSecretOS", alertsFrom: new Date() })
      .returning({ id: schema.alertChannel.id });
    const page = await callRoute(loader, makeRequest("/settings/notifications", { cookie: a.cookie }));
    expect(await text(page)).not.toContain("BSecretOS");
    expect(await text(page)).not.toContain("TBTEAM");
    expect(await text(page)).not.toContain("200 ok");
    const forms: Record<string, string>[] = [
      { intent: "toggle", kind: "slack", enabled: "false", userId: b.id },
      { intent: "remove", kind: "slack", userId: b.id, channelId: bChannel!.id },
      { intent: "slack-confirm", code: "123456", userId: b.id },
      { intent: "toggle", kind: "push", channel: bBrowser!.id, enabled: "false" },
      { intent: "test", kind: "push", channel: bBrowser!.id },
      { intent: "remove", kind: "push", channel: bBrowser!.id },
    ];
    for (const form of forms) {
      await callRoute(action, makeRequest("/settings/notifications", { cookie: a.cookie, form }));
    }
    const [kept] = await db.select().from(schema.alertChannel).where(eq(schema.alertChannel.id, bChannel!.id));
    expect(kept).toMatchObject({ status: "proven", enabled: true, destination: "sealed-b" });
    const [keptBrowser] = await db.select().from(schema.alertChannel).where(eq(schema.alertChannel.id, bBrowser!.id));
    expect(keptBrowser).toMatchObject({ status: "proven", enabled: true, destination: "sealed-b-push" });
  },
  "routes/settings.locations.tsx": async () => {
    const { loader, action } = await load("routes/settings.locations.tsx");
    const page = await callRoute(loader, makeRequest("/settings/locations", { cookie: c.cookie }));
    expect(page.status).toBe(200);
    expect(await text(page)).not.toContain("B's Secret Harbour");
    for (const form of <Array<Record<string, string>>>[
      { intent: "update", locationId: bLocationId, name: "Hijacked" },
      { intent: "delete", locationId: bLocationId },
    ]) {
      await callRoute(action, makeRequest("/settings/locations", { cookie: c.cookie, form }));
    }
    // A's placement cannot be put at B's location either.
    const { action: placementAction } = await load("routes/campaign-detail.tsx");
    const aCampaign = await createCampaignRow(c.id, { title: "C's own" });
    const placed = await callRoute(
      placementAction,
      makeRequest(`/campaigns/${aCampaign.id}`, { cookie: c.cookie, form: { intent: "addPlacement", name: "Flyer", locationId: bLocationId } }),
      { campaignId: aCampaign.id },
    );
    expect(placed.status).toBe(404);
  },
  "routes/settings.sign-in.tsx": async () => {
    const { loader, action } = await load("routes/settings.sign-in.tsx");
    const page = await callRoute(loader, makeRequest("/settings/sign-in", { cookie: a.cookie }));
    expect(page.status).toBe(200);
    expect(await text(page)).not.toContain("B's Secret Till");
    const remove = makeRequest("/settings/sign-in", { cookie: a.cookie, form: { intent: "remove", passkeyId: bPasskeyId } });
    expect((await callRoute(action, remove)).status).toBe(404);
  },
  "routes/settings.sign-in.passkey.ts": async () => {
    // The options name the caller only, never B's passkeys; a passkey is added to the caller alone.
    const { action } = await load("routes/settings.sign-in.passkey.ts");
    const options = await callRoute(action, makeRequest("/settings/sign-in/passkey", { cookie: a.cookie, form: { intent: "options" } }));
    expect(options.status).toBe(200);
    expect(await text(options)).not.toContain("b-secret-credential");
    expect(await text(options)).toContain(a.email);
  },
  "routes/settings.team.tsx": async () => {
    const { loader, action } = await load("routes/settings.team.tsx");
    const { db } = await getServices();
    const bMember = await createUser();
    const [member] = await db.insert(schema.businessMember).values({ businessId: b.id, userId: bMember.id, role: "staff" }).returning();
    const page = await callRoute(loader, makeRequest("/settings/team", { cookie: c.cookie }));
    expect(page.status).toBe(200);
    expect(await text(page)).not.toContain(bMember.email);
    expect(await text(page)).not.toContain("B's Secret Harbour");
    for (const form of <Array<Record<string, string>>>[
      { intent: "update", memberId: member!.id, role: "manager", locationIds: bLocationId },
      { intent: "remove", memberId: member!.id },
    ]) {
      await callRoute(action, makeRequest("/settings/team", { cookie: c.cookie, form }));
    }
    // C's invitation cannot carry B's location.
    await callRoute(
      action,
      makeRequest("/settings/team", {
        cookie: c.cookie,
        form: { intent: "invite", email: "x@example.org", role: "staff", locationIds: bLocationId },
      }),
    );
    const [invite] = await db.select().from(schema.teamInvite).where(eq(schema.teamInvite.businessId, c.id));
    expect(invite!.locationIds).toEqual([]);
    await db.delete(schema.businessMember).where(eq(schema.businessMember.id, member!.id));
  },
  "routes/settings.integrations.webhook.tsx": async () => {
    const { loader, action } = await load("routes/settings.integrations.webhook.tsx");
    const path = `/settings/integrations/webhooks/${bEndpointId}`;
    expect((await callRoute(loader, makeRequest(path, { cookie: c.cookie }), { endpointId: bEndpointId })).status).toBe(404);
    for (const intent of ["test", "rotate", "pause", "resume", "delete"]) {
      expect((await callRoute(action, makeRequest(path, { cookie: c.cookie, form: { intent } }), { endpointId: bEndpointId })).status).toBe(404);
    }
    // Resending B's delivery from C's own endpoint page is refused too.
    const ownPath = `/settings/integrations/webhooks/${cEndpointId}`;
    const resend = await callRoute(action, makeRequest(ownPath, { cookie: c.cookie, form: { intent: "resend", deliveryId: bDeliveryId } }), {
      endpointId: cEndpointId,
    });
    expect(resend.status).toBe(404);
    // An erased lead's delivery: its owner is told why it is refused; anyone else learns nothing.
    const erasedForm = { intent: "resend", deliveryId: bErasedDeliveryId };
    const stranger = await callRoute(action, makeRequest(ownPath, { cookie: c.cookie, form: erasedForm }), { endpointId: cEndpointId });
    expect(stranger.status).toBe(404);
    expect(await text(stranger)).not.toContain("erased");
    const own = await callRoute(action, makeRequest(path, { cookie: b.cookie, form: erasedForm }), { endpointId: bEndpointId });
    expect(own.status).toBe(409);
    expect(await text(own)).toContain("This event's lead was erased, so it cannot be sent again.");
  },
  "routes/redeem.tsx": async () => {
    const { loader, action } = await load("routes/redeem.tsx");
    const looked = await callRoute(loader, makeRequest(`/redeem?code=${bCode}`, { cookie: a.cookie }));
    expect(looked.status).toBe(404);
    expect(await text(looked)).not.toContain("Bo");
    const pressed = await callRoute(action, makeRequest(`/redeem?code=${bCode}`, { cookie: a.cookie, form: { intent: "redeem", code: bCode } }));
    expect(pressed.status).toBe(404);
  },
  "routes/redeem.staff.tsx": async () => {
    const { loader, action } = await load("routes/redeem.staff.tsx");
    const page = await callRoute(loader, makeRequest("/redeem/staff", { cookie: a.cookie }));
    expect(await text(page)).not.toContain("B's counter");
    expect(await text(page)).not.toContain(B_TITLE);
    const revoked = await callRoute(
      action,
      makeRequest("/redeem/staff", { cookie: a.cookie, form: { intent: "revoke", staffAccessId: bStaffLinkId } }),
    );
    expect(revoked.status).toBe(404);
    const borrowed = await callRoute(
      action,
      makeRequest("/redeem/staff", { cookie: a.cookie, form: { intent: "create", label: "Into B", campaignId: bCampaignId } }),
    );
    expect(borrowed.status).toBe(400);
  },
  "routes/api.logo.ts": async () => {
    const { action } = await load("routes/api.logo.ts");
    const result = await callRoute(action, makeRequest("/api/logo", { cookie: a.cookie, form: { logo: pngFile("a.png"), userId: b.id } }));
    expect(result.status).toBe(200);
    const { db } = await getServices();
    const key = result.data.url.replace(/^\/uploads\//, "");
    const [row] = await db.select({ userId: schema.upload.userId }).from(schema.upload).where(eq(schema.upload.key, key));
    expect(row?.userId).toBe(a.id);
  },
  "routes/api.ai-copy.ts": async () => {
    const { action } = await load("routes/api.ai-copy.ts");
    const result = await callRoute(
      action,
      makeRequest("/api/ai-copy", { cookie: a.cookie, form: { ...meaningfulForm("routes/api.ai-copy.ts", a), userId: b.id } }),
    );
    expect(result.status).toBe(200);
    expect(await text(result)).not.toContain(B_TITLE);
  },
  // Drafts only the copy it is sent: nothing of B's is read (and without an AI key it drafts nothing).
  "routes/api.translate-copy.ts": async () => {
    const { action } = await load("routes/api.translate-copy.ts");
    const form = { ...meaningfulForm("routes/api.translate-copy.ts", a), campaignId: bCampaignId, userId: b.id };
    const result = await callRoute(action, makeRequest("/api/translate-copy", { cookie: a.cookie, form }));
    expect(result.status).toBeLessThan(500);
    expect(await text(result)).not.toContain(B_TITLE);
  },
  "routes/pricing.tsx": async () => {
    const { action } = await load("routes/pricing.tsx");
    const form = { customer: B_CUSTOMER, client_reference_id: b.id, userId: b.id, price_id: "price_cheap", priceId: "price_cheap" };
    const result = await callRoute(action, makeRequest("/pricing", { cookie: a.cookie, form }));
    expect(result.status).toBe(302);
    const session = [...stub.state.sessions.values()].at(-1)!;
    expect(session.client_reference_id).toBe(a.id);
    expect(session.customer).not.toBe(B_CUSTOMER);
    expect(JSON.stringify(session)).not.toContain("price_cheap");
  },
  "routes/lead-detail.tsx": async () => {
    const { loader, action } = await load("routes/lead-detail.tsx");
    expect((await callRoute(loader, makeRequest(`/leads/${bLeadId}`, { cookie: a.cookie }), { leadId: bLeadId })).status).toBe(404);
    const erase = makeRequest(`/leads/${bLeadId}`, { cookie: a.cookie, form: { intent: "erase", confirm: "erase" } });
    expect((await callRoute(action, erase, { leadId: bLeadId })).status).toBe(404);
  },
  "routes/lead-export-json.ts": async () => {
    const { loader } = await load("routes/lead-export-json.ts");
    const result = await callRoute(loader, makeRequest(`/leads/${bLeadId}/export.json`, { cookie: a.cookie }), { leadId: bLeadId });
    expect(result.status).toBe(404);
    expect(await text(result)).not.toContain(B_LEAD_EMAIL);
  },
  "routes/billing.portal.ts": async () => {
    const { action } = await load("routes/billing.portal.ts");
    const portals = stub.state.portalSessions.length;
    const result = await callRoute(action, makeRequest("/billing/portal", { cookie: a.cookie, form: { customer: B_CUSTOMER, userId: b.id } }));
    // A answers with A's own portal (A became a customer at checkout) or none; never B's.
    expect([302, 409]).toContain(result.status);
    expect(stub.state.portalSessions.slice(portals).map((portal) => portal.customer)).not.toContain(B_CUSTOMER);
    if (result.status === 302) expect(stub.state.portalSessions.length).toBe(portals + 1);
  },
  "routes/verify-email.tsx": async () => {
    const { action } = await load("routes/verify-email.tsx");
    const { db } = await getServices();
    const mailsToB = async () => (await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, b.email))).length;
    const before = await mailsToB();
    await callRoute(action, makeRequest("/verify-email", { cookie: a.cookie, form: { intent: "resend", email: b.email, userId: b.id } }));
    expect(await mailsToB()).toBe(before);
  },
};

describe("a staff link", () => {
  it.each(handlersWith("user", "admin").filter(([file]) => file !== "routes/redeem.tsx"))(
    "%s %s treats it as signed out and changes nothing",
    async (file, name) => {
      const module = await load(file);
      const before = await snapshot();
      const request =
        name === "loader"
          ? makeRequest(urlOf(pathOfFile(file)), { cookie: bStaffCookie })
          : makeRequest(urlOf(pathOfFile(file)), { method: "POST", cookie: bStaffCookie, form: meaningfulForm(file, b) });
      const result = await callRoute(module[name], request, paramsOf());
      expect(result.status).toBe(302);
      expect(location(result)).toBe("/signin");
      expect(await snapshot()).toEqual(before);
    },
  );

  it("reads B's codes at the counter and nobody else's", async () => {
    const { loader } = await load("routes/redeem.tsx");
    const own = await callRoute(loader, makeRequest(`/redeem?code=${bCode}`, { cookie: bStaffCookie }));
    expect(own.status).toBe(200);
    // The counter shows a first name and the offer, never the lead's contact details.
    expect(await text(own)).toContain("Bo");
    expect(await text(own)).not.toContain("secret-claimant-of-b");
    const third = await createUser();
    const aCampaign = await createCampaignRow(third.id, { title: "Third's own" });
    const aCode = (await createClaim(aCampaign.id, { name: "Al Visitor", email: "al@example.org" })).code;
    const other = await callRoute(loader, makeRequest(`/redeem?code=${aCode}`, { cookie: bStaffCookie }));
    expect(other.status).toBe(404);
    expect(await text(other)).not.toContain("Al");
  });
});

/**
 * B's own team (decision 520, docs/features/team.md "What each role sees"): what every signed-in
 * route answers a manager, a viewer and a staff member of B, all three at B's Harbour. 200: the
 * page, with nothing of Old Town's; "in": the guard lets the post through (an empty form then gets
 * its own answer, never 403); 403: the refusal page; "counter": staff are sent to /redeem. Nothing
 * a refused call sends changes a row. The last test proves every "user" route is listed.
 */
type MemberAnswer = 200 | "in" | 403 | "counter";
type Roles3 = [manager: MemberAnswer, viewer: MemberAnswer, staff: MemberAnswer];
const OWNER_ONLY: Roles3 = [403, 403, "counter"];
const MEMBER_ANSWERS: Record<string, { loader?: Roles3; action?: Roles3 }> = {
  // The counter: managers and staff redeem their locations' codes; a viewer has no counter.
  "routes/redeem.tsx": { loader: [200, 403, 200], action: ["in", 403, "in"] },
  "routes/redeem.staff.tsx": { loader: OWNER_ONLY, action: OWNER_ONLY },
  "routes/qr-code.ts": { loader: [200, 200, "counter"] },
  "routes/campaign-print.tsx": { loader: [200, 403, "counter"], action: OWNER_ONLY },
  "routes/campaign-print-pdf.ts": { loader: [200, 403, "counter"] },
  "routes/campaign-languages.tsx": { loader: [200, 403, "counter"], action: ["in", 403, "counter"] },
  "routes/api.ai-copy.ts": { action: ["in", 403, "counter"] },
  "routes/api.translate-copy.ts": { action: ["in", 403, "counter"] },
  "routes/api.logo.ts": { action: ["in", 403, "counter"] },
  "routes/leads-export.ts": { loader: [200, 403, "counter"] },
  // The sign-in's own address: whoever is signed in (staff are kept at the counter).
  "routes/verify-email.tsx": { action: ["in", "in", "counter"] },
  "routes/pricing.tsx": { action: OWNER_ONLY },
  "routes/dashboard.tsx": { loader: [200, 200, "counter"] },
  "routes/campaigns.tsx": { loader: [200, 200, "counter"], action: ["in", 403, "counter"] },
  "routes/campaign-detail.tsx": { loader: [200, 200, "counter"], action: ["in", 403, "counter"] },
  "routes/leads.tsx": { loader: [200, 403, "counter"] },
  "routes/lead-detail.tsx": { loader: [200, 403, "counter"], action: OWNER_ONLY },
  "routes/lead-export-json.ts": { loader: [200, 403, "counter"] },
  "routes/settings.tsx": { loader: OWNER_ONLY, action: OWNER_ONLY },
  "routes/settings.integrations.tsx": { loader: OWNER_ONLY, action: OWNER_ONLY },
  "routes/settings.domains.tsx": { loader: OWNER_ONLY, action: OWNER_ONLY },
  // Their own alerts for their locations (docs/features/alerts.md, "Team members' own alerts").
  "routes/settings.notifications.tsx": { loader: [200, 200, "counter"], action: ["in", "in", "counter"] },
  "routes/settings.locations.tsx": { loader: OWNER_ONLY, action: OWNER_ONLY },
  "routes/settings.team.tsx": { loader: OWNER_ONLY, action: OWNER_ONLY },
  // Every role's own passkeys, staff included (docs/features/accounts-and-billing.md, "Passkeys").
  "routes/settings.sign-in.tsx": { loader: [200, 200, 200], action: ["in", "in", "in"] },
  "routes/settings.sign-in.passkey.ts": { action: ["in", "in", "in"] },
  "routes/settings.integrations.webhook.tsx": { loader: OWNER_ONLY, action: OWNER_ONLY },
  "routes/settings.integrations.sync.tsx": { loader: OWNER_ONLY, action: OWNER_ONLY },
  "routes/settings.integrations.sync-callback.tsx": { loader: OWNER_ONLY },
  "routes/billing.portal.ts": { action: OWNER_ONLY },
  // Every role switches between the businesses it belongs to (docs/features/team.md, "Several businesses, one sign-in").
  "routes/business-switch.ts": { action: ["in", "in", "in"] },
  // A hand-over offered to the member themselves (docs/features/team.md, "Handing the business over").
  "routes/team-handover.tsx": { loader: [200, 200, 200], action: ["in", "in", "in"] },
};

const ROLES_OF_B = ["manager", "viewer", "staff"] as const;
const OLD_TOWN_TITLE = "B's Old Town Only Campaign";
const OLD_TOWN_LEAD = "old-town-lead-of-b@example.org";

describe("members of B's business", () => {
  const members: Record<string, string> = {};
  let oldTownId: string;
  let oldTownCampaignId: string;
  let oldTownPlacementId: string;
  let sharedCampaignId: string;
  let sharedOldTownPlacementId: string;
  let oldTownLeadId: string;
  beforeAll(async () => {
    const { db } = await getServices();
    for (const role of ROLES_OF_B) {
      const member = await createUser();
      const [row] = await db.insert(schema.businessMember).values({ businessId: b.id, userId: member.id, role, invitedBy: b.id }).returning();
      await db.insert(schema.businessMemberLocation).values({ memberId: row!.id, locationId: bLocationId });
      members[role] = member.cookie;
    }
    // B's lead came through Harbour's placement; Old Town has a campaign, a placement and a lead of its own,
    // and a third campaign runs at both.
    await db.update(schema.lead).set({ placementId: bPlacementId }).where(eq(schema.lead.id, bLeadId));
    [{ id: oldTownId }] = (await db.insert(schema.location).values({ userId: b.id, name: "Old Town" }).returning({ id: schema.location.id })) as [
      { id: string },
    ];
    oldTownCampaignId = (await createCampaignRow(b.id, { title: OLD_TOWN_TITLE })).id;
    [{ id: oldTownPlacementId }] = (await db
      .insert(schema.placement)
      .values({ campaignId: oldTownCampaignId, name: "Old Town Window", locationId: oldTownId })
      .returning({ id: schema.placement.id })) as [{ id: string }];
    oldTownLeadId = (await createLeadRow(oldTownCampaignId, { name: "Otto Town", email: OLD_TOWN_LEAD, phone: "555 0142" })).id;
    await db.update(schema.lead).set({ placementId: oldTownPlacementId }).where(eq(schema.lead.id, oldTownLeadId));
    sharedCampaignId = (await createCampaignRow(b.id, { title: "B's Both Shops Campaign" })).id;
    [, { id: sharedOldTownPlacementId }] = (await db
      .insert(schema.placement)
      .values([
        { campaignId: sharedCampaignId, name: "Harbour Till", locationId: bLocationId },
        { campaignId: sharedCampaignId, name: "Old Town Till", locationId: oldTownId },
      ])
      .returning({ id: schema.placement.id })) as [{ id: string }, { id: string }];
  });

  const cases = Object.entries(MEMBER_ANSWERS).flatMap(([file, handlers]) =>
    (Object.entries(handlers) as Array<["loader" | "action", Roles3]>).flatMap(([name, answers]) =>
      ROLES_OF_B.map((role, index) => [file, name, role, answers[index]!] as const),
    ),
  );
  it.each(cases)("%s %s answers a %s with %s and changes nothing of B's", async (file, name, role, answer) => {
    const module = await load(file);
    const before = await snapshot();
    const cookie = members[role]!;
    const lettingIn = answer === 200 || answer === "in";
    const request =
      name === "loader"
        ? makeRequest(urlOf(pathOfFile(file)), { cookie })
        : // A let-in post sends a form that changes nothing; a refused one, the form that would.
          makeRequest(urlOf(pathOfFile(file)), { method: "POST", cookie, form: lettingIn ? { intent: "none" } : meaningfulForm(file, b) });
    const result = await callRoute(module[name], request, paramsOf());
    if (answer === "counter") {
      expect({ status: result.status, location: location(result) }).toEqual({ status: 302, location: "/redeem" });
    } else if (answer === 403) {
      expect(result.status).toBe(403);
      expect(await text(result)).toContain("This page is not part of your role in this business.");
    } else if (answer === 200) {
      expect(result.status).toBe(200);
    } else {
      expect(result.status).not.toBe(403);
      expect(String(location(result))).not.toMatch(/^\/(signin|redeem)$/);
    }
    const body = await text(result);
    expect(body).not.toContain(OLD_TOWN_TITLE);
    expect(body).not.toContain(OLD_TOWN_LEAD);
    expect(body).not.toContain("Old Town Window");
    expect(await snapshot()).toEqual(before);
  });

  it("lists every route a signed-in user may call", () => {
    const listed = Object.entries(MEMBER_ANSWERS).flatMap(([file, handlers]) => Object.keys(handlers).map((name) => `${file} ${name}`));
    expect(listed.sort()).toEqual(
      handlersWith("user")
        .map(([file, name]) => `${file} ${name}`)
        .sort(),
    );
  });

  it("a manager reads Harbour's leads, campaigns and codes and nothing of Old Town's", async () => {
    const cookie = members.manager!;
    const leads = await callRoute((await load("routes/leads.tsx")).loader, makeRequest("/leads", { cookie }));
    expect(leads.data.leads.map((row: { email: string }) => row.email)).toEqual([B_LEAD_EMAIL]);
    expect(leads.data.campaigns.map((row: { title: string }) => row.title).sort()).toEqual(["B's Both Shops Campaign", B_TITLE]);
    expect(leads.data.stats.total).toBe(1);
    const csv = await text(await callRoute((await load("routes/leads-export.ts")).loader, makeRequest("/leads/export.csv", { cookie })));
    expect(csv).toContain(B_LEAD_EMAIL);
    expect(csv).not.toContain(OLD_TOWN_LEAD);
    const detail = await load("routes/lead-detail.tsx");
    expect((await callRoute(detail.loader, makeRequest(`/leads/${oldTownLeadId}`, { cookie }), { leadId: oldTownLeadId })).status).toBe(404);
    const json = await load("routes/lead-export-json.ts");
    expect((await callRoute(json.loader, makeRequest(`/leads/${oldTownLeadId}/export.json`, { cookie }), { leadId: oldTownLeadId })).status).toBe(
      404,
    );
    const list = await callRoute((await load("routes/campaigns.tsx")).loader, makeRequest("/campaigns", { cookie }));
    // The campaign Old Town shows too is read-only for them: its card offers no Edit.
    expect(list.data.campaigns.map((row: { title: string; shared: boolean }) => [row.title, row.shared]).sort()).toEqual([
      ["B's Both Shops Campaign", true],
      [B_TITLE, false],
    ]);
    const page = await load("routes/campaign-detail.tsx");
    const oldTownPage = await callRoute(page.loader, makeRequest(`/campaigns/${oldTownCampaignId}`, { cookie }), { campaignId: oldTownCampaignId });
    expect(oldTownPage.status).toBe(403);
    const shared = await callRoute(page.loader, makeRequest(`/campaigns/${sharedCampaignId}`, { cookie }), { campaignId: sharedCampaignId });
    expect(shared.status).toBe(200);
    expect(shared.data.canEdit).toBe(false);
    const own = await callRoute(page.loader, makeRequest(`/campaigns/${bCampaignId}`, { cookie }), { campaignId: bCampaignId });
    expect(own.data.canEdit).toBe(true);
    expect(shared.data.analytics.placements.map((row: { name: string }) => row.name)).toEqual(["Harbour Till"]);
    expect(shared.data.locations).toEqual([{ id: bLocationId, name: "B's Secret Harbour" }]);
    const qr = await load("routes/qr-code.ts");
    const code = makeRequest(`/campaigns/${oldTownCampaignId}/placements/${oldTownPlacementId}/qr.png`, { cookie });
    expect((await callRoute(qr.loader, code, { campaignId: oldTownCampaignId, placementId: oldTownPlacementId })).status).toBe(403);
    const sharedCode = makeRequest(`/campaigns/${sharedCampaignId}/placements/${sharedOldTownPlacementId}/qr.svg`, { cookie });
    expect((await callRoute(qr.loader, sharedCode, { campaignId: sharedCampaignId, placementId: sharedOldTownPlacementId })).status).toBe(403);
    const print = await load("routes/campaign-print.tsx");
    const sheet = await callRoute(
      print.loader,
      makeRequest(`/campaigns/${sharedCampaignId}/print?placement=${sharedOldTownPlacementId}`, { cookie }),
      {
        campaignId: sharedCampaignId,
      },
    );
    expect(sheet.status).toBe(403);
  });

  it("a manager's changes stop at Harbour: another location's campaign or placement is refused on the server", async () => {
    const cookie = members.manager!;
    const { db } = await getServices();
    const campaigns = await load("routes/campaigns.tsx");
    const page = await load("routes/campaign-detail.tsx");
    const before = await snapshot();
    const refused: Array<[Handler, string, Record<string, string | Blob>, Record<string, string>]> = [
      [campaigns.action!, "/campaigns", campaignForm({ intent: "update", campaignId: oldTownCampaignId, title: "Hijacked" }), {}],
      // A campaign that Old Town shows too is not Harbour's alone to change.
      [campaigns.action!, "/campaigns", campaignForm({ intent: "update", campaignId: sharedCampaignId, title: "Hijacked" }), {}],
      [campaigns.action!, "/campaigns", { intent: "toggle", campaignId: sharedCampaignId }, {}],
      [campaigns.action!, "/campaigns", { intent: "delete", campaignId: bCampaignId }, {}],
      [campaigns.action!, "/campaigns", campaignForm({ intent: "create", title: "Manager's own" }), {}],
      [
        page.action!,
        `/campaigns/${sharedCampaignId}`,
        { intent: "renamePlacement", placementId: sharedOldTownPlacementId, name: "Hijacked" },
        { campaignId: sharedCampaignId },
      ],
      [
        page.action!,
        `/campaigns/${sharedCampaignId}`,
        { intent: "deletePlacement", placementId: sharedOldTownPlacementId },
        { campaignId: sharedCampaignId },
      ],
      [
        page.action!,
        `/campaigns/${sharedCampaignId}`,
        { intent: "addPlacement", name: "Sneaky", locationId: oldTownId },
        { campaignId: sharedCampaignId },
      ],
      [page.action!, `/campaigns/${sharedCampaignId}`, { intent: "addPlacement", name: "Nowhere" }, { campaignId: sharedCampaignId }],
      [
        page.action!,
        `/campaigns/${oldTownCampaignId}`,
        { intent: "addPlacement", name: "Sneaky", locationId: bLocationId },
        { campaignId: oldTownCampaignId },
      ],
    ];
    for (const [handler, path, form, params] of refused) {
      const result = await callRoute(handler, makeRequest(path, { cookie, form }), params);
      expect({ path, intent: form.intent, status: result.status }).toEqual({ path, intent: form.intent, status: 403 });
    }
    expect(await snapshot()).toEqual(before);
    // At Harbour it works: a placement added there, B's Harbour-only campaign paused.
    const added = await callRoute(
      page.action,
      makeRequest(`/campaigns/${sharedCampaignId}`, { cookie, form: { intent: "addPlacement", name: "Harbour Door", locationId: bLocationId } }),
      { campaignId: sharedCampaignId },
    );
    expect(added.status).toBe(302);
    const [door] = await db.select().from(schema.placement).where(eq(schema.placement.name, "Harbour Door"));
    expect(door).toMatchObject({ campaignId: sharedCampaignId, locationId: bLocationId });
    await db.delete(schema.placement).where(eq(schema.placement.id, door!.id));
  });

  it("a viewer reads Harbour's figures with no lead and no form", async () => {
    const cookie = members.viewer!;
    const dashboard = await callRoute((await load("routes/dashboard.tsx")).loader, makeRequest("/dashboard", { cookie }));
    expect(dashboard.data).toMatchObject({ role: "viewer", latestLeads: [], brokenSync: [] });
    expect(dashboard.data.recentCampaigns.map((row: { title: string }) => row.title).sort()).toEqual(["B's Both Shops Campaign", B_TITLE]);
    expect(await text(dashboard)).not.toContain(B_LEAD_EMAIL);
    const page = await callRoute((await load("routes/campaign-detail.tsx")).loader, makeRequest(`/campaigns/${bCampaignId}`, { cookie }), {
      campaignId: bCampaignId,
    });
    expect(page.data.role).toBe("viewer");
  });

  it("a member of another business gets nothing of B's with B's ids", async () => {
    const { db } = await getServices();
    const [cPlace] = await db.insert(schema.location).values({ userId: c.id, name: "C's Shop" }).returning();
    const cManager = await createUser();
    const [row] = await db
      .insert(schema.businessMember)
      .values({ businessId: c.id, userId: cManager.id, role: "manager", invitedBy: c.id })
      .returning();
    await db.insert(schema.businessMemberLocation).values({ memberId: row!.id, locationId: cPlace!.id });
    const cookie = cManager.cookie;
    const before = await rowsOfB();
    const ids = { campaignId: bCampaignId, placementId: bPlacementId, leadId: bLeadId };
    const answers = await Promise.all(
      (
        [
          ["routes/campaign-detail.tsx", "loader", `/campaigns/${bCampaignId}`],
          [
            "routes/campaign-detail.tsx",
            "action",
            `/campaigns/${bCampaignId}`,
            { intent: "renamePlacement", placementId: bPlacementId, name: "Hijacked" },
          ],
          ["routes/campaign-print.tsx", "loader", `/campaigns/${bCampaignId}/print`],
          ["routes/campaign-print-pdf.ts", "loader", `/campaigns/${bCampaignId}/print.pdf`],
          ["routes/campaign-languages.tsx", "loader", `/campaigns/${bCampaignId}/languages`],
          ["routes/qr-code.ts", "loader", `/campaigns/${bCampaignId}/placements/${bPlacementId}/qr.png`],
          ["routes/lead-detail.tsx", "loader", `/leads/${bLeadId}`],
          ["routes/lead-export-json.ts", "loader", `/leads/${bLeadId}/export.json`],
          ["routes/campaigns.tsx", "loader", `/campaigns?edit=${bCampaignId}`],
          ["routes/campaigns.tsx", "action", "/campaigns", { intent: "toggle", campaignId: bCampaignId }],
        ] as Array<[string, "loader" | "action", string, Record<string, string>?]>
      ).map(async ([file, name, path, form]) => {
        const result = await callRoute((await load(file))[name], makeRequest(path, { cookie, form }), ids);
        return { file, name, status: result.status, leaks: /Secret|secret-lead/.test(await text(result)) };
      }),
    );
    for (const answer of answers) expect(answer).toEqual({ ...answer, status: 404, leaks: false });
    for (const file of ["routes/dashboard.tsx", "routes/leads.tsx", "routes/campaigns.tsx"]) {
      const result = await callRoute((await load(file)).loader, makeRequest(`/${file.slice(7, -4)}?campaign=${bCampaignId}`, { cookie }));
      expect(result.status).toBe(200);
      expect(await text(result)).not.toMatch(/Secret|secret-lead/);
    }
    expect(await rowsOfB()).toEqual(before);
  });
});

describe("user A with user B's ids", () => {
  it.each(Object.keys(CROSS_USER))("%s gives A nothing of B's and leaves B's rows as they were", async (file) => {
    const before = await rowsOfB();
    await CROSS_USER[file]!();
    expect(await rowsOfB()).toEqual(before);
  });

  it("an API key reaches only its owner's data, and cookies never authenticate the API", async () => {
    const { action, loader } = await load("routes/api.v1.ts");
    const call = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
      const request = makeRequest(`/api/v1${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await callRoute(method === "GET" ? loader : action, request, { "*": path.slice(1) })).response!;
    };
    const before = await rowsOfB();
    const bearer = { authorization: `Bearer ${cKey}` };
    const [bLead] = before.leads;
    for (const [method, path, body] of [
      ["GET", `/campaigns/${bCampaignId}`],
      ["GET", `/campaigns/${bCampaignId}/stats`],
      ["PATCH", `/campaigns/${bCampaignId}`, { status: "paused" }],
      ["GET", `/leads/${bLead!.id}`],
      ["DELETE", `/leads/${bLead!.id}`],
      ["DELETE", `/hooks/${bEndpointId}`],
    ] as Array<[string, string, unknown?]>) {
      const response = await call(method, path, bearer, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.text()).not.toContain(B_LEAD_EMAIL);
    }
    for (const path of ["/campaigns", `/leads?campaign=${bCampaignId}`, "/leads"]) {
      const response = await call("GET", path, bearer);
      expect(response.status).toBe(200);
      const body = await response.text();
      expect(body).not.toContain(bCampaignId);
      expect(body).not.toContain(B_LEAD_EMAIL);
    }
    // B's session cookie alone, or a cookie with someone else's key, never acts as B.
    expect((await call("GET", "/campaigns", { cookie: b.cookie })).status).toBe(401);
    expect((await call("DELETE", `/leads/${bLead!.id}`, { cookie: b.cookie })).status).toBe(401);
    expect((await call("GET", `/campaigns/${bCampaignId}`, { cookie: b.cookie, ...bearer })).status).toBe(404);
    expect(await rowsOfB()).toEqual(before);
  });

  it("signing out ends only the caller's session", async () => {
    const { action } = await load("routes/signout.ts");
    const before = await rowsOfB();
    const other = await createUser();
    expect((await callRoute(action, makeRequest("/signout", { method: "POST", cookie: other.cookie }))).status).toBe(302);
    expect(await rowsOfB()).toEqual(before);
  });

  it("covers every route a signed-in user may call", () => {
    const userRoutes = Object.entries(ACCESS)
      .filter(([, handlers]) => Object.values(handlers).includes("user"))
      .map(([file]) => file);
    expect(Object.keys(CROSS_USER).sort()).toEqual(userRoutes.sort());
  });
});

/**
 * Every response to a signed-in browser carries Cache-Control "private, no-store" (issue 11,
 * finding 7): pages, their `.data` requests, resource routes, actions and redirects, through the
 * same express middleware and React Router build the server runs. Only responses a route declares
 * public (uploaded images, the same for everyone) keep their caching.
 */
describe("signed-in responses are never stored by a cache", () => {
  const DECLARED_PUBLIC = new Set(["routes/uploads.ts"]);
  let base: string;
  let closeAll: () => Promise<void>;
  let c: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true, hmr: false, watch: null }, appType: "custom", logLevel: "error" });
    const build = await vite.ssrLoadModule("virtual:react-router/server-build");
    const { privateCacheMiddleware } = (await vite.ssrLoadModule("/app/utils/private-cache.server.ts")) as { privateCacheMiddleware: RequestHandler };
    const { default: express } = await import("express");
    const { createRequestHandler } = await import("@react-router/express");
    const app = express();
    // As the edge's Express app does (app/server/http/express-app.ts).
    app.use(privateCacheMiddleware);
    app.all(/.*/, createRequestHandler({ build: build as never, mode: "production", getLoadContext: () => ({ cspNonce: "" }) }));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    closeAll = async () => {
      server.close();
      server.closeAllConnections();
      await vite.close();
    };
    c = await createUser();
  }, 120_000);
  afterAll(() => closeAll?.());

  const send = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { redirect: "manual", ...init });

  const requestsFor = async (file: string) => {
    const module = await load(file);
    const url = urlOf(pathOfFile(file));
    const requests: Array<[string, RequestInit]> = [];
    if (module.loader) requests.push([url, {}]);
    if (module.default) requests.push([url === "/" ? "/_root.data" : `${url}.data`, {}]);
    // Signing out would end the session the other requests use; it is sent last, below.
    if (module.action && file !== "routes/signout.ts") requests.push([url, { method: "POST", body: new URLSearchParams({ intent: "none" }) }]);
    return requests;
  };

  it.each(ROUTES.map((route) => route.file).filter((file) => file !== "routes/site-layout.tsx"))("%s", async (file) => {
    for (const [path, init] of await requestsFor(file)) {
      const response = await send(path, { ...init, headers: { cookie: c.cookie } });
      await response.arrayBuffer();
      const expected = DECLARED_PUBLIC.has(file) && response.status === 200 ? expect.stringMatching(/^public\b/) : "private, no-store";
      expect({ path, method: init.method ?? "GET", status: response.status, cacheControl: response.headers.get("cache-control") }).toEqual({
        path,
        method: init.method ?? "GET",
        status: response.status,
        cacheControl: expected,
      });
    }
  });

  it("a response that starts a session is private too; signed-out pages are left alone", async () => {
    const signedIn = await send("/signin", { method: "POST", body: new URLSearchParams({ email: c.email, password: DEFAULT_PASSWORD }) });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("set-cookie")).toMatch(/leadqr\.session_token=/);
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    const blog = await send("/blog");
    expect(blog.status).toBe(200);
    expect(blog.headers.get("cache-control")).not.toBe("private, no-store");
    const signedOut = await send("/signout", { method: "POST", headers: { cookie: c.cookie } });
    expect(signedOut.headers.get("cache-control")).toBe("private, no-store");
  });
});

/**
 * A name that serves no account (issue 52, finding 1): a name we never heard of, a pending claim,
 * an expired one. Through the edge as the server runs it, every route, its data request and its
 * post answer the one neutral page: 404, no form, nothing of B's, no cookie at all, and the same
 * bytes for each name, so a Host header never tells which names are an owner's (decision 435).
 * Only the machinery operators reach by an internal name answers as on the main address.
 */
describe("a name that serves no account", () => {
  const MACHINE = new Set(["routes/healthz.ts", "routes/tls-ask.ts"]);
  const NAMES = ["unknown-name.test", "go.pending-claim.test", "GO.EXPIRED-CLAIM.TEST:443"];
  let edge: Awaited<ReturnType<typeof startEdge>>;

  beforeAll(async () => {
    const { db } = await getServices();
    const pending = await createUser({ isPro: true });
    const expired = await createUser({ isPro: true });
    await db.insert(schema.customDomain).values([
      { userId: pending.id, hostname: "go.pending-claim.test", verificationToken: "pending-claim-token" },
      { userId: expired.id, hostname: "go.expired-claim.test", verificationToken: "expired-claim-token", state: "expired" },
    ]);
    edge = await startEdge();
  }, 120_000);
  afterAll(() => edge?.close());

  const requestsOf = (file: string, host: string) => {
    const url = urlOf(pathOfFile(file));
    const form = { "content-type": "application/x-www-form-urlencoded", origin: `http://${host}` };
    return [
      { method: "GET", target: url },
      { method: "HEAD", target: url },
      { method: "GET", target: url === "/" ? "/_root.data" : `${url}.data` },
      { method: "POST", target: url, headers: form, body: "intent=none" },
    ];
  };

  it.each(ROUTES.map((route) => route.file).filter((file) => !MACHINE.has(file)))("%s", async (file) => {
    for (const name of NAMES) {
      for (const { method, target, headers, body } of requestsOf(file, name)) {
        const answer = await edge.send(name, target, { method, headers: { ...headers, cookie: a.cookie }, body });
        expect({ name, method, target, status: answer.status, setCookie: answer.headers["set-cookie"], body: answer.body }).toEqual({
          name,
          method,
          target,
          status: 404,
          setCookie: undefined,
          body: method === "HEAD" ? "" : NOT_CONNECTED_PAGE.toString(),
        });
      }
    }
    expect(NOT_CONNECTED_PAGE.toString()).not.toMatch(/<form|<script|<link|<img/i);
    expect(NOT_CONNECTED_PAGE.toString()).not.toContain(B_TITLE);
  });

  it("lets the health check and Caddy's question through as on the main address", async () => {
    for (const name of NAMES) {
      for (const target of ["/healthz", "/tls/ask?domain=go.pending-claim.test", "/tls/ask?domain=unknown-name.test"]) {
        const onMain = await edge.send("localhost:3000", target);
        const answer = await edge.send(name, target);
        expect({ name, target, status: answer.status, body: answer.body }).toEqual({ name, target, status: onMain.status, body: onMain.body });
      }
    }
  });
});
