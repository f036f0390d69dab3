const UNAVAILABLE_CODES = new Set([
  "57P01",
  "57P02",
  "57P03", // admin shutdown, crash shutdown, cannot connect now
  "53300", // too many connections
  "08000",
  "08001",
  "08003",
  "08004",
  "08006", // connection exceptions
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
]);
const UNAVAILABLE_MESSAGE =
  /connection terminated|not currently accepting connections|timeout exceeded when trying to connect|cannot use a pool after calling end|Client has encountered a connection error/i;

/** How long a client told of an outage waits before it retries: the Retry-After of every 503 an outage causes. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** True when an error (or its cause) means the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && UNAVAILABLE_CODES.has(candidate.code)) return true;
    if (typeof candidate.message === "string" && UNAVAILABLE_MESSAGE.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

/** True when an insert referred to a row that is gone (PostgreSQL 23503), e.g. a lead erased meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  return causesOf(error).some((cause) => cause.code === "23503");
}

/**
 * True when a lead batch statement failed because a code or claimant was taken by a transaction
 * in flight (`lead_batch_abort`, migration 0017, raises P0001 with the hint "lead batch").
 */
export function isLeadBatchConflict(error: unknown): boolean {
  return causesOf(error).some((cause) => cause.code === "P0001" && cause.hint === "lead batch");
}

type Cause = { code?: unknown; hint?: unknown; cause?: unknown };

/** The error and the errors it wraps (a driver's error inside Drizzle's), a few deep. */
function causesOf(error: unknown): Cause[] {
  const causes: Cause[] = [];
  for (let current = error; current && causes.length < 5; current = (current as Cause).cause) causes.push(current as Cause);
  return causes;
}
