// Rules: docs/features/domains.md ("Verified by TXT and CNAME", "HTTPS live means we reached ourselves", "Caddy
//   on-demand TLS", "The address of new codes", "Removing a domain").
import crypto from "node:crypto";
import { and, count, eq, inArray, isNotNull, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { campaign, customDomain, user } from "~/db/schema";
import { planIncludesCustomDomains, type Plan } from "~/features/billing/plan";
import { enqueueEmail } from "~/features/email/outbox.server";
import { emailLanguageColumn, recipientLanguage } from "~/features/email/recipient-language.server";
import { refused, wordsIn } from "~/features/languages/owner/refusals";
import { DomainError } from "~/utils/domain-error";
import type { Env } from "~/utils/env.server";
import { publicAddressVerdict } from "~/utils/public-address";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { checkDomainRecords, createResolver, txtNameOf, txtValueOf, type DnsVerdict } from "./dns-check.server";
import { domainBrokenEmail, domainVerifiedEmail } from "./domain-emails";
import { describeDomainState, domainStepsDone, nextStateOf, type DomainState } from "./domains";
import { normalizeHostname } from "./hostname";
import { checkHttpsLive, proofFetchVia } from "./https-check.server";
import { forgetHost } from "./host-cache.server";
import { findVerifiedDomain } from "./verified-domain.server";

export type CustomDomainRow = typeof customDomain.$inferSelect;

/** The name owners point their CNAME at: CUSTOM_DOMAIN_TARGET, or the host of APP_URL. */
export function domainTargetOf(env: Pick<Env, "CUSTOM_DOMAIN_TARGET" | "appUrl">) {
  return (env.CUSTOM_DOMAIN_TARGET ?? env.appUrl.hostname).toLowerCase();
}

/** The owner's domain as the Domains screen shows it: the records to publish and the state in words. */
export async function getDomainScreen(db: Database, env: Env, { userId }: { userId: string }) {
  const [row] = await db.select().from(customDomain).where(eq(customDomain.userId, userId));
  if (!row) return null;
  const target = domainTargetOf(env);
  return {
    hostname: row.hostname,
    state: row.state,
    status: describeDomainState({ state: row.state, hostname: row.hostname, lastError: row.lastError, httpsLive: row.httpsLiveAt !== null }),
    stepsDone: domainStepsDone({ state: row.state, httpsLive: row.httpsLiveAt !== null }),
    // A target only this computer (or this network) reaches: records pointing at it send no phone anywhere.
    targetReach: publicAddressVerdict(`https://${target}`).reach,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    records: {
      cname: { type: "CNAME", name: row.hostname, value: target },
      txt: { type: "TXT", name: txtNameOf(row.hostname), value: txtValueOf(row.verificationToken) },
    },
  };
}

/** Adds the owner's domain, pending until its records are seen. One per account. */
export async function addDomain(db: Database, env: Env, options: { userId: string; plan: Pick<Plan, "isPro">; hostname: string }) {
  if (!planIncludesCustomDomains(options.plan)) throw refused("plan_required", "domains.planRequired");
  const verdict = normalizeHostname(options.hostname, env.appUrl.hostname);
  if (!verdict.ok) throw new DomainError("hostname_invalid", wordsIn(verdict.reason), { words: verdict.reason });
  const [held] = await db
    .select({ userId: customDomain.userId })
    .from(customDomain)
    .where(and(eq(customDomain.hostname, verdict.hostname), inArray(customDomain.state, ["verified", "broken"])));
  if (held && held.userId !== options.userId) throw refused("hostname_taken", "domains.taken");
  const [created] = await db
    .insert(customDomain)
    .values({ userId: options.userId, hostname: verdict.hostname, verificationToken: crypto.randomBytes(16).toString("hex") })
    .onConflictDoNothing()
    .returning({ id: customDomain.id });
  if (!created) throw refused("hostname_taken", "domains.oneOnly");
  return verdict.hostname;
}

/** Removes the owner's domain: codes printed with it stop opening, the main address keeps working. */
export async function removeDomain(db: Database, { userId }: { userId: string }) {
  const removed = await db.delete(customDomain).where(eq(customDomain.userId, userId)).returning({ hostname: customDomain.hostname });
  for (const { hostname } of removed) forgetHost(hostname);
  return removed.length > 0;
}

/** Checks the owner's domain now (the Verify button), within the owner's budget; returns its new state. */
export async function verifyDomainNow(db: Database, env: Env, options: { userId: string; secret: string; fetchProof?: typeof fetch }) {
  await consumeRateLimit("domainVerifyByUser", options.userId);
  const [row] = await db.select().from(customDomain).where(eq(customDomain.userId, options.userId));
  if (!row) throw refused("not_found", "domains.addFirst");
  return checkDomain(db, env, row, options);
}

/**
 * Looks at one domain's records and applies what it finds: the state, the next look, the email
 * on a change, and (once verified) whether https on the name answers as us.
 */
export async function checkDomain(
  db: Database,
  env: Env,
  row: CustomDomainRow,
  options: { secret: string; now?: Date; fetchProof?: typeof fetch },
): Promise<DomainState> {
  const now = options.now ?? new Date();
  const verdict: DnsVerdict = await checkDomainRecords(createResolver(env.DNS_RESOLVER), {
    hostname: row.hostname,
    token: row.verificationToken,
    target: domainTargetOf(env),
  });
  const next = nextStateOf(row, verdict, now);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(customDomain)
        .set({
          state: next.state,
          lastError: next.lastError,
          nextCheckAt: next.nextCheckAt,
          lastCheckedAt: now,
          ...(next.notify === "domain_verified" ? { verifiedAt: now } : {}),
          ...(next.state === "verified" ? {} : { httpsLiveAt: null }),
        })
        .where(eq(customDomain.id, row.id));
      if (next.notify) await notifyOwner(tx as unknown as Database, env, row, next.notify, next.lastError);
    });
  } catch (error) {
    if ((error as { code?: string; cause?: { code?: string } }).code !== "23505" && (error as { cause?: { code?: string } }).cause?.code !== "23505")
      throw error;
    // Another account verified this name first: this claim stays pending with the reason.
    await db
      .update(customDomain)
      .set({ state: "pending", lastError: "Another account already uses this domain.", lastCheckedAt: now, nextCheckAt: null })
      .where(eq(customDomain.id, row.id));
    return "pending";
  }
  forgetHost(row.hostname);
  // After the state is saved: Caddy asks /tls/ask for the name's certificate during this check, and
  // the answer is yes only for a verified domain.
  if (next.state === "verified") {
    const fetchProof = options.fetchProof ?? (env.HTTPS_CHECK_ADDRESS ? proofFetchVia(env.HTTPS_CHECK_ADDRESS) : undefined);
    const httpsLive = await checkHttpsLive(row.hostname, options.secret, fetchProof);
    await db
      .update(customDomain)
      .set({ httpsLiveAt: httpsLive ? (row.httpsLiveAt ?? now) : null })
      .where(eq(customDomain.id, row.id));
  }
  return next.state;
}

async function notifyOwner(db: Database, env: Env, row: CustomDomainRow, kind: "domain_verified" | "domain_broken", problem: string | null) {
  const [owner] = await db.select({ email: user.email, language: emailLanguageColumn }).from(user).where(eq(user.id, row.userId));
  if (!owner) return;
  const language = recipientLanguage(owner.language);
  const content =
    kind === "domain_verified"
      ? domainVerifiedEmail(row.hostname, env.appOrigin, language)
      : domainBrokenEmail(row.hostname, problem ?? "", env.appOrigin, language);
  await enqueueEmail(db, { kind, to: owner.email, content });
}

const CLAIM_BATCH = 20;
/** How long a claimed check is kept from other processes: longer than a check can take. */
const CLAIM_MS = 2 * 60_000;

/**
 * Checks every domain that is due, each by one process: a due row is claimed by moving its next
 * look past the check's duration in one statement (`skip locked`), then checked.
 */
export async function runDueDomainChecks(db: Database, env: Env, options: { secret: string; now?: Date; fetchProof?: typeof fetch }) {
  const now = options.now ?? new Date();
  const due = db
    .select({ id: customDomain.id })
    .from(customDomain)
    .where(and(isNotNull(customDomain.nextCheckAt), lte(customDomain.nextCheckAt, now)))
    .limit(CLAIM_BATCH)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(customDomain)
    .set({ nextCheckAt: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(customDomain.id, due))
    .returning();
  for (const row of claimed) await checkDomain(db, env, row, { ...options, now });
  return claimed.length;
}

/**
 * The address the owner's new codes carry: https://{their domain} once verified while the plan
 * includes domains, unless the campaign chose the main address; otherwise the main
 * address. Codes already printed keep working either way. `made`: the code is being drawn (a QR
 * file, a print kit), so the campaign notes the domain it was made with.
 */
export async function publicOriginOf(
  db: Database,
  env: Pick<Env, "appOrigin">,
  { userId, campaignId, made = false }: { userId: string; campaignId?: string; made?: boolean },
) {
  const domain = await findVerifiedDomain(db, { userId });
  if (!domain?.planIncludesDomains) return env.appOrigin;
  if (campaignId === undefined) return `https://${domain.hostname}`;
  if (!UUID.test(campaignId)) return env.appOrigin;
  const mine = and(eq(campaign.id, campaignId), eq(campaign.userId, userId), eq(campaign.codeAddress, "domain"));
  const [onDomain] = made
    ? await db.update(campaign).set({ codesMadeOn: domain.hostname }).where(mine).returning({ id: campaign.id })
    : await db.select({ id: campaign.id }).from(campaign).where(mine);
  return onDomain ? `https://${domain.hostname}` : env.appOrigin;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many of the owner's campaigns had codes made with this domain: what removing it breaks. */
export async function campaignsWithCodesOn(db: Database, { userId, hostname }: { userId: string; hostname: string }) {
  const [row] = await db
    .select({ campaigns: count() })
    .from(campaign)
    .where(and(eq(campaign.userId, userId), eq(campaign.codesMadeOn, hostname)));
  return row?.campaigns ?? 0;
}

/** Which address a campaign's new codes use: the owner's domain or the main address. */
export async function setCampaignCodeAddress(db: Database, options: { userId: string; campaignId: string; codeAddress: "domain" | "main" }) {
  if (!UUID.test(options.campaignId)) return false;
  const updated = await db
    .update(campaign)
    .set({ codeAddress: options.codeAddress })
    .where(and(eq(campaign.id, options.campaignId), eq(campaign.userId, options.userId)))
    .returning({ id: campaign.id });
  return updated.length > 0;
}

/** The choice the print page offers: null while the owner has no domain new codes may use. */
export async function codeAddressChoiceOf(db: Database, env: Pick<Env, "appUrl">, { userId, campaignId }: { userId: string; campaignId: string }) {
  const domain = await findVerifiedDomain(db, { userId });
  if (!domain?.planIncludesDomains || !UUID.test(campaignId)) return null;
  const [row] = await db
    .select({ codeAddress: campaign.codeAddress })
    .from(campaign)
    .where(and(eq(campaign.id, campaignId), eq(campaign.userId, userId)));
  return row ? { choice: row.codeAddress, domain: domain.hostname, main: env.appUrl.host } : null;
}

/** For a list of one owner's campaigns (the API): each campaign's code address as an origin, one lookup for all. */
export async function codeOriginChooser(db: Database, env: Pick<Env, "appOrigin">, { userId }: { userId: string }) {
  const domain = await findVerifiedDomain(db, { userId });
  const own = domain?.planIncludesDomains ? `https://${domain.hostname}` : null;
  return (codeAddress: "domain" | "main") => (own && codeAddress === "domain" ? own : env.appOrigin);
}
