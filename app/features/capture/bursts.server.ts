// Floods from one address (decision 311). A load that does not bring back a visitor id is "fresh";
// one address gets CAPTURE_BURST_LOADS fresh loads per window, plus one more for every distinct id
// that came back from it (people behind one NAT: each browser sends its id back with the page's
// own assets, the form post or the next load). Past that, fresh loads are excluded as "burst".
// Kept in memory per process: no database round trip on the capture path.
import { getEnv } from "~/utils/env.server";
import { visitorIdFromCookie } from "./visitor-id.server";
import { noteIdReturned } from "./visitors.server";

export const BURST_WINDOW_MS = 10 * 60_000;
/** Fresh loads one address may make per window before any id came back from it (CAPTURE_BURST_LOADS, default 2). */
const freshLoads = () => getEnv().CAPTURE_BURST_LOADS;
const MAX_ADDRESSES = 50_000;
const MAX_IDS_PER_ADDRESS = 10_000;

type Window = { start: number; fresh: number; returned: Set<string>; agents: Set<string> };

const windows = new Map<string, Window>();

function windowOf(address: string, now: number) {
  let entry = windows.get(address);
  if (!entry || now - entry.start >= BURST_WINDOW_MS) {
    entry = { start: now, fresh: 0, returned: new Set(), agents: new Set() };
    windows.delete(address);
    windows.set(address, entry);
    if (windows.size > MAX_ADDRESSES) windows.delete(windows.keys().next().value!);
  }
  return entry;
}

/** A browser sent its id back from this address: one more person behind it. */
export function noteReturningVisitor(address: string, id: string, now: number = Date.now()) {
  noteIdReturned(id);
  const entry = windowOf(address, now);
  if (entry.returned.size < MAX_IDS_PER_ADDRESS) entry.returned.add(id);
}

/** Any request of the site that carries a visitor id (the page's assets, the form post): it came back. */
export function noteVisitorCookie(cookieHeader: string | undefined, address: string | string[] | undefined) {
  if (!cookieHeader || typeof address !== "string") return;
  const id = visitorIdFromCookie(cookieHeader);
  if (id) noteReturningVisitor(address, id);
}

/**
 * Whether a load may be counted, or is part of a burst from its address. `returningId`: the id
 * the browser sent back (always admitted; repeats are the database's rule). Without cookies
 * (VISITOR_ID=hash) a load is fresh the first time its agent is seen from the address.
 */
export function admitLoad(address: string, load: { returningId?: string | null; agent?: string }, now: number = Date.now()) {
  if (load.returningId) {
    noteReturningVisitor(address, load.returningId, now);
    return true;
  }
  const entry = windowOf(address, now);
  if (load.agent !== undefined) {
    if (entry.agents.has(load.agent)) return true;
    if (entry.agents.size >= freshLoads()) return false;
    entry.agents.add(load.agent);
    return true;
  }
  if (entry.fresh >= freshLoads() + entry.returned.size) return false;
  entry.fresh += 1;
  return true;
}

/** For tests: forget every address. */
export function clearBursts() {
  windows.clear();
}
