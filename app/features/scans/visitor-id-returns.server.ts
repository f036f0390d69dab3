// Visitor ids given out by counted scans, and how many came back: a browser that keeps cookies.
// Rules: docs/features/capture-and-leads.md ("Visitor ids"); docs/features/counting.md ("Conversion").
import type { Database } from "~/db/client.server";
import { countsDatabase, dailyCounter } from "./buffered-counts.server";
import { visitorIdFromCookie } from "./visitor-id.server";
import { utcDay } from "./visitors";

const countIdEvent = dailyCounter("visitor_id_count");
/** Ids issued by counted scans and not seen back yet: id → `campaign|day` (bounded; oldest dropped). */
const awaitingReturn = new Map<string, string>();
const MAX_AWAITING_RETURN = 100_000;

/** A counted scan gave its browser a new visitor id: counted, and watched for its return. */
export function recordIdIssued(db: Database, campaignId: string, id: string, day: string = utcDay()) {
  countIdEvent(db, `${campaignId}|${day}|issued`);
  awaitingReturn.set(id, `${campaignId}|${day}`);
  if (awaitingReturn.size > MAX_AWAITING_RETURN) awaitingReturn.delete(awaitingReturn.keys().next().value!);
}

/** A visitor id came back (the page's assets, the form, a later load): its scan's browser keeps cookies. */
export function noteIdReturned(id: string) {
  const key = awaitingReturn.get(id);
  const database = countsDatabase();
  if (!key || !database) return;
  awaitingReturn.delete(id);
  countIdEvent(database, `${key}|returned`);
}

/** Any request of the site that carries a visitor id (the page's assets, the form post): it came back. */
export function noteVisitorCookie(cookieHeader: string | undefined) {
  const id = cookieHeader ? visitorIdFromCookie(cookieHeader) : null;
  if (id) noteIdReturned(id);
}
