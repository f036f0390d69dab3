import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { rateLimit } from "~/db/schema";
import { CLIENT_IP_HEADER } from "./http.server";
import { getServices } from "./services.server";

/** Budgets: points per window. Counters live in PostgreSQL, so they hold across processes. */
export const RATE_LIMITS = {
  signInByAddress: { points: 30, duration: 15 * 60 },
  signInByAccount: { points: 10, duration: 15 * 60 },
  signUpByAddress: { points: 10, duration: 60 * 60 },
  leadByAddress: { points: 20, duration: 10 * 60 },
  leadByCampaign: { points: 300, duration: 10 * 60 },
  aiCopyByUser: { points: 20, duration: 60 * 60 },
  uploadByUser: { points: 30, duration: 60 * 60 },
  checkoutByUser: { points: 20, duration: 60 * 60 },
  profileByUser: { points: 20, duration: 15 * 60 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

const limiters = new Map<RateLimitName, RateLimiterDrizzle>();

async function getLimiter(name: RateLimitName) {
  let limiter = limiters.get(name);
  if (!limiter) {
    const { db, env } = await getServices();
    limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimit,
      keyPrefix: name,
      clearExpiredByTimeout: false,
      points: RATE_LIMITS[name].points * env.RATE_LIMIT_MULTIPLIER,
      duration: RATE_LIMITS[name].duration,
    });
    limiters.set(name, limiter);
  }
  return limiter;
}

export class RateLimitedError extends Error {
  constructor(public retryAfterSeconds: number) {
    super("Too many attempts. Please wait a moment and try again.");
  }
}

/** Spends one point of `name` for `key`; throws RateLimitedError when the budget is spent. */
export async function consumeRateLimit(name: RateLimitName, key: string) {
  const limiter = await getLimiter(name);
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw new RateLimitedError(Math.ceil(rejection.msBeforeNext / 1000));
    }
    throw rejection;
  }
}

/** The client's address as the HTTP server determined it (never a client-supplied header). */
export function clientAddress(request: Request) {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}
