// Rules: docs/features/domains.md ("What a name serves", "Downgrades").
import crypto from "node:crypto";
import proxyAddr from "proxy-addr";
import type { Database } from "~/db/client.server";
import type { Env } from "~/utils/env.server";
import { ownerOfHost } from "./host-rules.server";
import { hostnameOfHeader } from "./hostname";

export type TlsAskAnswer = { status: 200 | 400 | 403 | 404; body: string };

/**
 * Whether the caller may ask at all: Caddy beside the app (loopback), a proxy named in
 * TRUST_PROXY, or anyone holding TLS_ASK_TOKEN. Anyone else could use the answers to list which
 * names are our owners' domains.
 */
function mayAsk(env: Pick<Env, "TRUST_PROXY" | "TLS_ASK_TOKEN">, clientAddress: string, token: string | null) {
  if (env.TLS_ASK_TOKEN && token !== null) {
    const given = Buffer.from(token);
    const expected = Buffer.from(env.TLS_ASK_TOKEN);
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) return true;
  }
  const networks = ["loopback", ...(Array.isArray(env.TRUST_PROXY) ? env.TRUST_PROXY : [])];
  try {
    return proxyAddr.compile(networks)(clientAddress, 0);
  } catch {
    return false;
  }
}

/**
 * Caddy's on-demand TLS question: may it get a certificate for `domain`? Yes (200)
 * only for a verified domain, whatever the account's plan is now: codes printed on it before a
 * downgrade must keep opening. Every other name, and every caller that may not
 * ask, gets a refusal. Answers come from a 30-second cache.
 */
export async function answerTlsAsk(
  db: Database,
  env: Pick<Env, "TRUST_PROXY" | "TLS_ASK_TOKEN">,
  request: { clientAddress: string; domain: string | null; token: string | null },
): Promise<TlsAskAnswer> {
  if (!mayAsk(env, request.clientAddress, request.token)) return { status: 403, body: "Not allowed from this address." };
  const hostname = hostnameOfHeader(request.domain);
  if (hostname === "" || hostname.length > 253) return { status: 400, body: "Give the name as ?domain=." };
  const owner = await ownerOfHost(db, hostname);
  // A broken domain still serves its codes but gets no new certificate.
  if (!owner || owner.broken) return { status: 404, body: "No certificate for this name." };
  return { status: 200, body: "OK" };
}
