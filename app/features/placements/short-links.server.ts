import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { shortLink } from "~/db/schema";
import { qrScanParams } from "~/features/campaigns/campaigns";
import { isDomainError } from "~/utils/domain-error";
import { consumeRateLimit, refundRateLimit } from "~/utils/rate-limit.server";
import { clientBudgetKey } from "~/utils/client-budget-key.server";
import { normalizeShortCode, SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from "./short-links";

export type ShortLinkTarget = { code: string; campaignId: string; placementId: string | null };

/** A fresh code from the operating system's random source: 30 bits, every symbol equally likely. */
export function randomShortCode() {
  let code = "";
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) code += SHORT_CODE_ALPHABET[crypto.randomInt(SHORT_CODE_ALPHABET.length)];
  return code;
}

const ALLOCATION_ATTEMPTS = 8;

/**
 * The short code of a campaign (no placement) or of one of its placements, created on first use
 * (rows that existed before short links get theirs the first time their code is drawn). A new code
 * that is already taken, or a concurrent first use, is simply tried again. The caller has checked
 * that the placement belongs to the campaign.
 */
export async function shortCodeOf(
  db: Database,
  target: { campaignId: string; placementId?: string | null },
  generate: () => string = randomShortCode,
): Promise<string> {
  const placementId = target.placementId ?? null;
  const owner = placementId
    ? eq(shortLink.placementId, placementId)
    : and(eq(shortLink.campaignId, target.campaignId), isNull(shortLink.placementId));
  for (let attempt = 0; attempt < ALLOCATION_ATTEMPTS; attempt++) {
    const [existing] = await db.select({ code: shortLink.code }).from(shortLink).where(owner);
    if (existing) return existing.code;
    const [created] = await db
      .insert(shortLink)
      .values({ code: generate(), campaignId: target.campaignId, placementId })
      .onConflictDoNothing()
      .returning({ code: shortLink.code });
    if (created) return created.code;
  }
  throw new Error(`no free short code after ${ALLOCATION_ATTEMPTS} attempts`);
}

// A code's target never changes; only deleting its campaign or placement ends it. Kept warm, a
// scan through /q/ costs what one through /capture/ does: no lookup, no limiter.
const WARM_MS = 5 * 60_000;
const MAX_WARM = 10_000;
const warm = new Map<string, { target: ShortLinkTarget; at: number }>();
/** Clients (budget keys) whose miss budget is spent, until when: they get no warm answers either. */
const refused = new Map<string, number>();

/** The target of a code this process looked up lately, for the fast document path; never a database call. */
export function warmShortLink(rawCode: string, clientAddress: string): ShortLinkTarget | undefined {
  const code = normalizeShortCode(rawCode);
  if (!code) return undefined;
  const client = clientBudgetKey(clientAddress);
  const until = refused.get(client);
  if (until !== undefined) {
    if (until > Date.now()) return undefined;
    refused.delete(client);
  }
  const entry = warm.get(code);
  if (!entry || Date.now() - entry.at > WARM_MS) return undefined;
  return entry.target;
}

/**
 * What a short link points at, or null for a code that does not exist. Guessing is the threat:
 * each cold lookup takes a point of the address's miss budget first (one atomic step, so parallel
 * guesses cannot overrun it) and a code that exists gives it back. Once the budget is spent every
 * cold lookup from the address is refused (DomainError `rate_limited`), hit or miss alike, and
 * the warm path stops answering it too, so a refusal says nothing about whether a code exists.
 */
export async function openShortLink(db: Database, rawCode: string, clientAddress: string): Promise<ShortLinkTarget | null> {
  const warmed = warmShortLink(rawCode, clientAddress);
  if (warmed) return warmed;
  const client = clientBudgetKey(clientAddress);
  try {
    await consumeRateLimit("shortLinkMissByAddress", client);
  } catch (error) {
    if (isDomainError(error, "rate_limited")) refuseFor(client, error.retryAfterSeconds ?? 60);
    throw error;
  }
  const code = normalizeShortCode(rawCode);
  const [row] = code
    ? await db
        .select({ code: shortLink.code, campaignId: shortLink.campaignId, placementId: shortLink.placementId })
        .from(shortLink)
        .where(eq(shortLink.code, code))
    : [];
  if (!row) return null;
  await refundRateLimit("shortLinkMissByAddress", client);
  warm.delete(row.code);
  warm.set(row.code, { target: row, at: Date.now() });
  if (warm.size > MAX_WARM) warm.delete(warm.keys().next().value!);
  return row;
}

function refuseFor(client: string, seconds: number) {
  refused.delete(client);
  refused.set(client, Date.now() + seconds * 1000);
  if (refused.size > MAX_WARM) refused.delete(refused.keys().next().value!);
}

/** The query a load through this short link stands for (`s=qr`, and the placement's `p`). */
export function scanParamsOf(target: ShortLinkTarget) {
  return qrScanParams(target.placementId);
}

/** For tests: forget warm codes and refused addresses. */
export function forgetShortLinks() {
  warm.clear();
  refused.clear();
}

/**
 * The campaign and scan query a capture URL stands for: `/capture/{id}` with its own query, or
 * `/q/{code}` with its stored link's (any query on a short link is ignored, so it cannot be
 * pointed at another placement). An unknown code stands for no campaign.
 */
export async function captureTargetOf(
  db: Database,
  options: { params: { campaignId?: string; code?: string }; searchParams: URLSearchParams; clientAddress: string },
): Promise<{ campaignId: string | undefined; searchParams: URLSearchParams }> {
  const { params } = options;
  if (params.code === undefined) return { campaignId: params.campaignId, searchParams: options.searchParams };
  const link = await openShortLink(db, params.code, options.clientAddress);
  return link ? { campaignId: link.campaignId, searchParams: scanParamsOf(link) } : { campaignId: undefined, searchParams: new URLSearchParams() };
}
