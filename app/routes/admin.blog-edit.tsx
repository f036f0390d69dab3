import { data, redirect } from "react-router";
import { AdminPage } from "~/features/admin/admin-ui";
import { requireAdmin } from "~/features/auth/session.server";
import { PostIdSchema } from "~/features/blog/blog.schema";
import { getPostForEdit } from "~/features/blog/blog.server";
import { PostEditor } from "~/features/blog/post-editor";
import { savePost } from "~/features/blog/post-form.server";
import { ownerLanguageIn, ownerT, useOwnerT } from "~/features/languages/owner/owner-language";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { notFound, readForm } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { Language } from "~/features/languages/languages";
import type { Route } from "./+types/admin.blog-edit";

function readPostId(params: Route.LoaderArgs["params"], language: Language) {
  const parsed = PostIdSchema.safeParse(params.postId);
  if (!parsed.success) notFound(ownerT("adminBlog", language)("notFound"));
  return parsed.data;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const language = ownerLanguageFor(admin, request.headers.get("accept-language"));
  const postId = readPostId(params, language);
  const { db } = await getServices();
  const post = await getPostForEdit(db, { postId });
  if (!post) notFound(ownerT("adminBlog", language)("notFound"));
  return { post };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const language = ownerLanguageFor(admin, request.headers.get("accept-language"));
  const postId = readPostId(params, language);
  const { db } = await getServices();
  const outcome = await savePost(db, { userId: admin.id, language, postId, form: await readForm(request) });
  if (outcome.kind === "missing") notFound(ownerT("adminBlog", language)("notFound"));
  if (outcome.kind === "refused") return data(outcome.result, { status: 400 });
  if (outcome.kind === "failed") return data(outcome.result, { status: 503 });
  return redirect("/admin/blog?notice=saved");
}

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post } = loaderData;
  const t = useOwnerT("adminBlog");
  return (
    <AdminPage title={t("editPage.title")} description={t(post.published ? "editPage.published" : "editPage.draft")}>
      <PostEditor
        key={post.id}
        post={{
          title: post.title,
          slug: post.slug,
          excerpt: post.excerpt ?? "",
          content: post.content,
          bannerImageUrl: post.bannerImageUrl ?? "",
          publish: post.published,
        }}
        result={actionData}
        submitLabel={t("editPage.submit")}
      />
    </AdminPage>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("adminBlog", ownerLanguageIn(matches))("editPage.pageTitle") }];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useOwnerT("adminBlog");
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: { title: t("editPage.notFound.title"), message: t("editPage.notFound.message") } }}
      unexpectedErrorHandler={{ title: t("editPage.failed.title"), message: t("editPage.failed.message") }}
      back={{ to: "/admin/blog", label: t("editPage.back") }}
    />
  );
}
