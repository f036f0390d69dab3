import { describe, expect, it } from "vitest";
import { manualClock } from "../../tests/support/manual-clock";
import { createPollingWorker, FAILED_PASS_DELAY_POLLS, NUDGE_DELAY_MS } from "./polling-worker.server";

/** Lets a pass that was just started finish and schedule the next one. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function harness(claims: Array<number | Error> = []) {
  const clock = manualClock(0);
  const errors: string[] = [];
  let passes = 0;
  const worker = createPollingWorker({
    name: "test",
    batchSize: 10,
    pollMs: 1_000,
    clock,
    log: { error: (_: unknown, message?: string) => void errors.push(String(message)) } as never,
    async pass() {
      passes++;
      const claim = claims.shift() ?? 0;
      if (claim instanceof Error) throw claim;
      return claim;
    },
  });
  return { clock, worker, errors, passes: () => passes };
}

describe("the polling loop of the outbox workers", () => {
  it("runs a pass when started, then one per poll", async () => {
    const { clock, worker, passes } = harness();
    worker.start();
    clock.advance(0);
    await settle();
    expect(passes()).toBe(1);
    clock.advance(999);
    await settle();
    expect(passes()).toBe(1);
    clock.advance(1);
    await settle();
    expect(passes()).toBe(2);
    await worker.stop();
  });

  it("runs again at once while a pass fills its batch", async () => {
    const { clock, worker, passes } = harness([10, 10, 3]);
    worker.start();
    for (let i = 0; i < 3; i++) {
      clock.advance(0);
      await settle();
    }
    expect(passes()).toBe(3);
    clock.advance(0);
    await settle();
    expect(passes()).toBe(3);
    await worker.stop();
  });

  it("looks at once when nudged instead of waiting for the poll", async () => {
    const { clock, worker, passes } = harness();
    worker.start();
    clock.advance(0);
    await settle();
    worker.nudge();
    clock.advance(NUDGE_DELAY_MS);
    await settle();
    expect(passes()).toBe(2);
    await worker.stop();
  });

  it("logs a failed pass and polls more slowly after it", async () => {
    const { clock, worker, passes, errors } = harness([new Error("database down")]);
    worker.start();
    clock.advance(0);
    await settle();
    expect(errors).toEqual(["test worker pass failed"]);
    clock.advance(1_000 * FAILED_PASS_DELAY_POLLS - 1);
    await settle();
    expect(passes()).toBe(1);
    clock.advance(1);
    await settle();
    expect(passes()).toBe(2);
    await worker.stop();
  });

  it("runs nothing after stop, and does nothing before start", async () => {
    const { clock, worker, passes } = harness();
    worker.nudge();
    clock.advance(60_000);
    await settle();
    expect(passes()).toBe(0);
    worker.start();
    clock.advance(0);
    await settle();
    await worker.stop();
    clock.advance(60_000);
    await settle();
    expect(passes()).toBe(1);
  });
});
