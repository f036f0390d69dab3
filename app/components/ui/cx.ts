/** Joins class names, skipping empty ones. Primitives own their base classes; callers add layout only. */
export function cx(...parts: Array<string | false | null | undefined>) {
  return parts.filter(Boolean).join(" ");
}
