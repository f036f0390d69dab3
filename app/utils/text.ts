/** PostgreSQL text cannot hold NUL characters (a query with one fails): input drops them. */
export function withoutNul(value: string) {
  return value.includes("\u0000") ? value.replaceAll("\u0000", "") : value;
}
