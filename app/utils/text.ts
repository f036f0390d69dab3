// Rules: docs/decisions/061-input-boundary-rules.md.
/**
 * Characters no field of ours means, dropped where input enters: NUL, which
 * PostgreSQL text cannot hold (a query with one fails), and the bidirectional embedding, override
 * and isolate controls U+202A–U+202E and U+2066–U+2069, which reorder how the text around them is
 * shown, so a business name or a translation could show visitors, emails and the recorded consent
 * wording something other than what is stored. The marks U+200E/U+200F stay: they override nothing.
 */
const DROPPED_AT_INPUT = /[\u0000\u202a-\u202e\u2066-\u2069]/;
const DROPPED_AT_INPUT_ALL = new RegExp(DROPPED_AT_INPUT.source, "g");

export function cleanInput(value: string) {
  return DROPPED_AT_INPUT.test(value) ? value.replace(DROPPED_AT_INPUT_ALL, "") : value;
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
