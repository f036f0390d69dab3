// Paging for the admin area's lists (the blog's included): pages of 25, a page's offset, and the
// query string of another page that keeps the search and filter.

export const PAGE_SIZE = 25;

export function pageOffset(page: number) {
  return (Math.max(1, Math.floor(page)) - 1) * PAGE_SIZE;
}

export function pageCount(total: number) {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/** The query string for another page of the same list, keeping search and filter. */
export function pageHref(search: URLSearchParams | string, page: number) {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}
