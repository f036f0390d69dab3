import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { registerPreparedRunner } from "~/db/prepared.server";
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

/** A database whose writes are recorded and finish (or fail) only when told to. */
function stalledDatabase() {
  const writes: { scans: { id: string }[]; size: number; finish: (rows?: unknown[]) => void; fail: (error: Error) => void }[] = [];
  const db = {} as Database;
  registerPreparedRunner(db, {
    // The batch travels as the statement's one parameter, JSON.
    plain: (_statement, values) =>
      new Promise((resolve, reject) => {
        const scans = JSON.parse(String(values[0])) as { id: string }[];
        writes.push({ scans, size: scans.length, finish: (rows = []) => resolve({ rows }), fail: reject });
      }),
  });
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

  it("answers each load with its own row's id, whatever order the rows come back in", async () => {
    const { db, writes } = stalledDatabase();
    const first = recordUnlimitedScan(db, scan(0));
    const loads = [first, recordUnlimitedScan(db, scan(1)), recordUnlimitedScan(db, scan(2))];
    writes[0]!.finish([{ id: writes[0]!.scans[0]!.id, counted: true, repeat_of: null }]);
    await first;
    await tick();
    const [second, third] = writes[1]!.scans;
    writes[1]!.finish([
      { id: third!.id, counted: false, repeat_of: "5c0f5e8e-2b7a-4f4e-9a51-2f6d3f3f0009" },
      { id: second!.id, counted: true, repeat_of: null },
    ]);
    expect(await Promise.all(loads)).toEqual([
      { counted: true, scanId: writes[0]!.scans[0]!.id },
      { counted: true, scanId: second!.id },
      { counted: false, repeatOf: "5c0f5e8e-2b7a-4f4e-9a51-2f6d3f3f0009" },
    ]);
  });

  it("fails every load of a failed write, and writes the loads queued behind it", async () => {
    const { db, writes } = stalledDatabase();
    const failed = recordUnlimitedScan(db, scan(0));
    const queued = [recordUnlimitedScan(db, scan(1)), recordUnlimitedScan(db, scan(2))];
    writes[0]!.fail(new Error("statement timeout"));
    await expect(failed).rejects.toThrow("statement timeout");
    await tick();
    expect(writes).toHaveLength(2);
    expect(writes[1]!.size).toBe(2);
    writes[1]!.finish(writes[1]!.scans.map(({ id }) => ({ id, counted: true, repeat_of: null })));
    expect((await Promise.all(queued)).map((result) => result.counted)).toEqual([true, true]);
  });
});
