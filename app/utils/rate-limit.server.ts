// Rules: docs/features/webhooks-and-api.md ("Fair scheduling"); docs/features/offers-and-the-counter.md ("Guessing
//   budgets"); docs/features/campaigns-and-print.md ("Short links"); docs/features/accounts-and-billing.md ("Recovery",
//   "Rate limits"); docs/features/lead-sync.md ("Connections and tokens"); docs/features/domains.md ("Verified by TXT
//   and CNAME", "HTTPS live means we reached ourselves"); docs/features/http-edge.md ("Budget keys for clients").
import { sql } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import { rateLimit } from "~/db/schema";
import { clientBudgetKey } from "./client-budget-key.server";
import { CLIENT_IP_HEADER } from "./http.server";
import { getServices } from "./services.server";
import { DomainError } from "./domain-error";

/** Budgets: points per window. Counters live in PostgreSQL, so they hold across processes. */
export const RATE_LIMITS = {
  signInByAddress: { points: 30, duration: 15 * 60 },
  signInByAccount: { points: 10, duration: 15 * 60 },
  signUpByAddress: { points: 10, duration: 60 * 60 },
  leadByAddress: { points: 20, duration: 10 * 60 },
  /** Posts carrying one valid scan token (instead of the address budget); visitors with identical browsers behind one address share a token. */
  leadByToken: { points: 50, duration: 10 * 60 },
  /** Posts with a crowd token (a load that counted no scan) from one network: sized for a festival's Wi-Fi or a carrier's NAT, not one person. */
  leadByCrowdNetwork: { points: 1_000, duration: 10 * 60 },
  /** Webhook "Send test event" and "Resend" by one owner: each queues a real delivery. */
  webhookManualSendByUser: { points: 30, duration: 10 * 60 },
  /** QR code downloads (PNG and SVG) by one signed-in user. */
  qrByUser: { points: 60, duration: 10 * 60 },
  /** Print-ready PDFs by one signed-in user (each is a few tens of milliseconds of CPU). */
  printByUser: { points: 30, duration: 10 * 60 },
  /** Double opt-in emails one client may trigger: the form must not mail-bomb strangers. */
  consentEmailByAddress: { points: 5, duration: 60 * 60 },
  aiCopyByUser: { points: 20, duration: 60 * 60 },
  uploadByUser: { points: 30, duration: 60 * 60 },
  checkoutByUser: { points: 20, duration: 60 * 60 },
  profileByUser: { points: 20, duration: 15 * 60 },
  // Offer codes at the counter: codes that do not exist (guesses), per staff link (or owner) and per owner and address.
  redeemMissByActor: { points: 60, duration: 10 * 60 },
  redeemMissByOwnerAddress: { points: 120, duration: 10 * 60 },
  staffLinkByAddress: { points: 20, duration: 10 * 60 },
  /** Short links (`/q/{code}`) that do not exist: guessing codes is what this bounds. */
  shortLinkMissByAddress: { points: 30, duration: 10 * 60 },
  // Accounts: keyed per account *and* client, so strangers cannot lock the owner out.
  signUpTakenByAddress: { points: 5, duration: 60 * 60 },
  passwordResetByAddress: { points: 10, duration: 60 * 60 },
  passwordResetByAccount: { points: 3, duration: 60 * 60 },
  resetPasswordByAddress: { points: 20, duration: 60 * 60 },
  /** "Email me a sign-in link", as the password reset: per client (refused), and per address (silently not mailed). */
  signInLinkByAddress: { points: 10, duration: 60 * 60 },
  signInLinkByAccount: { points: 3, duration: 60 * 60 },
  verifyResendByUser: { points: 3, duration: 60 * 60 },
  sessionsByUser: { points: 20, duration: 15 * 60 },
  /** Lead sync's Connect: each stores an OAuth state and sends the owner to the provider. */
  syncConnectByUser: { points: 10, duration: 15 * 60 },
  /** Verify on Settings → Your domain: each asks DNS and fetches https://{domain}. */
  domainVerifyByUser: { points: 20, duration: 10 * 60 },
  /** Settings → Notifications' Send a code, Send a test and Link Telegram: each reaches Slack or Telegram at once. */
  alertSendByUser: { points: 20, duration: 10 * 60 },
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

/** English; the owner catalogue's `refusals.rateLimited` (a test keeps them equal) for the owner's screens. */
export const RATE_LIMITED_MESSAGE = "Too many attempts. Please wait a moment and try again.";

function rateLimited(retryAfterSeconds: number) {
  return new DomainError("rate_limited", RATE_LIMITED_MESSAGE, { retryAfterSeconds, words: { key: "rateLimited" } });
}

/** Spends one point of `name` for `key`; throws DomainError `rate_limited` when the budget is spent. */
export async function consumeRateLimit(name: RateLimitName, key: string) {
  const limiter = await getLimiter(name);
  try {
    await limiter.consume(key);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      throw rateLimited(Math.ceil(rejection.msBeforeNext / 1000));
    }
    throw rejection;
  }
}

/** Gives back one point spent by `consumeRateLimit` (an attempt that turned out not to count). */
export async function refundRateLimit(name: RateLimitName, key: string) {
  const limiter = await getLimiter(name);
  await limiter.reward(key, 1);
}

/** Throws DomainError `rate_limited` when `name`'s budget for `key` is already spent; spends nothing. */
export async function checkRateLimit(name: RateLimitName, key: string) {
  const limiter = await getLimiter(name);
  const used = await limiter.get(key);
  if (used && used.consumedPoints >= limiter.points) throw rateLimited(Math.ceil(used.msBeforeNext / 1000));
}

/** The client's address as the HTTP server determined it (never a client-supplied header). */
export function clientAddress(request: Request) {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/** The sign-in limiter's key: one budget per account *and* client. */
export function signInAccountKey(email: string, address: string) {
  return `${email}|${clientBudgetKey(address)}`;
}

/** After a password reset the owner's own failed attempts no longer count against them. */
export async function forgetSignInFailures(email: string) {
  const { db } = await getServices();
  await db.execute(sql`delete from rate_limit where starts_with(key, ${`signInByAccount:${email}|`})`);
}
