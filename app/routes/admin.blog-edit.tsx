import { isRouteErrorResponse, Link } from "react-router";
import { AdminPage } from "~/features/admin/admin-ui";
import { requireAdmin } from "~/features/auth/session.server";
import { PostIdSchema } from "~/features/blog/blog.schema";
import { getPostForEdit } from "~/features/blog/blog.server";
import { PostEditor } from "~/features/blog/post-editor";
import { savePostFromForm } from "~/features/blog/post-form.server";
import { notFound } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
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
  return savePostFromForm({ request, admin, postId });
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
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">{missing ? "Post Not Found" : "Something went wrong"}</h1>
      <p className="mt-2 text-gray-600">
        {missing ? "The blog post you're looking for doesn't exist." : "The post could not be loaded. Please try again."}
      </p>
      <Link to="/admin/blog" className="mt-6 inline-block font-medium text-blue-700 hover:text-blue-800">
        Back to Blog Management
      </Link>
    </main>
  );
}
