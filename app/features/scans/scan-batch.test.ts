import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { MAX_QUEUED_SCANS, MAX_SCANS_PER_WRITE, recordUnlimitedScan, ScanQueueFullError, type UnlimitedScan } from "./scan-batch.server";

const scan = (visitor: number): UnlimitedScan => ({
  campaignId: "5c0f5e8e-2b7a-4f4e-9a51-2f6d3f3f0001",
  deviceType: "mobile",
  os: "iOS",
  visitorHash: `visitor-${visitor}`,
  source: "qr",
  placementId: null,
});

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A database whose writes are recorded and finish only when told to. */
function stalledDatabase() {
  const writes: { size: number; finish: () => void }[] = [];
  const db = {
    execute: (query: { queryChunks: unknown[] }) =>
      new Promise((resolve) => {
        // The batch travels as one JSON parameter of the statement.
        const batch = query.queryChunks.find((chunk): chunk is string => typeof chunk === "string" && chunk.startsWith("[{"));
        writes.push({ size: JSON.parse(batch ?? "[]").length, finish: () => resolve({ rows: [] }) });
      }),
  } as unknown as Database;
  return { db, writes };
}

describe("group commit of unlimited scans", () => {
  it("writes one load at once, then everything that arrived meanwhile in one statement", async () => {
    const { db, writes } = stalledDatabase();
    const first = recordUnlimitedScan(db, scan(0));
    const rest = Array.from({ length: 40 }, (_, i) => recordUnlimitedScan(db, scan(i + 1)));
    expect(writes).toHaveLength(1);
    expect(writes[0]!.size).toBe(1);
    writes[0]!.finish();
    await first;
    await tick();
    expect(writes).toHaveLength(2);
    expect(writes[1]!.size).toBe(40);
    writes[1]!.finish();
    // The stub answers no rows: nothing was counted, and every load is answered.
    expect(await Promise.all(rest)).toEqual(Array.from({ length: 40 }, () => ({ counted: false })));
  });

  it("answers busy at once when the queue is full instead of letting loads wait on", async () => {
    const { db, writes } = stalledDatabase();
    const pending = Array.from({ length: MAX_QUEUED_SCANS + 1 }, (_, i) => recordUnlimitedScan(db, scan(i)));
    await expect(recordUnlimitedScan(db, scan(-1))).rejects.toBeInstanceOf(ScanQueueFullError);
    // Drain: each write takes at most MAX_SCANS_PER_WRITE loads.
    const sizes: number[] = [];
    while (writes.length > 0) {
      const write = writes.shift()!;
      sizes.push(write.size);
      write.finish();
      await tick();
    }
    expect(sizes).toEqual([1, MAX_SCANS_PER_WRITE, MAX_SCANS_PER_WRITE, MAX_SCANS_PER_WRITE, MAX_SCANS_PER_WRITE]);
    expect(await Promise.all(pending)).toHaveLength(MAX_QUEUED_SCANS + 1);
  });
});
