/** The rows of a raw `db.execute` result, in whichever shape the driver returns them. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
