// Rules: docs/features/http-edge.md ("The pipeline"); docs/features/capture-and-leads.md ("One cached document per
//   campaign").
import crypto from "node:crypto";

// Random strings cut from a pool refilled 4 KB at a time: one `randomBytes` call per request cost
// ~13 µs on a busy worker (3 % of a capture load's CPU), a cut from the pool ~0.5 µs. Each cut is
// fresh bytes from the CSPRNG, used once.
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

/** `bytes` random bytes, encoded. */
export function randomString(bytes: number, encoding: "base64" | "base64url") {
  if (offset + bytes > pool.length) {
    pool = crypto.randomBytes(Math.max(POOL_BYTES, bytes));
    offset = 0;
  }
  const value = pool.toString(encoding, offset, offset + bytes);
  offset += bytes;
  return value;
}
