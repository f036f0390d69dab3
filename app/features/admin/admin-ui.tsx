import { ArrowLeft, ChevronLeft, ChevronRight, Search } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { controlClass } from "~/components/ui/input";
import { Table, TableScroller, TBody, Th, THead } from "~/components/ui/table";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import { useSearchAsYouType } from "~/components/use-search-as-you-type";
import { useOwnerT } from "~/features/languages/owner/owner-language";
import { pageCount, pageHref } from "~/utils/paging";

export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  const t = useOwnerT("admin");
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <Link to="/admin" className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:text-blue-800">
        <ArrowLeft aria-hidden className="h-4 w-4" /> {t("back")}
      </Link>
      <PageHeader title={title} description={description} actions={actions} />
      <div className="mt-6 space-y-6">{children}</div>
    </main>
  );
}

/** A GET form: search and filter live in the URL, so results can be linked, paged and used without JavaScript. */
export function ListFilters({
  q,
  searchLabel,
  placeholder,
  filter,
}: {
  q: string;
  searchLabel: string;
  placeholder: string;
  filter?: { name: string; label: string; value: string; options: ReadonlyArray<{ value: string; label: string }> };
}) {
  const t = useOwnerT("admin");
  const searchAsYouType = useSearchAsYouType();
  return (
    <Form
      method="get"
      role="search"
      {...searchAsYouType}
      className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:flex-row sm:items-end"
    >
      <div className="flex-1">
        <label htmlFor="admin-search" className="block text-sm font-medium text-gray-700">
          {searchLabel}
        </label>
        <input
          id="admin-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={200}
          placeholder={placeholder}
          className={`mt-1 ${controlClass({ size: "sm" })}`}
        />
      </div>
      {filter ? (
        <div className="sm:w-48">
          <label htmlFor="admin-filter" className="block text-sm font-medium text-gray-700">
            {filter.label}
          </label>
          <select id="admin-filter" name={filter.name} defaultValue={filter.value} className={`mt-1 ${controlClass({ size: "sm" })}`}>
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <button type="submit" className={buttonClass({ size: "md" })}>
        <Search aria-hidden className="h-4 w-4" /> {t("search")}
      </button>
    </Form>
  );
}

/** `counted`: the list's total in words ("1 user", "12 users"), from its own namespace's `count` plural. */
export function Pagination({ page, total, counted }: { page: number; total: number; counted: string }) {
  const t = useOwnerT("admin");
  const location = useLocation();
  const pages = pageCount(total);
  return (
    <nav aria-label={t("pagination.label")} className="flex flex-col items-center justify-between gap-3 text-sm text-gray-600 sm:flex-row">
      <p>
        {counted} · {t("pagination.page", { page: Math.min(page, pages), pages })}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={pageHref(location.search, page - 1)} className={buttonClass({ variant: "secondary", size: "sm" })} rel="prev">
            <ChevronLeft aria-hidden className="h-4 w-4" /> {t("pagination.previous")}
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={pageHref(location.search, page + 1)} className={buttonClass({ variant: "secondary", size: "sm" })} rel="next">
            {t("pagination.next")} <ChevronRight aria-hidden className="h-4 w-4" />
          </Link>
        ) : null}
      </div>
    </nav>
  );
}

export function EmptyRow({ colSpan, children }: { colSpan: number; children: React.ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-gray-500">
        {children}
      </td>
    </tr>
  );
}

/** An admin list: a framed table with one `Th` per heading, stacked on a phone; rows are `<tr>` of `Td`. */
export function AdminTable({ caption, head, children }: { caption: string; head: string[]; children: React.ReactNode }) {
  return (
    <TableScroller label={caption} framed>
      <Table caption={caption} stackOnPhone>
        <THead>
          {head.map((label) => (
            <Th key={label}>{label}</Th>
          ))}
        </THead>
        <TBody labels={head}>{children}</TBody>
      </Table>
    </TableScroller>
  );
}

/** The outcome of the last action, announced to screen readers. */
export function ActionNotice({ result }: { result?: { message?: string; error?: string; invalid?: boolean } | null }) {
  const t = useOwnerT("admin");
  const navigation = useNavigation();
  if (!result || navigation.state === "submitting") return null;
  if (result.error || result.invalid) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
        {result.error || t("invalidRequest")}
      </div>
    );
  }
  if (result.message) {
    return (
      <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-800">
        {result.message}
      </div>
    );
  }
  return null;
}

/** The first message of a 400 `{ fieldErrors }` answer (`invalid` without one), or an `{ error }`. */
export function resultOf(actionData: unknown): { message?: string; error?: string; invalid?: boolean } | null {
  if (!actionData || typeof actionData !== "object") return null;
  const value = actionData as { message?: string; error?: string; fieldErrors?: Record<string, string> };
  if (value.fieldErrors) {
    const first = Object.values(value.fieldErrors)[0];
    return first ? { error: first } : { invalid: true };
  }
  return { message: value.message, error: value.error };
}

/** An account's plan as every admin list shows it: the name `planOfRow` gives. */
export function PlanBadge({ plan }: { plan: string }) {
  return <Badge color={plan === "Free" ? "gray" : plan === "Enterprise" ? "purple" : "blue"}>{plan}</Badge>;
}
