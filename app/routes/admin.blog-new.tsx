import { AdminPage } from "~/features/admin/admin-ui";
import { requireAdmin } from "~/features/auth/session.server";
import { PostEditor } from "~/features/blog/post-editor";
import { savePostFromForm } from "~/features/blog/post-form.server";
import type { Route } from "./+types/admin.blog-new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return savePostFromForm({ request, admin });
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
