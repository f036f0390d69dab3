/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { data, redirect } from "react-router";
import { AdminPage } from "~/features/admin/admin-ui";
import { requireAdmin } from "~/features/auth/session.server";
import { PostIdSchema } from "~/features/blog/blog.schema";
import { getPostForEdit } from "~/features/blog/blog.server";
import { PostEditor } from "~/features/blog/post-editor";
import { savePost } from "~/features/blog/post-form.server";
import { notFound, readForm } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import type { Route } from "./+types/admin.blog-edit";

function readPostId(params: Route.LoaderArgs["params"]) {
  const parsed = PostIdSchema.safeParse(params.postId);
  if (!parsed.success) notFound("Blog post not found");
  return parsed.data;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const postId = readPostId(params);
  const { db } = await getServices();
  const post = await getPostForEdit(db, { postId });
  if (!post) notFound("Blog post not found");
  return { post };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const postId = readPostId(params);
  const { db } = await getServices();
  const outcome = await savePost(db, { userId: admin.id, postId, form: await readForm(request) });
  if (outcome.kind === "missing") notFound("Blog post not found");
  if (outcome.kind === "refused") return data(outcome.result, { status: 400 });
  if (outcome.kind === "failed") return data(outcome.result, { status: 503 });
  return redirect("/admin/blog?notice=saved");
}

export default function EditPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <AdminPage title="Edit Blog Post" description={post.published ? "This post is published." : "This post is a draft."}>
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
        submitLabel="Save Changes"
      />
    </AdminPage>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Edit Blog Post · LeadQR" }];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: { title: "Post Not Found", message: "The blog post you're looking for doesn't exist." } }}
      unexpectedErrorHandler={{ title: "Something went wrong", message: "The post could not be loaded. Please try again." }}
      back={{ to: "/admin/blog", label: "Back to Blog Management" }}
    />
  );
}
