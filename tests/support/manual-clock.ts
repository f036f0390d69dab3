import type { Clock } from "~/utils/clock";

/** A clock that moves only when told: timers fire, in order, as `advance` passes their time. */
export function manualClock(start = Date.now()) {
  let time = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock = {
    now: () => time,
    setTimeout(callback: () => void, ms: number) {
      const id = nextId++;
      timers.set(id, { at: time + ms, callback });
      return id;
    },
    clearTimeout(handle: unknown) {
      timers.delete(handle as number);
    },
    advance(ms: number) {
      const end = time + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        time = due[1].at;
        due[1].callback();
      }
      time = end;
    },
  } satisfies Clock & Record<string, unknown>;
  return clock;
}
