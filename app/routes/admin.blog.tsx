import { Eye, Pencil, Plus, Trash2 } from "lucide-react";
import { buttonClass } from "~/components/ui/button";
import { Badge } from "~/components/ui/badge";
import { Td } from "~/components/ui/table";
import { useEffect, useRef } from "react";
import { Form, Link, redirect, useLocation, useNavigate } from "react-router";
import { ActionNotice, AdminPage, EmptyRow, ListFilters, Pagination, resultOf, AdminTable } from "~/features/admin/admin-ui";
import { readListQuery } from "~/features/admin/admin.schema";
import { requireAdmin } from "~/features/auth/session.server";
import { POST_STATUS_FILTERS, PostIdSchema, PostListActionSchema } from "~/features/blog/blog.schema";
import { deletePost, listPostsForAdmin, setPostPublished } from "~/features/blog/blog.server";
import { ownerLanguageIn, ownerT, useOwnerDates, useOwnerT } from "~/features/languages/owner/owner-language";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { formFields, notFound, submit, readForm } from "~/utils/http.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/admin.blog";

const NOTICES = ["saved", "deleted"] as const;
const isNotice = (value: string | null): value is (typeof NOTICES)[number] => NOTICES.includes(value as never);

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
    notice: isNotice(notice) ? notice : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const parsed = submit(PostListActionSchema, formFields(await readForm(request)));
  if (!parsed.ok) return parsed.response;
  const { db } = await getServices();
  const t = ownerT("adminBlog", ownerLanguageFor(admin, request.headers.get("accept-language")));
  const { intent, postId } = parsed.value;
  if (intent === "delete") {
    if (!(await deletePost(db, { actorId: admin.id, postId }))) notFound(t("notFound"));
    const url = new URL(request.url);
    url.searchParams.delete("delete");
    url.searchParams.set("notice", "deleted");
    return redirect(`/admin/blog${url.search}`);
  }
  const published = intent === "publish";
  if (!(await setPostPublished(db, { actorId: admin.id, postId, published }))) notFound(t("notFound"));
  return { message: t(published ? "notices.published" : "notices.unpublished") };
}

const STATUS_OPTIONS = ["all", "published", "draft"] as const;
const COLUMNS = ["title", "status", "author", "date", "actions"] as const;
const postPath = (slug: string) => `/blog/${slug}`;

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, q, status, page, total, confirmDelete, notice } = loaderData;
  const t = useOwnerT("adminBlog");
  const dates = useOwnerDates();
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
      title={t("title")}
      description={t("description")}
      actions={
        <Link to="/admin/blog/new" className={buttonClass({ size: "md" })}>
          <Plus aria-hidden className="h-4 w-4" /> {t("newPost")}
        </Link>
      }
    >
      <ListFilters
        q={q}
        searchLabel={t("search")}
        placeholder={t("placeholder")}
        filter={{
          name: "status",
          label: t("statusFilter"),
          value: status,
          options: STATUS_OPTIONS.map((value) => ({ value, label: t(`filters.${value}`) })),
        }}
      />
      <ActionNotice result={resultOf(actionData) ?? (notice ? { message: t(`notices.${notice}`) } : null)} />
      <AdminTable caption={t("caption")} head={COLUMNS.map((column) => t(`columns.${column}`))}>
        {posts.length === 0 ? (
          <EmptyRow colSpan={5}>{q || status !== "all" ? t("noMatches") : t("empty")}</EmptyRow>
        ) : (
          posts.map((post) => (
            <tr key={post.id}>
              <Td>
                <span className="block font-medium text-gray-900">{post.title}</span>
                <span className="block font-mono text-xs text-gray-500">{postPath(post.slug)}</span>
              </Td>
              <Td>{post.published ? <Badge color="green">{t("published")}</Badge> : <Badge color="yellow">{t("draft")}</Badge>}</Td>
              <Td>{post.authorEmail ?? t("team")}</Td>
              <Td className="whitespace-nowrap">{dates.day(post.publishedAt ?? post.createdAt)}</Td>
              <Td>
                <div className="flex flex-wrap gap-2">
                  <Link
                    to={`/blog/${post.slug}`}
                    className={buttonClass({ variant: "secondary", size: "sm" })}
                    aria-label={t("viewNamed", { title: post.title })}
                  >
                    <Eye aria-hidden className="h-4 w-4" /> {t("view")}
                  </Link>
                  <Link
                    to={`/admin/blog/${post.id}/edit`}
                    className={buttonClass({ variant: "secondary", size: "sm" })}
                    aria-label={t("editNamed", { title: post.title })}
                  >
                    <Pencil aria-hidden className="h-4 w-4" /> {t("edit")}
                  </Link>
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="intent" value={post.published ? "unpublish" : "publish"} />
                    <input type="hidden" name="postId" value={post.id} />
                    <button
                      type="submit"
                      className={buttonClass({ variant: "secondary", size: "sm" })}
                      aria-label={t(post.published ? "unpublishNamed" : "publishNamed", { title: post.title })}
                    >
                      {t(post.published ? "unpublish" : "publish")}
                    </button>
                  </Form>
                  <Link
                    to={withParam("delete", post.id)}
                    preventScrollReset
                    className={buttonClass({ variant: "danger-outline", size: "sm" })}
                    aria-label={t("deleteNamed", { title: post.title })}
                  >
                    <Trash2 aria-hidden className="h-4 w-4" /> {t("delete")}
                  </Link>
                </div>
              </Td>
            </tr>
          ))
        )}
      </AdminTable>
      <Pagination page={page} total={total} counted={t("count", { count: total })} />
      {confirmDelete ? <ConfirmDelete post={confirmDelete} cancelHref={withParam("delete", null)} /> : null}
    </AdminPage>
  );
}

function ConfirmDelete({ post, cancelHref }: { post: { id: string; title: string }; cancelHref: string }) {
  const t = useOwnerT("adminBlog");
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
          {t("confirm.title")}
        </h2>
        <p id="delete-text" className="mt-2 text-sm text-gray-600">
          {t("confirm.text", { title: post.title })}
        </p>
        <Form method="post" className="mt-6 flex justify-end gap-2">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="postId" value={post.id} />
          <Link ref={cancelRef} to={cancelHref} preventScrollReset className={buttonClass({ variant: "secondary", size: "sm" })}>
            {t("confirm.cancel")}
          </Link>
          <button
            type="submit"
            className="inline-flex items-center gap-2 rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700"
          >
            <Trash2 aria-hidden className="h-4 w-4" /> {t("confirm.delete")}
          </button>
        </Form>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: ownerT("adminBlog", ownerLanguageIn(matches))("pageTitle") }];
