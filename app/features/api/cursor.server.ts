// The leads list's cursor: the last row's time and id, opaque to the client; only a cursor this API
// wrote is read back (docs/features/webhooks-and-api.md).
import { ApiProblem } from "./problem.server";

export function encodeCursor(at: string, id: string) {
  return Buffer.from(JSON.stringify([at, id])).toString("base64url");
}

/** `collected_at::text` as PostgreSQL writes it (what encodeCursor stores), and nothing it would refuse. */
const CURSOR_AT = /^\d{4}-\d{2}-\d{2} (?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,6})?[+-](?:0\d|1[0-5])(?::[0-5]\d)?$/;
const CURSOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** YYYY-MM-DD that names a real day (JavaScript's Date would roll 02-31 over; PostgreSQL refuses it). */
function isCalendarDate(day: string) {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const parsed = new Date(Date.UTC(year, month - 1, date));
  return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === date;
}

/** A cursor this API wrote; anything else (a crafted one included) is a 400, never a database error. */
export function decodeCursor(cursor: string) {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(decoded) || decoded.length !== 2) throw new Error("bad");
    const [at, id] = decoded as unknown[];
    if (typeof at !== "string" || typeof id !== "string" || !CURSOR_AT.test(at) || !CURSOR_ID.test(id)) throw new Error("bad");
    if (!isCalendarDate(at.slice(0, 10))) throw new Error("bad");
    return { at, id };
  } catch {
    throw new ApiProblem(400, "Invalid cursor", "Use the next_cursor value of a previous page.");
  }
}
