// Hostile content in every user-supplied field comes out inert: escaped in rendered pages, no
// markup or header break in emails, formulas defused in CSV; disguised uploads are refused.
import { eq } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import * as adminBlogNew from "~/routes/admin.blog-new";
import * as adminCampaigns from "~/routes/admin.campaigns";
import * as adminLeads from "~/routes/admin.leads";
import * as logoRoute from "~/routes/api.logo";
import * as blogPost from "~/routes/blog-post";
import * as blog from "~/routes/blog";
import * as campaignDetail from "~/routes/campaign-detail";
import * as campaigns from "~/routes/campaigns";
import * as capture from "~/routes/capture";
import * as dashboard from "~/routes/dashboard";
import * as leadsExport from "~/routes/leads-export";
import * as leads from "~/routes/leads";
import * as settings from "~/routes/settings";
import { renderNewLeadEmails } from "~/features/email/new-lead-email.server";
import { getServices } from "~/utils/services.server";
import { createUser } from "../support/factories";
import { callRoute, makeRequest, type Handler } from "../support/http";
import { pngFile } from "../support/admin-support";
import { campaignForm } from "../support/campaigns-support";
import { phoneUserAgent } from "../support/row-factories";

const SCRIPT = "<script>alert(1)</script>";
const ESCAPED_SCRIPT = "&lt;script&gt;alert(1)&lt;/script&gt;";
const JS_URL = "javascript:alert(1)";
const CRLF = "\r\nBcc: x@y.z";
const IMG = `<img src=x onerror=alert(1)>`;
const FORMULAS = ['=HYPERLINK("http://evil.example","click")', "+cmd|' /C calc'!A0", "@SUM(1+1)", "-2+3"];

let owner: Awaited<ReturnType<typeof createUser>>;
let adminUser: Awaited<ReturnType<typeof createUser>>;
let campaignId: string;
let postSlug: string;

async function call(handler: Handler | undefined, request: Request, params: Record<string, string> = {}) {
  const result = await callRoute(handler, request, params);
  if (result.status >= 500) throw result.error ?? new Error(`answered ${result.status}`);
  return result;
}

/** The route's component rendered on the server with what its loader (and action) returned. */
function render(Component: unknown, loaderData: unknown, actionData?: unknown, path = "/page") {
  const Stub = createRoutesStub([{ id: "page", path: "*", Component: Component as ComponentType }]);
  return renderToString(
    createElement(Stub, {
      initialEntries: [path],
      hydrationData: { loaderData: { page: loaderData }, ...(actionData === undefined ? {} : { actionData: { page: actionData } }) },
    }),
  );
}

/** Every attribute of every tag (React escapes quotes and angle brackets inside values). */
function attributesOf(html: string) {
  return [...html.matchAll(/<[a-zA-Z][^>]*>/g)].flatMap(([tag]) =>
    [...tag.matchAll(/\s([^\s=/>]+)(?:="([^"]*)")?/g)].map(([, name, value]) => ({ name: name!.toLowerCase(), value: value ?? "" })),
  );
}

/** What an inert page looks like: the hostile text shown escaped, never as markup or a live URL. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script>alert/i);
  expect(html).not.toMatch(/<img src=x/i);
  const attributes = attributesOf(html);
  expect(attributes.filter(({ name }) => name.startsWith("on"))).toEqual([]);
  expect(attributes.filter(({ name, value }) => ["href", "src", "action", "formaction"].includes(name) && /^\s*javascript:/i.test(value))).toEqual(
    [],
  );
}

async function openCapture() {
  const result = await call(capture.loader, makeRequest(`/capture/${campaignId}`, { headers: { "user-agent": phoneUserAgent() } }), { campaignId });
  return result.data;
}

async function submitLead(fields: { name: string; email: string; phone: string }) {
  const view = await openCapture();
  const form = { ...fields, scanToken: view.scanToken, website: "" };
  const result = await call(capture.action, makeRequest(`/capture/${campaignId}`, { form, headers: { "user-agent": phoneUserAgent() } }), {
    campaignId,
  });
  expect(result.status).toBe(200);
  return result.data;
}

beforeAll(async () => {
  owner = await createUser({ isPro: true });
  adminUser = await createUser({ email: "admin@example.com" });
  const business = await call(
    settings.action,
    makeRequest("/settings", { cookie: owner.cookie, form: { intent: "business", businessName: `${SCRIPT}${CRLF}` } }),
  );
  expect(business.status).toBe(200);
  const created = await call(
    campaigns.action,
    makeRequest("/campaigns", {
      cookie: owner.cookie,
      form: campaignForm({
        title: `${SCRIPT}${CRLF}`,
        discount: `${IMG} ${JS_URL}`,
        minOrder: FORMULAS[0]!,
        aiHeadline: `${SCRIPT} ${JS_URL}`,
        aiThankyou: `${SCRIPT}${IMG}${CRLF}`,
      }),
    }),
  );
  expect(created.status).toBe(302);
  const { db } = await getServices();
  [{ id: campaignId }] = (await db.select({ id: schema.campaign.id }).from(schema.campaign).where(eq(schema.campaign.userId, owner.id))) as [
    { id: string },
  ];
  const post = await call(
    adminBlogNew.action,
    makeRequest("/admin/blog/new", {
      cookie: adminUser.cookie,
      form: {
        title: `${SCRIPT} Tips`,
        excerpt: `${SCRIPT}${IMG}`,
        content: `## ${SCRIPT}\n### ${IMG}\n* ${JS_URL}\n${SCRIPT}`,
        publish: "on",
        bannerImageUrl: 'https://example.com/a.png" onerror="alert(1)',
      },
    }),
  );
  if (post.status === 400) {
    // A banner URL with a quote in it may be refused outright; the post goes in without it.
    const retry = await call(
      adminBlogNew.action,
      makeRequest("/admin/blog/new", {
        cookie: adminUser.cookie,
        form: { title: `${SCRIPT} Tips`, excerpt: `${SCRIPT}${IMG}`, content: `## ${SCRIPT}\n### ${IMG}\n* ${JS_URL}\n${SCRIPT}`, publish: "on" },
      }),
    );
    expect(retry.status).toBe(302);
  } else {
    expect(post.status).toBe(302);
  }
  [{ slug: postSlug }] = (await db.select({ slug: schema.blogPost.slug }).from(schema.blogPost)) as [{ slug: string }];
});

describe("pages", () => {
  it("the capture page, its form and its thank-you show the owner's hostile copy as text", async () => {
    const view = await openCapture();
    const formHtml = render(capture.default, view, undefined, `/capture/${campaignId}`);
    expect(formHtml).toContain(ESCAPED_SCRIPT);
    expectInert(formHtml);

    const thanks = await submitLead({ name: SCRIPT, email: "visitor@example.com", phone: "+1 555 0100" });
    const thanksHtml = render(capture.default, view, thanks, `/capture/${campaignId}`);
    expect(thanksHtml).toContain("Thank You!");
    expect(thanksHtml).toContain(ESCAPED_SCRIPT);
    expectInert(thanksHtml);
  });

  it("the owner's screens show hostile campaign and lead fields as text", async () => {
    await submitLead({ name: `${SCRIPT}${IMG}`, email: "+cmd@evil.example", phone: "-2+3" });
    const cookie = owner.cookie;
    const screens: Array<[unknown, Request, Record<string, string>?]> = [
      [campaigns, makeRequest("/campaigns", { cookie })],
      [campaigns, makeRequest(`/campaigns?edit=${campaignId}`, { cookie })],
      [campaignDetail, makeRequest(`/campaigns/${campaignId}`, { cookie }), { campaignId }],
      [dashboard, makeRequest("/dashboard", { cookie })],
      [leads, makeRequest("/leads", { cookie })],
      [settings, makeRequest("/settings", { cookie })],
    ];
    for (const [module, request, params] of screens) {
      const route = module as { loader: Handler; default: unknown };
      const result = await call(route.loader, request, params);
      const html = render(route.default, result.data, undefined, new URL(request.url).pathname + new URL(request.url).search);
      expect(html, request.url).toContain("&lt;script&gt;");
      expectInert(html);
    }
  });

  it("the admin lists show hostile campaigns and leads as text", async () => {
    for (const route of [adminCampaigns, adminLeads]) {
      const result = await call(route.loader, makeRequest("/admin/x", { cookie: adminUser.cookie }));
      const html = render(route.default, result.data, undefined, "/admin/x");
      expect(html).toContain("&lt;script&gt;");
      expectInert(html);
    }
  });

  it("the blog list and post show hostile titles, excerpts and content as text", async () => {
    const list = await call(blog.loader, makeRequest("/blog"));
    const listHtml = render(blog.default, list.data, undefined, "/blog");
    expect(listHtml).toContain(ESCAPED_SCRIPT);
    expectInert(listHtml);

    const post = await call(blogPost.loader, makeRequest(`/blog/${postSlug}`), { slug: postSlug });
    const postHtml = render(blogPost.default, post.data, undefined, `/blog/${postSlug}`);
    expect(postHtml).toContain(ESCAPED_SCRIPT);
    expect(postHtml).toContain(JS_URL);
    expectInert(postHtml);
  });

  it("a javascript: banner URL is refused", async () => {
    const result = await call(
      adminBlogNew.action,
      makeRequest("/admin/blog/new", { cookie: adminUser.cookie, form: { title: "Banner", content: "Body", bannerImageUrl: JS_URL } }),
    );
    expect(result.status).toBe(400);
    expect(result.data.fieldErrors.bannerImageUrl).toBe("Banner URL must start with https://");
  });
});

describe("emails", () => {
  it("new-lead emails carry no markup from the lead or campaign and no line break in the subject", async () => {
    const { db } = await getServices();
    const rows = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, owner.email));
    // A new lead's email as the worker sends it: rendered from the lead then (decision 422).
    const leadMails = await renderNewLeadEmails(
      db,
      rows.filter((row) => row.kind === "new_lead" || row.kind === "lead_digest"),
      "http://localhost:3000",
    );
    expect(leadMails.length).toBeGreaterThan(0);
    for (const row of leadMails) {
      expect(row.subject).not.toMatch(/[\r\n]/);
      expect(row.html).not.toMatch(/<script/i);
      expect(row.html).not.toMatch(/<img[^>]*onerror/i);
    }
    expect(leadMails.some((row) => row.html.includes(ESCAPED_SCRIPT))).toBe(true);
  });
});

/** RFC 4180 cells of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') ((cell += '"'), i++);
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") (row.push(cell), (cell = ""));
    else if (ch === "\r" && text[i + 1] === "\n") (row.push(cell), rows.push(row), (row = []), (cell = ""), i++);
    else cell += ch;
  }
  if (cell || row.length) (row.push(cell), rows.push(row));
  return rows;
}

describe("CSV", () => {
  it("defuses every formula-looking cell of lead and campaign fields", async () => {
    for (const [index, formula] of FORMULAS.entries()) {
      await submitLead({ name: formula, email: `f${index}@example.com`, phone: "+1 555 0100" });
    }
    const result = await call(leadsExport.loader, makeRequest("/leads/export.csv", { cookie: owner.cookie }));
    const rows = parseCsv((await result.response!.text()).replace(/^\uFEFF/, ""));
    expect(rows[0]!.slice(0, 6)).toEqual(["Name", "Email", "Phone", "Campaign", "Collected At", "Placement"]);
    const cells = rows.slice(1).flatMap((row) => [row[0]!, row[1]!, row[3]!]);
    for (const formula of FORMULAS) expect(cells).toContain(`'${formula}`);
    expect(cells).toContain("'+cmd@evil.example");
    expect(cells).toContain(`${SCRIPT}${CRLF}`);
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    // Phone numbers stay readable; a formula posing as one is defused.
    const phones = rows.slice(1).map((row) => row[2]!);
    expect(phones).toContain("'-2+3");
    for (const phone of phones) expect(phone).toMatch(/^(|'.*|\+?[0-9][0-9 ().-]*[0-9])$/);
  });
});

describe("uploads", () => {
  const html = new TextEncoder().encode(`<html><body>${SCRIPT}</body></html>`);
  const svg = new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>`);
  // A valid 1×1 GIF header followed by markup: an image to a sniffer, a page to a browser.
  const polyglot = new Uint8Array([
    ...new TextEncoder().encode("GIF89a"),
    1,
    0,
    1,
    0,
    0x80,
    0,
    0,
    0,
    0,
    0,
    0xff,
    0xff,
    0xff,
    0x21,
    0xfe,
    0x20,
    ...new TextEncoder().encode(`*/=1;${SCRIPT}<html>${SCRIPT}</html>`),
    0,
    0x2c,
    0,
    0,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    2,
    2,
    0x44,
    1,
    0,
    0x3b,
  ]);
  async function disguisedPng() {
    const real = new Uint8Array(await pngFile("ok.png").arrayBuffer());
    const view = new DataView(real.buffer);
    // IHDR width and height (bytes 16-23) claim 100000×100000.
    view.setUint32(16, 100_000);
    view.setUint32(20, 100_000);
    return real;
  }

  async function uploadCount() {
    const { db } = await getServices();
    return (await db.select({ key: schema.upload.key }).from(schema.upload)).length;
  }

  it("refuses HTML named .png, SVG with script, a GIF/HTML polyglot, huge dimensions and oversized files, storing nothing", async () => {
    const before = await uploadCount();
    const files = [
      new File([html], "photo.png", { type: "image/png" }),
      new File([svg], "logo.svg", { type: "image/svg+xml" }),
      new File([svg], "logo.png", { type: "image/png" }),
      new File([polyglot], "anim.gif", { type: "image/gif" }),
      new File([await disguisedPng()], "huge.png", { type: "image/png" }),
      new File([new Uint8Array(2 * 1024 * 1024 + 1)], "big.png", { type: "image/png" }),
    ];
    for (const file of files) {
      const result = await call(logoRoute.action, makeRequest("/api/logo", { cookie: owner.cookie, form: { logo: file } }));
      expect({ name: file.name, status: result.status }).toEqual({ name: file.name, status: 400 });
      expect(result.data.ok).toBe(false);
    }
    // The blog banner goes through the same checks.
    for (const file of files.slice(0, 5)) {
      const result = await call(
        adminBlogNew.action,
        makeRequest("/admin/blog/new", { cookie: adminUser.cookie, form: { title: "Banner test", content: "Body", bannerFile: file } }),
      );
      expect({ name: file.name, status: result.status }).toEqual({ name: file.name, status: 400 });
    }
    expect(await uploadCount()).toBe(before);
  });

  it("still accepts a real image", async () => {
    const result = await call(logoRoute.action, makeRequest("/api/logo", { cookie: owner.cookie, form: { logo: pngFile("real.png") } }));
    expect(result.status).toBe(200);
  });
});
