// The access matrix, driven by app/routes.ts: every route module is classified, every private
// loader and action refuses signed-out visitors, every admin one refuses non-admins, and user A
// reaching for user B's ids gets 404 (or nothing of B's) while B's rows stay exactly as they were.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import routes from "~/routes";
import { getServices } from "~/utils/services.server";
import { startStripeStub } from "../support/stripe-stub.mjs";
import { createCampaignRow, createLeadRow, createScanRows, createUser, DEFAULT_PASSWORD } from "../factories";
import { makeRequest, payload } from "../http";
import { insertPost, insertSubscription, pngFile } from "./admin-fixtures";
import { campaignForm } from "./campaigns-support";
import { outcome, type Handler } from "./hardening-support";

type Access = "public" | "anonymous" | "user" | "admin" | "inert";
type Module = { loader?: Handler; action?: Handler };

/**
 * Who may call each handler. "inert" handlers answer without reading or writing anything (405,
 * or a redirect). A route added to app/routes.ts without an entry here fails the first test.
 */
const ACCESS: Record<string, { loader?: Access; action?: Access }> = {
  "routes/healthz.ts": { loader: "public" },
  "routes/signout.ts": { loader: "inert", action: "public" },
  "routes/capture.tsx": { loader: "public", action: "public" },
  "routes/uploads.ts": { loader: "public" },
  "routes/campaign-qr-png.ts": { loader: "user" },
  "routes/campaign-qr-svg.ts": { loader: "user" },
  "routes/api.ai-copy.ts": { loader: "inert", action: "user" },
  "routes/api.logo.ts": { loader: "inert", action: "user" },
  "routes/leads-export.ts": { loader: "user" },
  "routes/webhooks.stripe.ts": { loader: "inert", action: "public" },
  "routes/billing.portal.ts": { loader: "inert", action: "user" },
  "routes/site-layout.tsx": { loader: "public" },
  "routes/home.tsx": { loader: "anonymous" },
  "routes/signin.tsx": { loader: "anonymous", action: "anonymous" },
  "routes/signup.tsx": { loader: "anonymous", action: "anonymous" },
  "routes/forgot-password.tsx": { action: "public" },
  "routes/reset-password.tsx": { loader: "public", action: "public" },
  "routes/verify-email.tsx": { loader: "public", action: "user" },
  "routes/pricing.tsx": { loader: "public", action: "user" },
  "routes/blog.tsx": { loader: "public" },
  "routes/blog-post.tsx": { loader: "public" },
  "routes/dashboard.tsx": { loader: "user" },
  "routes/campaigns.tsx": { loader: "user", action: "user" },
  "routes/campaign-detail.tsx": { loader: "user" },
  "routes/leads.tsx": { loader: "user" },
  "routes/settings.tsx": { loader: "user", action: "user" },
  "routes/admin.tsx": { loader: "admin" },
  "routes/admin.users.tsx": { loader: "admin", action: "admin" },
  "routes/admin.blog.tsx": { loader: "admin", action: "admin" },
  "routes/admin.blog-new.tsx": { loader: "admin", action: "admin" },
  "routes/admin.blog-edit.tsx": { loader: "admin", action: "admin" },
  "routes/admin.subscriptions.tsx": { loader: "admin", action: "admin" },
  "routes/admin.campaigns.tsx": { loader: "admin" },
  "routes/admin.leads.tsx": { loader: "admin" },
  "routes/unknown-path.ts": { loader: "inert", action: "inert" },
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
let bLogoKey: string;
let bPostId: string;
const B_LEAD_EMAIL = "secret-lead-of-b@example.org";
const B_TITLE = "B's Secret Campaign";
const B_CUSTOMER = "cus_owned_by_b";

/** The URL of a route with its params filled in (B's ids where a route takes an id). */
function urlOf(path: string) {
  return path
    .replace(":campaignId", bCampaignId)
    .replace(":postId", bPostId)
    .replace(":slug", "no-such-post")
    .replace("*", bLogoKey);
}
const paramsOf = () => ({ campaignId: bCampaignId, postId: bPostId, slug: "no-such-post", "*": bLogoKey });

/** A form that would change something if the guard let it through. */
function meaningfulForm(file: string, actor: { id: string }): Record<string, string | Blob> {
  switch (file) {
    case "routes/campaigns.tsx":
      return campaignForm({ intent: "update", campaignId: bCampaignId, title: "Hijacked" });
    case "routes/settings.tsx":
      return { intent: "business", businessName: "Hijacked" };
    case "routes/api.logo.ts":
      return { logo: pngFile("logo.png") };
    case "routes/api.ai-copy.ts":
      return { businessType: "Coffee Shop", offer: "20% off", condition: "orders over $10" };
    case "routes/admin.users.tsx":
      return { intent: "setRole", userId: actor.id, role: "admin" };
    case "routes/admin.subscriptions.tsx":
      return { intent: "setPro", userId: actor.id, isPro: "true" };
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
  const [users, leads, scans, uploads, subscriptions, profiles, posts, audit] = await Promise.all([
    db.select({ id: schema.user.id, email: schema.user.email, role: schema.user.role, isPro: schema.user.isPro }).from(schema.user),
    ids.length ? db.select().from(schema.lead).where(inArray(schema.lead.campaignId, ids)) : [],
    ids.length ? db.select({ id: schema.scan.id }).from(schema.scan).where(inArray(schema.scan.campaignId, ids)) : [],
    db.select().from(schema.upload),
    db.select().from(schema.subscription),
    db.select().from(schema.businessProfile),
    db.select().from(schema.blogPost),
    db.select().from(schema.adminAudit),
  ]);
  const sorted = <T,>(rows: T[]) => [...rows].map((row) => JSON.stringify(row)).sort();
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
    scans: (await db.select({ id: schema.scan.id }).from(schema.scan).where(inArray(schema.scan.campaignId, ids))).length,
    uploads: await db.select().from(schema.upload).where(eq(schema.upload.userId, b.id)),
    subscription: await db.select().from(schema.subscription).where(eq(schema.subscription.userId, b.id)),
    profile: await db.select().from(schema.businessProfile).where(eq(schema.businessProfile.userId, b.id)),
    sessions: (await db.select({ id: schema.session.id }).from(schema.session).where(eq(schema.session.userId, b.id))).length,
  };
}

const location = (result: unknown) => (result instanceof Response ? result.headers.get("location") : null);
const text = async (result: unknown) =>
  result instanceof Response ? await result.clone().text() : JSON.stringify(payload(result) ?? null);

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
  await createLeadRow(bCampaignId, { name: "Bea Secret", email: B_LEAD_EMAIL, phone: "555 0199" });
  await createScanRows(bCampaignId, [new Date(), new Date()]);
  const logo = (await outcome((await load("routes/api.logo.ts")).action, makeRequest("/api/logo", { cookie: b.cookie, form: { logo: pngFile("b.png") } }))).result;
  bLogoKey = (payload<{ url: string }>(logo).url ?? "").replace(/^\/uploads\//, "");
  expect(bLogoKey).toMatch(/^qr-logos\//);
  await insertSubscription(b.id, { stripeCustomerId: B_CUSTOMER, status: "active" });
  const { db } = await getServices();
  await db.insert(schema.businessProfile).values({ userId: b.id, name: "B's Bakery" });
  bPostId = (await insertPost({ title: "Draft by nobody", slug: "matrix-draft" })).id;
});
afterAll(() => stub?.close());

describe("the matrix covers app/routes.ts", () => {
  it("classifies every route module and every handler it exports", async () => {
    const files = ROUTES.map((route) => route.file);
    expect(new Set(files)).toEqual(new Set(Object.keys(ACCESS)));
    for (const file of files) {
      const module = await load(file);
      const exported = Object.fromEntries((["loader", "action"] as const).filter((name) => typeof module[name] === "function").map((name) => [name, true]));
      const classified = Object.fromEntries(Object.keys(ACCESS[file]!).map((name) => [name, true]));
      expect({ file, handlers: exported }).toEqual({ file, handlers: classified });
    }
  });
});

const handlersWith = (...kinds: Access[]) =>
  Object.entries(ACCESS).flatMap(([file, handlers]) =>
    (Object.entries(handlers) as Array<["loader" | "action", Access]>).filter(([, kind]) => kinds.includes(kind)).map(([name]) => [file, name] as const),
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
    const result = await outcome(module[name], request, paramsOf());
    expect(result.status).toBe(302);
    expect(location(result.result)).toBe("/signin");
    expect(await snapshot()).toEqual(before);
  });

  it.each(handlersWith("inert"))("%s %s answers without data", async (file, name) => {
    const module = await load(file);
    const before = await snapshot();
    const result = await outcome(module[name], makeRequest(urlOf(pathOfFile(file)), { method: name === "loader" ? "GET" : "POST" }), paramsOf());
    expect([302, 405]).toContain(result.status);
    expect(await text(result.result)).not.toMatch(/secret/i);
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
    const result = await outcome(module[name], request, paramsOf());
    expect(result.status).toBe(302);
    expect(location(result.result)).toBe("/dashboard");
    expect(await snapshot()).toEqual(before);
  });
});

/**
 * User A, signed in, reaching for B's ids. One check per private route module; the last test
 * proves the list is complete.
 */
const CROSS_USER: Record<string, () => Promise<void>> = {
  "routes/dashboard.tsx": async () => {
    const { loader } = await load("routes/dashboard.tsx");
    const result = await outcome(loader, makeRequest("/dashboard", { cookie: a.cookie }));
    expect(result.status).toBe(200);
    expect(await text(result.result)).not.toContain(bCampaignId);
    expect(await text(result.result)).not.toContain(B_TITLE);
  },
  "routes/campaigns.tsx": async () => {
    const { loader, action } = await load("routes/campaigns.tsx");
    const list = await outcome(loader, makeRequest("/campaigns", { cookie: a.cookie }));
    expect(await text(list.result)).not.toContain(bCampaignId);
    expect((await outcome(loader, makeRequest(`/campaigns?edit=${bCampaignId}`, { cookie: a.cookie }))).status).toBe(404);
    for (const form of [
      { intent: "toggle", campaignId: bCampaignId },
      { intent: "delete", campaignId: bCampaignId },
      campaignForm({ intent: "update", campaignId: bCampaignId, title: "Hijacked" }),
    ]) {
      expect((await outcome(action, makeRequest("/campaigns", { cookie: a.cookie, form }))).status).toBe(404);
    }
    // B's uploaded logo cannot be borrowed for A's campaign.
    const borrowed = await outcome(action, makeRequest("/campaigns", { cookie: a.cookie, form: campaignForm({ qrLogoUrl: `/uploads/${bLogoKey}` }) }));
    expect(borrowed.status).toBe(400);
    const { db } = await getServices();
    expect(await db.select().from(schema.campaign).where(eq(schema.campaign.userId, a.id))).toEqual([]);
  },
  "routes/campaign-detail.tsx": async () => {
    const { loader } = await load("routes/campaign-detail.tsx");
    expect((await outcome(loader, makeRequest(`/campaigns/${bCampaignId}`, { cookie: a.cookie }), { campaignId: bCampaignId })).status).toBe(404);
  },
  "routes/campaign-qr-png.ts": async () => {
    const { loader } = await load("routes/campaign-qr-png.ts");
    expect((await outcome(loader, makeRequest(`/campaigns/${bCampaignId}/qr.png`, { cookie: a.cookie }), { campaignId: bCampaignId })).status).toBe(404);
  },
  "routes/campaign-qr-svg.ts": async () => {
    const { loader } = await load("routes/campaign-qr-svg.ts");
    expect((await outcome(loader, makeRequest(`/campaigns/${bCampaignId}/qr.svg`, { cookie: a.cookie }), { campaignId: bCampaignId })).status).toBe(404);
  },
  "routes/leads.tsx": async () => {
    const { loader } = await load("routes/leads.tsx");
    const result = await outcome(loader, makeRequest(`/leads?campaign=${bCampaignId}`, { cookie: a.cookie }));
    expect(result.status).toBe(200);
    const body = await text(result.result);
    expect(body).not.toContain(B_LEAD_EMAIL);
    expect(body).not.toContain(B_TITLE);
    expect(payload<{ leads: unknown[]; matching: number }>(result.result)).toMatchObject({ leads: [], matching: 0 });
  },
  "routes/leads-export.ts": async () => {
    const { loader } = await load("routes/leads-export.ts");
    const result = await outcome(loader, makeRequest(`/leads/export.csv?campaign=${bCampaignId}`, { cookie: a.cookie }));
    expect(result.status).toBe(200);
    const csv = await text(result.result);
    expect(csv).toContain("Name,Email,Phone,Campaign,Collected At");
    expect(csv).not.toContain(B_LEAD_EMAIL);
    expect(csv).not.toContain(B_TITLE);
  },
  "routes/settings.tsx": async () => {
    const { loader, action } = await load("routes/settings.tsx");
    const page = await outcome(loader, makeRequest("/settings", { cookie: a.cookie }));
    expect(await text(page.result)).not.toContain(B_CUSTOMER);
    expect(await text(page.result)).not.toContain("B's Bakery");
    // Taking B's email address is refused; naming a business only names A's.
    const taken = await outcome(action, makeRequest("/settings", { cookie: a.cookie, form: { intent: "profile", email: b.email, currentPassword: DEFAULT_PASSWORD, userId: b.id } }));
    expect(taken.status).toBe(400);
    const named = await outcome(action, makeRequest("/settings", { cookie: a.cookie, form: { intent: "business", businessName: "A's Café", userId: b.id } }));
    expect(named.status).toBe(200);
  },
  "routes/api.logo.ts": async () => {
    const { action } = await load("routes/api.logo.ts");
    const result = await outcome(action, makeRequest("/api/logo", { cookie: a.cookie, form: { logo: pngFile("a.png"), userId: b.id } }));
    expect(result.status).toBe(200);
    const { db } = await getServices();
    const key = payload<{ url: string }>(result.result).url.replace(/^\/uploads\//, "");
    const [row] = await db.select({ userId: schema.upload.userId }).from(schema.upload).where(eq(schema.upload.key, key));
    expect(row?.userId).toBe(a.id);
  },
  "routes/api.ai-copy.ts": async () => {
    const { action } = await load("routes/api.ai-copy.ts");
    const result = await outcome(action, makeRequest("/api/ai-copy", { cookie: a.cookie, form: { ...meaningfulForm("routes/api.ai-copy.ts", a), userId: b.id } }));
    expect(result.status).toBe(200);
    expect(await text(result.result)).not.toContain(B_TITLE);
  },
  "routes/pricing.tsx": async () => {
    const { action } = await load("routes/pricing.tsx");
    const form = { customer: B_CUSTOMER, client_reference_id: b.id, userId: b.id, price_id: "price_cheap", priceId: "price_cheap" };
    const result = await outcome(action, makeRequest("/pricing", { cookie: a.cookie, form }));
    expect(result.status).toBe(302);
    const session = [...stub.state.sessions.values()].at(-1)!;
    expect(session.client_reference_id).toBe(a.id);
    expect(session.customer).not.toBe(B_CUSTOMER);
    expect(JSON.stringify(session)).not.toContain("price_cheap");
  },
  "routes/billing.portal.ts": async () => {
    const { action } = await load("routes/billing.portal.ts");
    const portals = stub.state.portalSessions.length;
    const result = await outcome(action, makeRequest("/billing/portal", { cookie: a.cookie, form: { customer: B_CUSTOMER, userId: b.id } }));
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
    await outcome(action, makeRequest("/verify-email", { cookie: a.cookie, form: { intent: "resend", email: b.email, userId: b.id } }));
    expect(await mailsToB()).toBe(before);
  },
};

describe("user A with user B's ids", () => {
  it.each(Object.keys(CROSS_USER))("%s gives A nothing of B's and leaves B's rows as they were", async (file) => {
    const before = await rowsOfB();
    await CROSS_USER[file]!();
    expect(await rowsOfB()).toEqual(before);
  });

  it("signing out ends only the caller's session", async () => {
    const { action } = await load("routes/signout.ts");
    const before = await rowsOfB();
    const other = await createUser();
    expect((await outcome(action, makeRequest("/signout", { method: "POST", cookie: other.cookie }))).status).toBe(302);
    expect(await rowsOfB()).toEqual(before);
  });

  it("covers every route a signed-in user may call", () => {
    const userRoutes = Object.entries(ACCESS)
      .filter(([, handlers]) => Object.values(handlers).includes("user"))
      .map(([file]) => file);
    expect(Object.keys(CROSS_USER).sort()).toEqual(userRoutes.sort());
  });
});
