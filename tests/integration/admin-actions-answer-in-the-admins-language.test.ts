// What the admin's actions answer is in the admin's language (docs/features/visitor-languages.md,
// "The owner's screens"): their choice in Settings, else their browser's; English stays the spec's.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import * as adminBlog from "~/routes/admin.blog";
import * as newPost from "~/routes/admin.blog-new";
import * as adminSubscriptions from "~/routes/admin.subscriptions";
import * as adminUsers from "~/routes/admin.users";
import { getServices } from "~/utils/services.server";
import { insertPost, insertSubscription } from "../support/admin-support";
import { createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

async function germanAdmin() {
  const admin = await createUser({ role: "admin" });
  const { db } = await getServices();
  await db.update(schema.user).set({ language: "de" }).where(eq(schema.user.id, admin.id));
  return admin;
}

describe("the admin's actions in their language", () => {
  it("answers role, status and plan changes in German for an admin who chose German", async () => {
    const admin = await germanAdmin();
    const user = await createUser();
    const role = await callRoute<{ message: string }>(
      adminUsers.action,
      makeRequest("/admin/users", { cookie: admin.cookie, form: { intent: "setRole", userId: user.id, role: "admin" } }),
    );
    expect(role.data?.message).toBe("Rolle geändert in Administrator.");

    await insertSubscription(user.id);
    const status = await callRoute<{ message: string }>(
      adminSubscriptions.action,
      makeRequest("/admin/subscriptions", { cookie: admin.cookie, form: { intent: "setStatus", userId: user.id, status: "canceled" } }),
    );
    expect(status.data?.message).toBe("Abonnementstatus auf gekündigt gesetzt.");
    const plan = await callRoute<{ message: string }>(
      adminSubscriptions.action,
      makeRequest("/admin/subscriptions", { cookie: admin.cookie, form: { intent: "setPlan", userId: user.id, plan: "enterprise" } }),
    );
    expect(plan.data?.message).toBe("Tarif auf Enterprise gesetzt.");
  });

  it("answers the blog's actions and the editor's refusals in German", async () => {
    const admin = await germanAdmin();
    const post = await insertPost({ title: "Unverändert" });
    const published = await callRoute<{ message: string }>(
      adminBlog.action,
      makeRequest("/admin/blog", { cookie: admin.cookie, form: { intent: "publish", postId: post.id } }),
    );
    expect(published.data?.message).toBe("Beitrag veröffentlicht.");

    const refused = await callRoute<{ formError: string; fieldErrors: Record<string, string> }>(
      newPost.action,
      makeRequest("/admin/blog/new", {
        cookie: admin.cookie,
        form: { title: "", slug: "", content: "", bannerImageUrl: "http://example.com/a.png" },
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data?.formError).toBe("Bitte füllen Sie alle Pflichtfelder aus");
    expect(refused.data?.fieldErrors.bannerImageUrl).toBe("Die Banner-URL muss mit https:// beginnen");

    const taken = await callRoute<{ fieldErrors: Record<string, string> }>(
      newPost.action,
      makeRequest("/admin/blog/new", { cookie: admin.cookie, form: { title: "Zweiter", slug: post.slug, content: "Text" } }),
    );
    expect(taken.data?.fieldErrors.slug).toBe("Dieser URL-Name wird schon von einem anderen Beitrag verwendet. Wählen Sie einen anderen.");
  });

  it("follows a German browser until the admin chooses, and stays English for an English one", async () => {
    const admin = await createUser({ role: "admin" });
    const user = await createUser();
    const answer = (headers: Record<string, string>) =>
      callRoute<{ message: string }>(
        adminUsers.action,
        makeRequest("/admin/users", { cookie: admin.cookie, headers, form: { intent: "setRole", userId: user.id, role: "user" } }),
      );
    expect((await answer({ "accept-language": "de-DE,de;q=0.9" })).data?.message).toBe("Rolle geändert in Benutzer.");
    expect((await answer({ "accept-language": "en-US" })).data?.message).toBe("Role updated to user.");
  });
});
