/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { Eye, Pencil, Plus, Trash2 } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { Badge } from "~/components/ui/badge";
import { Td } from "~/components/ui/table";
import { useEffect, useRef } from "react";
import { Form, Link, redirect, useLocation, useNavigate } from "react-router";
import { ActionNotice, AdminPage, EmptyRow, ListFilters, Pagination, resultOf, AdminTable } from "~/features/admin/admin-ui";
import { readListQuery } from "~/features/admin/admin.schema";
import { requireAdmin } from "~/features/auth/session.server";
import { formatPostDate } from "~/features/blog/blog";
import { POST_STATUS_FILTERS, PostIdSchema, PostListActionSchema } from "~/features/blog/blog.schema";
import { deletePost, listPostsForAdmin, setPostPublished } from "~/features/blog/blog.server";
import { formFields, notFound, submit, readForm } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/admin.blog";

const NOTICES = { saved: "Post saved.", deleted: "Post deleted." } as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { q, filter, page } = readListQuery(request, POST_STATUS_FILTERS, "status");
  const params = new URL(request.url).searchParams;
  const { db } = await getServices();
  const { rows, total } = await listPostsForAdmin(db, { q, status: filter, page });
  const posts = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), publishedAt: row.publishedAt?.toISOString() ?? null }));
  // Deleting asks first: ?delete=<id> shows the confirmation, with or without JavaScript.
  const deleteId = PostIdSchema.safeParse(params.get("delete"));
  const notice = params.get("notice");
  return {
    q,
    status: filter,
    page,
    total,
    posts,
    confirmDelete: deleteId.success ? (posts.find((post) => post.id === deleteId.data) ?? null) : null,
    notice: notice && notice in NOTICES ? NOTICES[notice as keyof typeof NOTICES] : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = submit(PostListActionSchema, formFields(await readForm(request)));
  if (!parsed.ok) return parsed.response;
  const { db } = await getServices();
  const { intent, postId } = parsed.value;
  if (intent === "delete") {
    if (!(await deletePost(db, { actorId: admin.id, postId }))) notFound("Blog post not found");
    const url = new URL(request.url);
    url.searchParams.delete("delete");
    url.searchParams.set("notice", "deleted");
    return redirect(`/admin/blog${url.search}`);
  }
  const published = intent === "publish";
  if (!(await setPostPublished(db, { actorId: admin.id, postId, published }))) notFound("Blog post not found");
  return { message: published ? "Post published." : "Post unpublished." };
}

const STATUS_OPTIONS = [
  { value: "all", label: "All posts" },
  { value: "published", label: "Published" },
  { value: "draft", label: "Drafts" },
];

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, q, status, page, total, confirmDelete, notice } = loaderData;
  const location = useLocation();
  const withParam = (name: string, value: string | null) => {
    const params = new URLSearchParams(location.search);
    params.delete("notice");
    if (value === null) params.delete(name);
    else params.set(name, value);
    const query = params.toString();
    return query ? `?${query}` : "/admin/blog";
  };
  return (
    <AdminPage
      title="Blog Management"
      description="Write, publish and edit blog posts."
      actions={
        <Link to="/admin/blog/new" className={buttonClass({ size: "md" })}>
          <Plus aria-hidden className="h-4 w-4" /> New Post
        </Link>
      }
    >
      <ListFilters
        q={q}
        searchLabel="Search title and content"
        placeholder="Search posts..."
        filter={{ name: "status", label: "Status", value: status, options: STATUS_OPTIONS }}
      />
      <ActionNotice result={resultOf(actionData) ?? (notice ? { message: notice } : null)} />
      <AdminTable caption="Blog posts" head={["Title", "Status", "Author", "Date", "Actions"]}>
        {posts.length === 0 ? (
          <EmptyRow colSpan={5}>{q || status !== "all" ? "No posts match your filters" : "No blog posts yet"}</EmptyRow>
        ) : (
          posts.map((post) => (
            <tr key={post.id}>
              <Td>
                <span className="block font-medium text-gray-900">{post.title}</span>
                <span className="block font-mono text-xs text-gray-500">/blog/{post.slug}</span>
              </Td>
              <Td>{post.published ? <Badge color="green">Published</Badge> : <Badge color="yellow">Draft</Badge>}</Td>
              <Td>{post.authorEmail ?? "LeadQR Team"}</Td>
              <Td className="whitespace-nowrap">{formatPostDate(post.publishedAt ?? post.createdAt)}</Td>
              <Td>
                <div className="flex flex-wrap gap-2">
                  <Link to={`/blog/${post.slug}`} className={buttonClass({ variant: "secondary", size: "sm" })} aria-label={`View ${post.title}`}>
                    <Eye aria-hidden className="h-4 w-4" /> View
                  </Link>
                  <Link
                    to={`/admin/blog/${post.id}/edit`}
                    className={buttonClass({ variant: "secondary", size: "sm" })}
                    aria-label={`Edit ${post.title}`}
                  >
                    <Pencil aria-hidden className="h-4 w-4" /> Edit
                  </Link>
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value={post.published ? "unpublish" : "publish"} />
                    <input type="hidden" name="postId" value={post.id} />
                    <button
                      type="submit"
                      className={buttonClass({ variant: "secondary", size: "sm" })}
                      aria-label={`${post.published ? "Unpublish" : "Publish"} ${post.title}`}
                    >
                      {post.published ? "Unpublish" : "Publish"}
                    </button>
                  </Form>
                  <Link
                    to={withParam("delete", post.id)}
                    preventScrollReset
                    className={buttonClass({ variant: "danger-outline", size: "sm" })}
                    aria-label={`Delete ${post.title}`}
                  >
                    <Trash2 aria-hidden className="h-4 w-4" /> Delete
                  </Link>
                </div>
              </Td>
            </tr>
          ))
        )}
      </AdminTable>
      <Pagination page={page} total={total} noun="post" />
      {confirmDelete ? <ConfirmDelete post={confirmDelete} cancelHref={withParam("delete", null)} /> : null}
    </AdminPage>
  );
}

function ConfirmDelete({ post, cancelHref }: { post: { id: string; title: string }; cancelHref: string }) {
  const cancelRef = useRef<HTMLAnchorElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    cancelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(cancelHref, { preventScrollReset: true });
      // A modal keeps the keyboard inside it: Tab cycles between its own controls.
      if (event.key === "Tab" && dialogRef.current) {
        const controls = [...dialogRef.current.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
        const first = controls[0];
        const last = controls.at(-1);
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        } else if (!dialogRef.current.contains(document.activeElement)) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [cancelHref, navigate]);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4">
      <div
        ref={dialogRef}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="delete-title"
        aria-describedby="delete-text"
        className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl"
      >
        <h2 id="delete-title" className="text-lg font-semibold text-gray-900">
          Delete this post?
        </h2>
        <p id="delete-text" className="mt-2 text-sm text-gray-600">
          Are you sure you want to delete “{post.title}”? This action cannot be undone.
        </p>
        <Form method="post" className="mt-6 flex justify-end gap-2">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="postId" value={post.id} />
          <Link ref={cancelRef} to={cancelHref} preventScrollReset className={buttonClass({ variant: "secondary", size: "sm" })}>
            Cancel
          </Link>
          <button
            type="submit"
            className="inline-flex items-center gap-2 rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700"
          >
            <Trash2 aria-hidden className="h-4 w-4" /> Delete Post
          </button>
        </Form>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Blog Management · LeadQR" }];
