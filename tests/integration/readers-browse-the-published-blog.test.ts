import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getServices } from "~/utils/services.server";
import * as blog from "~/routes/blog";
import * as blogPost from "~/routes/blog-post";
import { createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";
import { insertPost } from "../support/admin-support";

describe("/blog", () => {
  it("lists only published posts, newest first, with the author's name (never their email) and long US date", async () => {
    const author = await createUser();
    const { db } = await getServices();
    await db.update(schema.user).set({ name: "Maria Rossi" }).where(eq(schema.user.id, author.id));
    const older = await insertPost({
      title: "Older",
      slug: "older-post",
      excerpt: "Old news",
      published: true,
      publishedAt: new Date("2026-11-20T10:00:00Z"),
      authorId: author.id,
    });
    const newer = await insertPost({ title: "Newer", slug: "newer-post", published: true, publishedAt: new Date("2026-11-22T23:59:00Z") });
    await insertPost({ title: "Secret draft", slug: "secret-draft", published: false });

    const { posts } = (await callRoute(blog.loader, makeRequest("/blog"))).data;
    const ours = posts.filter((post: { id: string }) => [older.id, newer.id].includes(post.id));
    expect(ours).toEqual([
      expect.objectContaining({ title: "Newer", slug: "newer-post", author: "LeadQR Team", date: "November 22, 2026", excerpt: null }),
      expect.objectContaining({ title: "Older", slug: "older-post", author: "Maria Rossi", date: "November 20, 2026", excerpt: "Old news" }),
    ]);
    expect(posts.map((post: { title: string }) => post.title)).not.toContain("Secret draft");
    expect(JSON.stringify(posts)).not.toContain(author.email);
    const post = (await callRoute(blogPost.loader, makeRequest("/blog/older-post"), { slug: "older-post" })).data.post;
    expect(post.author).toBe("Maria Rossi");
    expect(JSON.stringify(post)).not.toContain(author.email);
    // Only what the page shows leaves the server.
    expect(Object.keys(posts[0]).sort()).toEqual(["author", "date", "dateTime", "excerpt", "id", "slug", "title"]);
  });

  it("describes itself for search engines and link previews", () => {
    const tags = blog.meta({ loaderData: { url: "http://localhost:3000/blog", posts: [] } } as never) as Array<Record<string, string>>;
    expect(tags).toContainEqual({ title: "Blog · LeadQR" });
    expect(tags).toContainEqual(expect.objectContaining({ property: "og:title" }));
    expect(tags).toContainEqual(expect.objectContaining({ name: "description" }));
  });
});

describe("/blog/:slug", () => {
  it("shows a published post to anyone", async () => {
    await insertPost({
      title: "Hello",
      slug: "hello-world",
      content: "## Heading\n* a\n* b",
      published: true,
      publishedAt: new Date("2026-11-22T12:00:00Z"),
    });
    const result = (await callRoute(blogPost.loader, makeRequest("/blog/hello-world"), { slug: "hello-world" })).data;
    expect(result.post).toMatchObject({
      title: "Hello",
      author: "LeadQR Team",
      date: "November 22, 2026",
      content: "## Heading\n* a\n* b",
      isDraft: false,
    });
  });

  it("answers 404 for unknown slugs and for drafts seen by visitors or users", async () => {
    await insertPost({ title: "Draft", slug: "a-draft", published: false });
    const { cookie } = await createUser();
    for (const [slug, options] of [
      ["nope", {}],
      ["a-draft", {}],
      ["a-draft", { cookie }],
      ["x".repeat(500), {}],
    ] as const) {
      const result = await callRoute(blogPost.loader, makeRequest(`/blog/${slug}`, options), { slug });
      expect(result.status).toBe(404);
    }
  });

  it("lets admins preview drafts", async () => {
    await insertPost({ title: "Preview me", slug: "preview-me", published: false });
    const { cookie } = await createUser({ role: "admin" });
    const result = (await callRoute(blogPost.loader, makeRequest("/blog/preview-me", { cookie }), { slug: "preview-me" })).data;
    expect(result.post).toMatchObject({ title: "Preview me", isDraft: true });
  });

  it("hides a post again once it is unpublished", async () => {
    const post = await insertPost({ title: "Now you see me", slug: "now-you-see-me", published: true, publishedAt: new Date() });
    expect((await callRoute(blogPost.loader, makeRequest("/blog/now-you-see-me"), { slug: post.slug })).status).toBe(200);
    const { getServices } = await import("~/utils/services.server");
    const { blogPost: table } = await import("~/db/schema");
    const { eq } = await import("drizzle-orm");
    const { db } = await getServices();
    await db.update(table).set({ published: false, publishedAt: null }).where(eq(table.id, post.id));
    expect((await callRoute(blogPost.loader, makeRequest("/blog/now-you-see-me"), { slug: post.slug })).status).toBe(404);
  });
});
