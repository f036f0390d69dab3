// Connecting a provider account: the OAuth round trip with a `state` bound to the
// asking session, tokens sealed at rest and refreshed before they expire, the destination chosen,
// and Disconnect revoking what the provider lets us revoke.
// Rules: docs/features/lead-sync.md ("Connections and tokens").
import crypto from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { businessProfile, syncConnection, syncOauthState, user } from "~/db/schema";
import { enqueueEmail } from "~/features/email/outbox.server";
import { emailLanguageColumn, recipientLanguage } from "~/features/email/recipient-language.server";
import { refused } from "~/features/languages/owner/refusals";
import { DomainError } from "~/utils/domain-error";
import { getEnv } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import { ProviderError, type LiveConnection, type SyncProvider } from "./provider";
import { providerOf } from "./providers.server";
import { syncBrokenEmail } from "./sync-emails";
import { openToken, sealToken } from "~/utils/token-seal.server";

/** An authorization must come back within this long. */
const STATE_TTL_MINUTES = 15;
/** A token this close to its expiry is refreshed before use. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export type ConnectionRow = typeof syncConnection.$inferSelect;

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");

export function callbackUrlOf(providerId: string) {
  return `${getEnv().appOrigin}/settings/integrations/sync/${providerId}/callback`;
}

export function knownProvider(providerId: string): SyncProvider {
  const provider = providerOf(providerId);
  if (!provider) throw refused("not_found", "sync.noProvider");
  return provider;
}

function configuredProvider(providerId: string) {
  const provider = knownProvider(providerId);
  const missing = provider.missingConfiguration();
  if (missing.length > 0) throw refused("not_configured", "sync.notConfigured", { provider: provider.label, settings: missing.join(" and ") });
  return provider;
}

/**
 * The authorization's PKCE verifier, derived from its state with the app's secret: as unguessable as
 * a random one to whoever sees the state in the address bar, and nothing more to store per state.
 */
async function codeVerifierOf(state: string) {
  const { secret } = await getServices();
  return crypto.createHmac("sha256", secret).update(`pkce:${state}`).digest("base64url");
}

/** Starts an authorization, within the owner's budget: the provider's address to send the owner to, with a fresh state. */
export async function startConnect(db: Database, options: { userId: string; sessionId: string; providerId: string }) {
  const provider = configuredProvider(options.providerId);
  await consumeRateLimit("syncConnectByUser", options.userId);
  const state = crypto.randomBytes(24).toString("base64url");
  await db.insert(syncOauthState).values({
    stateHash: sha256(state),
    userId: options.userId,
    sessionId: options.sessionId,
    provider: provider.id,
    expiresAt: sql`now() + make_interval(mins => ${STATE_TTL_MINUTES})`,
  });
  return provider.authorizeUrl({ state, redirectUri: callbackUrlOf(provider.id), codeVerifier: await codeVerifierOf(state) });
}

/**
 * The provider sent the owner back. The state must be one this session asked for, for this
 * provider, not yet used nor expired; then the code is exchanged and the tokens kept, sealed.
 */
export async function finishConnect(
  db: Database,
  options: { userId: string; sessionId: string; providerId: string; state: string | null; code: string | null; error: string | null },
) {
  const provider = knownProvider(options.providerId);
  const [state] = options.state
    ? await db
        .delete(syncOauthState)
        .where(
          and(
            eq(syncOauthState.stateHash, sha256(options.state)),
            eq(syncOauthState.userId, options.userId),
            eq(syncOauthState.sessionId, options.sessionId),
            eq(syncOauthState.provider, provider.id),
            gt(syncOauthState.expiresAt, sql`now()`),
          ),
        )
        .returning({ stateHash: syncOauthState.stateHash })
    : [];
  if (!state) throw refused("not_found", "sync.notStarted", { provider: provider.label });
  if (options.error || !options.code) throw refused("provider_failed", "sync.notGranted", { provider: provider.label });
  configuredProvider(provider.id);
  let tokens;
  try {
    tokens = await provider.exchangeCode({
      code: options.code,
      redirectUri: callbackUrlOf(provider.id),
      codeVerifier: await codeVerifierOf(options.state ?? ""),
    });
  } catch (error) {
    if (error instanceof ProviderError)
      throw refused("provider_failed", "sync.notConnectedBecause", { provider: provider.label, reason: error.message });
    throw error;
  }
  const { secret } = await getServices();
  const sealed = {
    accessToken: sealToken(secret, tokens.accessToken),
    refreshToken: tokens.refreshToken ? sealToken(secret, tokens.refreshToken) : null,
    expiresAt: tokens.expiresAt,
    apiEndpoint: tokens.apiEndpoint,
    accountName: tokens.accountName,
    status: "active" as const,
    brokenReason: null,
    updatedAt: sql`now()`,
  };
  await db
    .insert(syncConnection)
    .values({ userId: options.userId, provider: provider.id, ...sealed })
    .onConflictDoUpdate({ target: [syncConnection.userId, syncConnection.provider], set: sealed });
  return provider;
}

export async function connectionOf(db: Database, options: { userId: string; providerId: string }) {
  const [row] = await db
    .select()
    .from(syncConnection)
    .where(and(eq(syncConnection.userId, options.userId), eq(syncConnection.provider, knownProvider(options.providerId).id)));
  if (!row) throw refused("not_found", "sync.notConnected");
  return row;
}

/** The connection's access token, refreshed first when it is about to expire. A refusal marks the connection broken. */
export async function accessTokenOf(db: Database, row: ConnectionRow): Promise<Omit<LiveConnection, "destinationId">> {
  const { secret } = await getServices();
  const provider = knownProvider(row.provider);
  try {
    const live = { accessToken: unsealed(secret, row.accessToken, provider), apiEndpoint: row.apiEndpoint };
    if (!row.expiresAt || row.expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS || !provider.refresh) return live;
    if (!row.refreshToken) throw new ProviderError(`${provider.label} access expired. Reconnect to resume.`, "auth");
    return { ...live, accessToken: await refreshed(db, row, provider.refresh, unsealed(secret, row.refreshToken, provider)) };
  } catch (error) {
    if (error instanceof ProviderError && error.kind !== "retry") throw await markBroken(db, row.id, error);
    throw error;
  }
}

/**
 * A token sealed under another secret (BETTER_AUTH_SECRET was rotated) or damaged at rest can never
 * be opened again: the connection needs its owner, like a revoked one.
 */
function unsealed(secret: string, sealed: string, provider: SyncProvider) {
  try {
    return openToken(secret, sealed);
  } catch {
    throw new ProviderError(`The stored ${provider.label} access can no longer be read (the app's secret changed). Reconnect to resume.`, "auth");
  }
}

/** Asks the provider for a fresh access token and keeps it (and a rotated refresh token) sealed. */
async function refreshed(db: Database, row: ConnectionRow, refresh: NonNullable<SyncProvider["refresh"]>, refreshToken: string) {
  const { secret } = await getServices();
  const fresh = await refresh(refreshToken);
  await db
    .update(syncConnection)
    .set({
      accessToken: sealToken(secret, fresh.accessToken),
      expiresAt: fresh.expiresAt,
      ...(fresh.refreshToken ? { refreshToken: sealToken(secret, fresh.refreshToken) } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(syncConnection.id, row.id));
  return fresh.accessToken;
}

/** Holds a connection's jobs with the reason; the owner is emailed when it breaks, not on every failure after. */
export async function markBroken(db: Database, connectionId: string, error: ProviderError) {
  const [was] = await db
    .select({ status: syncConnection.status, userId: syncConnection.userId, provider: syncConnection.provider })
    .from(syncConnection)
    .where(eq(syncConnection.id, connectionId));
  const broke = await db
    .update(syncConnection)
    .set({ status: "broken", brokenReason: error.message, updatedAt: sql`now()` })
    .where(and(eq(syncConnection.id, connectionId), eq(syncConnection.status, "active")))
    .returning({ id: syncConnection.id });
  if (broke.length === 0) {
    await db
      .update(syncConnection)
      .set({ brokenReason: error.message, updatedAt: sql`now()` })
      .where(eq(syncConnection.id, connectionId));
  } else if (was) {
    const [owner] = await db.select({ email: user.email, language: emailLanguageColumn }).from(user).where(eq(user.id, was.userId));
    const content = syncBrokenEmail(knownProvider(was.provider).label, error.message, getEnv().appOrigin, recipientLanguage(owner?.language));
    if (owner) await enqueueEmail(db, { kind: "sync_broken", to: owner.email, content });
  }
  return error;
}

async function withProvider<T>(
  db: Database,
  row: ConnectionRow,
  call: (live: Omit<LiveConnection, "destinationId">, provider: SyncProvider) => Promise<T>,
) {
  const provider = knownProvider(row.provider);
  try {
    return await call(await accessTokenOf(db, row), provider);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.kind === "auth") await markBroken(db, row.id, error);
    throw new DomainError("provider_failed", error.message);
  }
}

export async function listDestinations(db: Database, options: { userId: string; providerId: string }) {
  const row = await connectionOf(db, options);
  return withProvider(db, row, (live, provider) => provider.listDestinations(live));
}

async function setDestination(db: Database, row: ConnectionRow, destination: { id: string; name: string }) {
  await db
    .update(syncConnection)
    .set({ destinationId: destination.id, destinationName: destination.name, status: "active", brokenReason: null, updatedAt: sql`now()` })
    .where(eq(syncConnection.id, row.id));
}

/** Chooses one of the account's destinations (a Mailchimp audience): only one the provider lists. */
export async function chooseDestination(db: Database, options: { userId: string; providerId: string; destinationId: string }) {
  const row = await connectionOf(db, options);
  const destinations = await withProvider(db, row, (live, provider) => provider.listDestinations(live));
  const chosen = destinations.find((destination) => destination.id === options.destinationId);
  if (!chosen) throw refused("not_found", "sync.audienceMissing");
  await setDestination(db, row, chosen);
  return chosen;
}

/** "Create a new sheet": named after the business, with its header row, and chosen. */
export async function createDestination(db: Database, options: { userId: string; providerId: string }) {
  const row = await connectionOf(db, options);
  const [profile] = await db.select({ name: businessProfile.name }).from(businessProfile).where(eq(businessProfile.userId, options.userId));
  const name = `${profile?.name?.trim() || "LeadQR"} leads`;
  const created = await withProvider(db, row, async (live, provider) => {
    if (!provider.createDestination) throw refused("not_found", "sync.chosenNotCreated", { provider: provider.label });
    return provider.createDestination(live, name);
  });
  await setDestination(db, row, created);
  return created;
}

/** "Use an existing sheet": the one the owner names, made ready for leads, and chosen. */
export async function useExistingDestination(db: Database, options: { userId: string; providerId: string; reference: string }) {
  const row = await connectionOf(db, options);
  const chosen = await withProvider(db, row, async (live, provider) => {
    if (!provider.useExisting) throw refused("not_found", "sync.chosenFromList", { provider: provider.label });
    return provider.useExisting(live, options.reference);
  });
  await setDestination(db, row, chosen);
  return chosen;
}

/** Revokes the tokens where the provider allows it, then forgets the connection, its jobs and log. */
export async function disconnect(db: Database, options: { userId: string; providerId: string }) {
  const row = await connectionOf(db, options);
  const provider = knownProvider(row.provider);
  try {
    const { secret } = await getServices();
    await provider.revoke({
      accessToken: openToken(secret, row.accessToken),
      refreshToken: row.refreshToken ? openToken(secret, row.refreshToken) : null,
    });
  } catch (error) {
    // Disconnecting never fails: a token the provider already dropped is as good as revoked.
    logger.warn({ err: error, provider: row.provider }, "sync token not revoked at disconnect");
  }
  await db.delete(syncConnection).where(eq(syncConnection.id, row.id));
  return provider;
}
