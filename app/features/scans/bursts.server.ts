// Floods from one address. Per client budget key (an IPv4 address or an
// IPv6 /64) and 10-minute window, at most CAPTURE_BURST_LOADS distinct visitors are admitted to
// counting: a visitor is the id the load brings back or is about to be issued, or (VISITOR_ID=hash)
// its agent. An admitted visitor's later loads cost nothing, so an id issued here and echoed back
// buys nothing; ids past the allowance, new or returning, are excluded as "burst".
// Kept in memory per process: no database round trip on the capture path.
// Rules: docs/features/crowds.md ("What one network adds to the counts").
import crypto from "node:crypto";
import { clientBudgetKey } from "~/utils/client-budget-key.server";
import { getEnv } from "~/utils/env.server";

export const BURST_WINDOW_MS = 10 * 60_000;
/**
 * Everything the windows hold together, counted as one entry per window plus one per visitor in
 * it (each ≈ 100 bytes: ids and hashed agents are 22 characters). Past it the oldest windows are
 * dropped first: their addresses start again with a fresh allowance.
 */
export const MAX_BURST_ENTRIES = 200_000;

/** Distinct visitors one budget key may add per window (CAPTURE_BURST_LOADS, default 30). */
const allowance = () => getEnv().CAPTURE_BURST_LOADS;

type Window = { start: number; visitors: Set<string> };

// Insertion order is age order: a window that expires is deleted and inserted again.
const windows = new Map<string, Window>();
let entries = 0;

function forget(key: string, window: Window) {
  windows.delete(key);
  entries -= 1 + window.visitors.size;
}

function windowOf(key: string, now: number) {
  let window = windows.get(key);
  if (window && now - window.start >= BURST_WINDOW_MS) {
    forget(key, window);
    window = undefined;
  }
  if (!window) {
    window = { start: now, visitors: new Set() };
    windows.set(key, window);
    entries += 1;
  }
  return window;
}

function dropOldestWindows() {
  while (entries > MAX_BURST_ENTRIES) {
    const [key, window] = windows.entries().next().value!;
    forget(key, window);
  }
}

/** Who a load is: its visitor id, or a fixed-size digest of its agent when there are no ids. */
export type BurstVisitor = { id: string } | { agent: string };

function visitorKeyOf(visitor: BurstVisitor) {
  if ("id" in visitor) return visitor.id;
  return `agent:${crypto.createHash("sha256").update(visitor.agent).digest("base64url").slice(0, 22)}`;
}

/**
 * How this process's window of the load's client takes its visitor: "burst" past the allowance;
 * "known" when admitted earlier in the window (repeats are the database's rule); "first" when the
 * visitor is the client's first here; "new" when others came before it. Only a "new" visitor is
 * checked against the client's window shared by every process (scan-batch.server.ts): a client with
 * one visitor per process — almost every phone on its own address — never writes the shared table,
 * and a crowd is held to the allowance plus one per process (docs/features/crowds.md).
 */
export function admitVisitor(address: string, visitor: BurstVisitor, now: number = Date.now()): "burst" | "known" | "first" | "new" {
  const window = windowOf(clientBudgetKey(address), now);
  const key = visitorKeyOf(visitor);
  if (window.visitors.has(key)) return "known";
  if (window.visitors.size >= allowance()) return "burst";
  const first = window.visitors.size === 0;
  window.visitors.add(key);
  entries += 1;
  dropOldestWindows();
  return first ? "first" : "new";
}

/** Whether a load may be counted, or is part of a burst from its address. */
export function admitLoad(address: string, visitor: BurstVisitor, now: number = Date.now()) {
  return admitVisitor(address, visitor, now) !== "burst";
}

/** The visitor was admitted here but the client's global window was full (scan-batch.server.ts): not admitted after all. */
export function forgetVisitor(address: string, visitor: BurstVisitor) {
  const window = windows.get(clientBudgetKey(address));
  if (window?.visitors.delete(visitorKeyOf(visitor))) entries -= 1;
}

/** The allowance, for the global check of the scan batches. */
export const burstAllowance = allowance;

/**
 * A visitor whose lead proved them a person (a crowd token's, docs/features/crowds.md) joins its
 * client's window past the allowance: their later loads are theirs, not a burst. Bounded by the
 * network's crowd budget, which every such lead spends.
 */
export function admitProvenVisitor(address: string, visitor: BurstVisitor, now: number = Date.now()) {
  const window = windowOf(clientBudgetKey(address), now);
  const key = visitorKeyOf(visitor);
  if (window.visitors.has(key)) return;
  window.visitors.add(key);
  entries += 1;
  dropOldestWindows();
}

/** What the windows hold now (for tests and the memory bound's check). */
export function burstState() {
  return { windows: windows.size, entries };
}

/** For tests: forget every address. */
export function clearBursts() {
  windows.clear();
  entries = 0;
}
