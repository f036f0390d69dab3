import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import * as adminBlog from "~/routes/admin.blog";
import * as editPost from "~/routes/admin.blog-edit";
import * as newPost from "~/routes/admin.blog-new";
import { getServices } from "~/utils/services.server";
import { createUser } from "../support/factories";
import { callRoute, expectRedirect, makeRequest } from "../support/http";
import { insertPost, pngFile } from "../support/admin-support";

let admin: { id: string; cookie: string; email: string };
beforeAll(async () => {
  admin = await createUser({ role: "admin" });
});

const postForm = (form: Record<string, string | Blob>) => makeRequest("/admin/blog/new", { cookie: admin.cookie, form });
const findPost = async (slug: string) => {
  const { db } = await getServices();
  const [row] = await db.select().from(schema.blogPost).where(eq(schema.blogPost.slug, slug));
  return row;
};
const auditOf = async (target: string) => {
  const { db } = await getServices();
  return db.select().from(schema.adminAudit).where(eq(schema.adminAudit.target, target));
};

describe("creating a post", () => {
  it("derives the slug from the title, sets the author and publishes when asked", async () => {
    const result = await callRoute(
      newPost.action,
      postForm({ title: "10 Tips for QR Codes!", slug: "", excerpt: "Short", content: "## Tips\n* One", publish: "on" }),
    );
    expectRedirect(result, "/admin/blog?notice=saved");
    const post = await findPost("10-tips-for-qr-codes");
    expect(post).toMatchObject({
      title: "10 Tips for QR Codes!",
      excerpt: "Short",
      content: "## Tips\n* One",
      published: true,
      authorId: admin.id,
      bannerImageUrl: null,
    });
    expect(post!.publishedAt).toBeInstanceOf(Date);
    expect(await auditOf(`blog_post:${post!.id}`)).toEqual([expect.objectContaining({ actorId: admin.id, action: "blog.create" })]);
  });

  it("saves a draft without a publication date", async () => {
    await callRoute(newPost.action, postForm({ title: "Draft only", content: "Body" }));
    expect(await findPost("draft-only")).toMatchObject({ published: false, publishedAt: null, excerpt: null });
  });

  it("asks for the required fields", async () => {
    for (const form of [{ title: "", content: "x" }, { title: "T", content: "   " }, { title: "!!!", slug: "", content: "x" }, {}] as Array<
      Record<string, string>
    >) {
      const result = await callRoute(newPost.action, postForm(form));
      expect(result.status).toBe(400);
      expect(result.data.formError).toBe("Please fill in all required fields");
    }
  });

  it("refuses a taken slug with a clear field error", async () => {
    await insertPost({ title: "First", slug: "taken-slug" });
    const result = await callRoute(newPost.action, postForm({ title: "Second", slug: "taken-slug", content: "x" }));
    expect(result.status).toBe(400);
    expect(result.data.fieldErrors.slug).toBe("This slug is already used by another post. Choose another one.");
    expect(result.data.values.title).toBe("Second");
  });

  it("bounds field lengths with 400s, never 500s", async () => {
    const cases = [
      [{ title: "x".repeat(201), content: "x" }, "title"],
      [{ title: "t", slug: "s".repeat(201), content: "x" }, "slug"],
      [{ title: "t", excerpt: "e".repeat(501), content: "x" }, "excerpt"],
      [{ title: "t", content: "c".repeat(100_001) }, "content"],
    ] as const;
    for (const [form, field] of cases) {
      const result = await callRoute(newPost.action, postForm(form));
      expect(result.status).toBe(400);
      expect(result.data.fieldErrors[field]).toMatch(/at most/);
    }
  });

  it("accepts https banner URLs only", async () => {
    for (const url of [
      "http://example.com/a.png",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "ftp://example.com/a.png",
      "/etc/passwd",
      "not a url",
    ]) {
      const result = await callRoute(newPost.action, postForm({ title: "Banner", content: "x", bannerImageUrl: url }));
      expect(result.status).toBe(400);
      expect(result.data.fieldErrors.bannerImageUrl).toBe("Banner URL must start with https://");
    }
    expectRedirect(
      await callRoute(newPost.action, postForm({ title: "Banner ok", content: "x", bannerImageUrl: "https://cdn.example.com/b.jpg" })),
      "/admin/blog?notice=saved",
    );
    expect((await findPost("banner-ok"))?.bannerImageUrl).toBe("https://cdn.example.com/b.jpg");
  });

  it("stores an uploaded banner under blog-banners/, checked by content", async () => {
    expectRedirect(
      await callRoute(newPost.action, postForm({ title: "With upload", content: "x", bannerFile: pngFile() })),
      "/admin/blog?notice=saved",
    );
    expect((await findPost("with-upload"))?.bannerImageUrl).toMatch(/^\/uploads\/blog-banners\/[0-9]+-[0-9a-f]{16}\.png$/);

    const fake = new File(["<svg onload=alert(1)>"], "evil.png", { type: "image/png" });
    const notImage = await callRoute(newPost.action, postForm({ title: "Fake image", content: "x", bannerFile: fake }));
    expect(notImage.status).toBe(400);
    expect(notImage.data.fieldErrors.bannerFile).toBe("Please select an image file");

    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], "huge.png", { type: "image/png" });
    const tooLarge = await callRoute(newPost.action, postForm({ title: "Huge image", content: "x", bannerFile: huge }));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.data.fieldErrors.bannerFile).toBe("Image size must be less than 5MB");
    expect(await findPost("fake-image")).toBeUndefined();
    expect(await findPost("huge-image")).toBeUndefined();
  });
});

describe("editing a post", () => {
  it("updates fields and keeps the first publication date", async () => {
    const publishedAt = new Date("2026-01-02T03:04:05Z");
    const post = await insertPost({ title: "Old title", slug: "old-title", published: true, publishedAt });
    const request = makeRequest(`/admin/blog/${post.id}/edit`, {
      cookie: admin.cookie,
      form: { title: "New title", slug: "new-title", content: "New body", publish: "on" },
    });
    expectRedirect(await callRoute(editPost.action, request, { postId: post.id }), "/admin/blog?notice=saved");
    expect(await findPost("new-title")).toMatchObject({ id: post.id, title: "New title", content: "New body", published: true, publishedAt });
  });

  it("loads the post for the editor and 404s unknown or malformed ids", async () => {
    const post = await insertPost({ title: "Editable", slug: "editable", excerpt: "E" });
    const loaded = (await callRoute(editPost.loader, makeRequest(`/admin/blog/${post.id}/edit`, { cookie: admin.cookie }), { postId: post.id })).data;
    expect(loaded.post).toMatchObject({ title: "Editable", slug: "editable", excerpt: "E" });
    for (const postId of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      expect((await callRoute(editPost.loader, makeRequest(`/admin/blog/${postId}/edit`, { cookie: admin.cookie }), { postId })).status).toBe(404);
      const save = makeRequest(`/admin/blog/${postId}/edit`, { cookie: admin.cookie, form: { title: "T", content: "C" } });
      expect((await callRoute(editPost.action, save, { postId })).status).toBe(404);
    }
  });

  it("refuses to take another post's slug", async () => {
    await insertPost({ title: "A", slug: "slug-a" });
    const b = await insertPost({ title: "B", slug: "slug-b" });
    const request = makeRequest(`/admin/blog/${b.id}/edit`, { cookie: admin.cookie, form: { title: "B", slug: "slug-a", content: "x" } });
    const result = await callRoute(editPost.action, request, { postId: b.id });
    expect(result.status).toBe(400);
    expect(result.data.fieldErrors.slug).toMatch(/already used/);
    expect((await findPost("slug-b"))?.id).toBe(b.id);
  });
});

describe("the post list", () => {
  const act = (form: Record<string, string>) => callRoute(adminBlog.action, makeRequest("/admin/blog", { cookie: admin.cookie, form }));

  it("publishes (published_at now) and unpublishes (cleared)", async () => {
    const post = await insertPost({ title: "Toggle", slug: "toggle-me" });
    const before = Date.now();
    expect((await act({ intent: "publish", postId: post.id })).data.message).toBe("Post published.");
    const published = await findPost("toggle-me");
    expect(published!.published).toBe(true);
    expect(published!.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await act({ intent: "unpublish", postId: post.id })).data.message).toBe("Post unpublished.");
    expect(await findPost("toggle-me")).toMatchObject({ published: false, publishedAt: null });
    expect((await auditOf(`blog_post:${post.id}`)).map((row) => row.action)).toEqual(["blog.publish", "blog.unpublish"]);
  });

  it("deletes after the confirmation step", async () => {
    const post = await insertPost({ title: "Doomed", slug: "doomed" });
    const confirm = (await callRoute(adminBlog.loader, makeRequest(`/admin/blog?q=Doomed&delete=${post.id}`, { cookie: admin.cookie }))).data;
    expect(confirm.confirmDelete).toMatchObject({ id: post.id, title: "Doomed" });
    const result = await callRoute(
      adminBlog.action,
      makeRequest(`/admin/blog?q=Doomed&delete=${post.id}`, { cookie: admin.cookie, form: { intent: "delete", postId: post.id } }),
    );
    expectRedirect(result, "/admin/blog?q=Doomed&notice=deleted");
    expect(await findPost("doomed")).toBeUndefined();
  });

  it("answers 400 for bad intents and ids, 404 for unknown posts", async () => {
    expect((await act({ intent: "explode", postId: "x" })).status).toBe(400);
    expect((await act({ intent: "publish", postId: "not-a-uuid" })).status).toBe(400);
    expect(
      (
        await callRoute(
          adminBlog.action,
          makeRequest("/admin/blog", { cookie: admin.cookie, form: { intent: "delete", postId: "00000000-0000-4000-8000-000000000000" } }),
        )
      ).status,
    ).toBe(404);
  });

  it("searches title and content and filters by status", async () => {
    await insertPost({ title: "Zebra marketing", slug: "zebra-1", published: true, publishedAt: new Date() });
    await insertPost({ title: "Other", slug: "zebra-2", content: "All about ZEBRA crossings" });
    await insertPost({ title: "100% off", slug: "percent", content: "x" });
    const list = async (query: string) =>
      (await callRoute(adminBlog.loader, makeRequest(`/admin/blog?${query}`, { cookie: admin.cookie }))).data.posts
        .map((post: { slug: string }) => post.slug)
        .sort();
    expect(await list("q=zebra")).toEqual(["zebra-1", "zebra-2"]);
    expect(await list("q=zebra&status=published")).toEqual(["zebra-1"]);
    expect(await list("q=zebra&status=draft")).toEqual(["zebra-2"]);
    expect(await list("q=100%25")).toEqual(["percent"]);
    expect(await list("q=%25")).toEqual(["percent"]);
    expect((await list("status=bogus&page=-3")).length).toBeGreaterThan(3);
  });
});
