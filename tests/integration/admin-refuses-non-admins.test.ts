import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import * as adminBlog from "~/routes/admin.blog";
import * as editPost from "~/routes/admin.blog-edit";
import * as newPost from "~/routes/admin.blog-new";
import * as adminSubscriptions from "~/routes/admin.subscriptions";
import * as adminUsers from "~/routes/admin.users";
import { getServices } from "~/utils/services.server";
import { createUser } from "../support/factories";
import { callRoute, expectRedirect, makeRequest, type Handler } from "../support/http";
import { insertPost, insertSubscription, pngFile } from "../support/admin-support";

async function snapshot() {
  const { db } = await getServices();
  const [users, posts, subscriptions, audit, uploads] = await Promise.all([
    db.select({ id: schema.user.id, role: schema.user.role, isPro: schema.user.isPro }).from(schema.user),
    db.select().from(schema.blogPost),
    db.select().from(schema.subscription),
    db.select().from(schema.adminAudit),
    db.select().from(schema.upload),
  ]);
  const byKey = <T>(rows: T[], key: (row: T) => string) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));
  return {
    users: byKey(users, (row) => row.id),
    posts: byKey(posts, (row) => row.id),
    subscriptions: byKey(subscriptions, (row) => row.userId),
    audit,
    uploads,
  };
}

describe("admin actions refuse non-admins", () => {
  it("redirects every intent to /dashboard and changes nothing", async () => {
    const user = await createUser();
    const victim = await createUser();
    await insertSubscription(victim.id, { status: "active" });
    const draft = await insertPost({ title: "Draft", slug: "refuse-draft" });
    const published = await insertPost({ title: "Live", slug: "refuse-live", published: true, publishedAt: new Date() });
    const before = await snapshot();

    const attempts: Array<[Handler, string, Record<string, string | Blob>, Record<string, string>?]> = [
      [adminUsers.action, "/admin/users", { intent: "setRole", userId: user.id, role: "admin" }],
      [adminUsers.action, "/admin/users", { intent: "setRole", userId: victim.id, role: "admin" }],
      [adminSubscriptions.action, "/admin/subscriptions", { intent: "setPlan", userId: user.id, plan: "pro" }],
      [adminSubscriptions.action, "/admin/subscriptions", { intent: "setStatus", userId: victim.id, status: "canceled" }],
      [adminBlog.action, "/admin/blog", { intent: "publish", postId: draft.id }],
      [adminBlog.action, "/admin/blog", { intent: "unpublish", postId: published.id }],
      [adminBlog.action, "/admin/blog", { intent: "delete", postId: published.id }],
      [newPost.action, "/admin/blog/new", { title: "Spam", content: "Buy now", publish: "on", bannerFile: pngFile() }],
      [
        editPost.action,
        `/admin/blog/${published.id}/edit`,
        { title: "Defaced", content: "<script>x</script>", publish: "on" },
        { postId: published.id },
      ],
    ];
    for (const [action, path, form, params] of attempts) {
      expectRedirect(await callRoute(action, makeRequest(path, { cookie: user.cookie, form }), params), "/dashboard");
      expectRedirect(await callRoute(action, makeRequest(path, { form }), params), "/signin");
    }
    expect(await snapshot()).toEqual(before);
  });
});
