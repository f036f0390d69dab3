// The public pages under the shared header (pricing, the blog) in a signed-in member's language
// (docs/features/visitor-languages.md, "The owner's screens"): their words come with the page's data,
// since the pages load no i18next (docs/performance.md, "First paint"). Signed out, nothing comes and
// the page reads the English its bundle carries, whatever the browser.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import * as blog from "~/routes/blog";
import * as blogPost from "~/routes/blog-post";
import * as pricing from "~/routes/pricing";
import { getServices } from "~/utils/services.server";
import { insertPost } from "../support/admin-support";
import { createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

const GERMAN_BROWSER = { "accept-language": "de-DE,de;q=0.9" };

describe("the public pages", () => {
  it("speak a signed-in member's language: pricing, the blog's list and a post, with their dates; the post stays as written", async () => {
    const owner = await createUser();
    const { db } = await getServices();
    await db.update(schema.user).set({ language: "de" }).where(eq(schema.user.id, owner.id));
    const slug = `ein-beitrag-${crypto.randomUUID().slice(0, 8)}`;
    await insertPost({ title: "Scan to sale", slug, content: "Plain English body", published: true, publishedAt: new Date("2026-11-22T12:00:00Z") });
    // The member's choice wins over an English browser.
    const headers = { "accept-language": "en-US" };

    const prices = (await callRoute(pricing.loader, makeRequest("/pricing", { cookie: owner.cookie, headers }))).data;
    expect(prices.words).toMatchObject({ title: "Einfache, transparente Preise", upgrade: "Auf Pro upgraden", perMonth: "/Monat" });

    const list = (await callRoute(blog.loader, makeRequest("/blog", { cookie: owner.cookie, headers }))).data;
    expect(list.words).toMatchObject({ title: "Der LeadQR-Blog", readMore: "Weiterlesen" });
    expect(list.posts.find((post: { slug: string }) => post.slug === slug)?.date).toBe("22. November 2026");

    const post = (await callRoute(blogPost.loader, makeRequest(`/blog/${slug}`, { cookie: owner.cookie, headers }), { slug })).data;
    expect(post.words).toMatchObject({ back: "Zurück zum Blog", cta: { action: "Kostenlos testen" } });
    expect(post.post).toMatchObject({ title: "Scan to sale", content: "Plain English body", date: "22. November 2026" });
    expect(blogPost.meta({ loaderData: post } as never)).toContainEqual({ title: "Scan to sale · LeadQR-Blog" });

    // A missing post answers 404 with its screen's words.
    const missing = await callRoute(blogPost.loader, makeRequest("/blog/nichts-hier", { cookie: owner.cookie, headers }), { slug: "nichts-hier" });
    expect(missing.status).toBe(404);
    const thrown = await blogPost
      .loader({ request: makeRequest("/blog/nichts-hier", { cookie: owner.cookie }), params: { slug: "nichts-hier" } } as never)
      .catch((error: unknown) => error as { data: { words: { notFound: { title: string } } } });
    expect(thrown).toMatchObject({ data: { words: { notFound: { title: "Beitrag nicht gefunden" } } } });
  });

  it("stay English signed out, even for a German browser: no words come, dates in the spec's US form", async () => {
    const slug = `a-post-${crypto.randomUUID().slice(0, 8)}`;
    await insertPost({ title: "Hello", slug, published: true, publishedAt: new Date("2026-11-22T12:00:00Z") });
    const prices = (await callRoute(pricing.loader, makeRequest("/pricing", { headers: GERMAN_BROWSER }))).data;
    expect(prices.words).toBeNull();
    expect(pricing.meta({ loaderData: prices } as never)).toContainEqual({ title: "Pricing · LeadQR" });
    const list = (await callRoute(blog.loader, makeRequest("/blog", { headers: GERMAN_BROWSER }))).data;
    expect(list.words).toBeNull();
    expect(list.posts.find((post: { slug: string }) => post.slug === slug)?.date).toBe("November 22, 2026");
    const post = (await callRoute(blogPost.loader, makeRequest(`/blog/${slug}`, { headers: GERMAN_BROWSER }), { slug })).data;
    expect(post.words).toBeNull();
    expect(post.post.date).toBe("November 22, 2026");
  });
});
