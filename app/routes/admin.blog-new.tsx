/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { data, redirect } from "react-router";
import { AdminPage } from "~/features/admin/admin-ui";
import { requireAdmin } from "~/features/auth/session.server";
import { PostEditor } from "~/features/blog/post-editor";
import { savePost } from "~/features/blog/post-form.server";
import { notFound, readForm } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/admin.blog-new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const { db } = await getServices();
  const outcome = await savePost(db, { userId: admin.id, form: await readForm(request) });
  if (outcome.kind === "missing") notFound("Blog post not found");
  if (outcome.kind === "refused") return data(outcome.result, { status: 400 });
  if (outcome.kind === "failed") return data(outcome.result, { status: 503 });
  return redirect("/admin/blog?notice=saved");
}

const EMPTY = { title: "", slug: "", excerpt: "", content: "", bannerImageUrl: "", publish: false };

export default function NewPost({ actionData }: Route.ComponentProps) {
  return (
    <AdminPage title="New Blog Post">
      <PostEditor post={EMPTY} result={actionData} submitLabel="Create Post" />
    </AdminPage>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "New Blog Post · LeadQR" }];
