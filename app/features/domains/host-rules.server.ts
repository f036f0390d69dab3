// Rules: docs/features/domains.md ("What a name serves"); docs/features/http-edge.md ("The public address").
import { eq } from "drizzle-orm";
import { isIP } from "node:net";
import type { Database } from "~/db/client.server";
import { campaign, shortLink } from "~/db/schema";
import { getEnv, type Env } from "~/utils/env.server";
import { getServices } from "~/utils/services.server";
import { cachedHost, rememberHost, type HostOwner } from "./host-cache.server";
import { hostnameOfHeader } from "./hostname";
import { findServingDomain } from "./verified-domain.server";

/**
 * What a request may do given the host it arrived on:
 * - `main`: our own address (APP_URL's host, `localhost`, an IP address, no Host): the whole app;
 * - `serve`: an owner's public page on their own domain (verified, or broken: printed codes keep opening);
 * - `redirect`: a page of the app itself (sign-in, the dashboard) on an owner's domain: to APP_URL;
 * - `not-found`: anything else there, including another owner's campaign;
 * - `not-connected`: any other name (unknown, pending, expired, removed, its account deleted):
 *   the neutral page, the same for each, so a Host header never tells which names are verified.
 */
export type HostDecision =
  { kind: "main" } | { kind: "serve"; userId: string } | { kind: "redirect"; location: string } | { kind: "not-found" } | { kind: "not-connected" };

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** A campaign's capture page, its lead post, its React Router data request and its privacy notice. */
const CAMPAIGN_PATH = new RegExp(`^/capture/(${UUID})(?:\\.data|/lead|/privacy(?:\\.data)?)?/?$`, "i");
/** A printed code's short link, its lead post and data request. */
const SHORT_PATH = /^\/q\/([0-9a-z]{1,8})(?:\.data|\/lead)?\/?$/i;
/** Pages reached by an unguessable token: read and posted to. */
const TOKEN_PATH = /^\/consent\/(?:confirm|withdraw)\/[^/]+(?:\.data)?$/i;
/**
 * Static files, route discovery and the https proof: read only. A post under them would reach
 * React Router's catch-all route as some other path's action (`/assets/x.js/.../capture/{id}.data`).
 */
const FILE_PATH = /^\/(?:assets\/.+|uploads\/.+|favicon\.(?:ico|svg)|robots\.txt|__manifest|\.well-known\/leadqr-domain-proof)$/i;
/** The app's own machinery: never on an owner's domain, and nowhere to send a browser. */
const NEVER_PATH = /^\/(?:api|admin|tls|webhooks|metrics|healthz)(?:[/.]|$)/i;

/**
 * The app's own machinery, which operators and Caddy may reach by an internal name (`ask
 * http://app.internal/tls/ask`, a scrape of `/metrics`, a health check): answered as on the main
 * address on a name that is no owner's domain. No page, form or cookie; each has its own rule.
 */
const MACHINE_PATH = /^\/(?:healthz|tls\/ask|metrics)$/i;

/**
 * Whether a host is our own address, without a database call: APP_URL's host (or the address
 * derived from HOST and PORT), `localhost`, any IP address, or no Host at all.
 */
export function isPlainHost(env: Pick<Env, "appUrl">, host: string | null | undefined) {
  const hostname = hostnameOfHeader(host);
  return hostname === "" || hostname === env.appUrl.hostname || hostname === "localhost" || isIP(hostname.replace(/^\[|\]$/g, "")) !== 0;
}

/** The account whose verified or broken domain this is, or null; cached briefly. */
export async function ownerOfHost(db: Database, hostname: string): Promise<HostOwner> {
  const cached = cachedHost(hostname);
  if (cached !== undefined) return cached;
  const owner = await findServingDomain(db, hostname);
  rememberHost(hostname, owner);
  return owner;
}

async function ownerOfPath(db: Database, path: string): Promise<string | null | undefined> {
  const byId = CAMPAIGN_PATH.exec(path);
  if (byId) {
    const [row] = await db.select({ userId: campaign.userId }).from(campaign).where(eq(campaign.id, byId[1]!.toLowerCase()));
    return row?.userId ?? null;
  }
  const byCode = SHORT_PATH.exec(path);
  if (byCode) {
    const [row] = await db
      .select({ userId: campaign.userId })
      .from(shortLink)
      .innerJoin(campaign, eq(campaign.id, shortLink.campaignId))
      .where(eq(shortLink.code, byCode[1]!.toUpperCase()));
    return row?.userId ?? null;
  }
  return undefined;
}

/** The one rule for requests on an owner's domain. */
export async function decideForHost(
  db: Database,
  env: Pick<Env, "appUrl" | "appOrigin">,
  request: { host: string | null | undefined; method: string; path: string },
): Promise<HostDecision> {
  if (isPlainHost(env, request.host)) return { kind: "main" };
  const owner = await ownerOfHost(db, hostnameOfHeader(request.host));
  if (!owner) return MACHINE_PATH.test(request.path) ? { kind: "main" } : { kind: "not-connected" };
  const reads = request.method === "GET" || request.method === "HEAD";
  if (TOKEN_PATH.test(request.path) || (reads && FILE_PATH.test(request.path))) return { kind: "serve", userId: owner.userId };
  const pathOwner = await ownerOfPath(db, request.path);
  if (pathOwner !== undefined) {
    if (pathOwner === owner.userId) return { kind: "serve", userId: owner.userId };
    // The name's owner may have changed since it was cached (a hand-over moves the domain with the
    // campaigns): a printed code must not answer "not found" for the cache's 30 s, so ask again.
    const current = await findServingDomain(db, hostnameOfHeader(request.host));
    rememberHost(hostnameOfHeader(request.host), current);
    return current && pathOwner === current.userId ? { kind: "serve", userId: current.userId } : { kind: "not-found" };
  }
  if (NEVER_PATH.test(request.path) || !reads) return { kind: "not-found" };
  return { kind: "redirect", location: `${env.appOrigin}${request.path}` };
}

/** `decideForHost` with this process's database and configuration: what the HTTP server calls. */
export async function decideRequestHost(request: { host: string | null | undefined; method: string; path: string }): Promise<HostDecision> {
  if (isPlainHost(getEnv(), request.host)) return { kind: "main" };
  const { db, env } = await getServices();
  return decideForHost(db, env, request);
}

/** `isPlainHost` with this process's configuration: whether the host rule may let a request straight through. */
export function isPlainRequestHost(host: string | null | undefined) {
  return isPlainHost(getEnv(), host);
}
