import { data, redirect } from "react-router";
import { AdminPage } from "~/features/admin/admin-ui";
import { requireAdmin } from "~/features/auth/session.server";
import { PostEditor } from "~/features/blog/post-editor";
import { savePost } from "~/features/blog/post-form.server";
import { ownerLanguageIn, ownerT, useOwnerT } from "~/features/languages/owner/owner-language";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
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
  const language = ownerLanguageFor(admin, request.headers.get("accept-language"));
  const outcome = await savePost(db, { userId: admin.id, language, form: await readForm(request) });
  if (outcome.kind === "missing") notFound(ownerT("adminBlog", language)("notFound"));
  if (outcome.kind === "refused") return data(outcome.result, { status: 400 });
  if (outcome.kind === "failed") return data(outcome.result, { status: 503 });
  return redirect("/admin/blog?notice=saved");
}

const EMPTY = { title: "", slug: "", excerpt: "", content: "", bannerImageUrl: "", publish: false };

export default function NewPost({ actionData }: Route.ComponentProps) {
  const t = useOwnerT("adminBlog");
  return (
    <AdminPage title={t("newPage.title")}>
      <PostEditor post={EMPTY} result={actionData} submitLabel={t("newPage.submit")} />
    </AdminPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("adminBlog", ownerLanguageIn(matches))("newPage.pageTitle") }];
