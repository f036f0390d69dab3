// Pure helpers for the admin lists: paging and search patterns.

export const PAGE_SIZE = 25;
export const RECENT_DAYS = 7;

export function pageOffset(page: number) {
  return (Math.max(1, Math.floor(page)) - 1) * PAGE_SIZE;
}

export function pageCount(total: number) {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

export { containsPattern } from "~/utils/text";

/** The start of the admin's "recent" window (last 7 days, spec §9). */
export function recentSince(now: Date) {
  return new Date(now.getTime() - RECENT_DAYS * 24 * 60 * 60 * 1000);
}

/** The query string for another page of the same list, keeping search and filter. */
export function pageHref(search: URLSearchParams | string, page: number) {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}
