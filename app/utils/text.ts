/** PostgreSQL text cannot hold NUL characters (a query with one fails): input drops them. */
export function withoutNul(value: string) {
  return value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
}

/** A search term as an ILIKE pattern matching it anywhere, with LIKE's wildcards taken literally. */
export function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs and forms are checked before they reach a uuid column (a malformed one would fail the query). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}
