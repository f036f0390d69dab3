// What bench/capture.bench.mjs and bench/surge.mjs share: a crowd of operations, a fixed number
// at once, and the rate and percentiles of what it measured.

/**
 * Runs `total` operations, `concurrency` at once; the latencies of those that resolve true (an
 * operation resolving false is outside the figures: a surge's clashing pair), and the seconds taken.
 */
export async function measure(total, concurrency, operation) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next++;
        const t = performance.now();
        if (await operation(index)) latencies.push(performance.now() - t);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

/** Rate and percentiles of one or more runs pooled: their latencies together over their summed time. */
export function statsOf(...runs) {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  return {
    perSecond: latencies.length / seconds,
    p50: latencies[Math.floor(latencies.length * 0.5)],
    p99: latencies[Math.floor(latencies.length * 0.99)],
  };
}
