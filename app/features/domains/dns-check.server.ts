// Rules: docs/features/domains.md ("Verified by TXT and CNAME").
import { Resolver } from "node:dns/promises";

/** The TXT record's name and value, and the CNAME's target: what the owner publishes. */
export const TXT_PREFIX = "_leadqr";
export const txtNameOf = (hostname: string) => `${TXT_PREFIX}.${hostname}`;
export const txtValueOf = (token: string) => `leadqr-verify=${token}`;

export type DnsVerdict = { verified: true } | { verified: false; problem: string; lookupFailed: boolean };

const NO_RECORD = new Set(["ENODATA", "ENOTFOUND", "NXDOMAIN", "ENONAME"]);

/** A resolver on DNS_RESOLVER (`host:port`) when set, otherwise the system's servers. */
export function createResolver(server: string | undefined) {
  const resolver = new Resolver({ timeout: 2_000, tries: 2 });
  if (server) resolver.setServers([server]);
  return resolver;
}

/** The records found, or [] when the name has none; a server that fails to answer throws. */
async function lookup<T>(query: () => Promise<T[]>): Promise<T[]> {
  try {
    return await query();
  } catch (error) {
    if (NO_RECORD.has((error as NodeJS.ErrnoException).code ?? "")) return [];
    throw error;
  }
}

const bare = (name: string) => name.toLowerCase().replace(/\.$/, "");

/**
 * Whether the owner published both records: the TXT with this domain's token, and the name
 * pointing at `target` (by CNAME, or by the same addresses where a provider flattens CNAMEs).
 * The problem is said in the owner's words, with what to do next.
 */
export async function checkDomainRecords(resolver: Resolver, options: { hostname: string; token: string; target: string }): Promise<DnsVerdict> {
  const { hostname, token, target } = options;
  try {
    const txt = await lookup(() => resolver.resolveTxt(txtNameOf(hostname)));
    if (!txt.some((chunks) => chunks.join("") === txtValueOf(token))) {
      return { verified: false, lookupFailed: false, problem: "We can't see the TXT record yet. DNS changes can take up to an hour." };
    }
    const cnames = (await lookup(() => resolver.resolveCname(hostname))).map(bare);
    if (cnames.includes(bare(target))) return { verified: true };
    if (cnames.length > 0) {
      return {
        verified: false,
        lookupFailed: false,
        problem: `${hostname} points to ${cnames[0]}, not to ${target}. Change its CNAME record to ${target}.`,
      };
    }
    const [own, ours] = await Promise.all([lookup(() => resolver.resolve4(hostname)), lookup(() => resolver.resolve4(target))]);
    if (own.length > 0 && own.every((address) => ours.includes(address))) return { verified: true };
    return {
      verified: false,
      lookupFailed: false,
      problem: `The TXT record is there, but we can't see ${hostname} pointing to ${target} yet. Add the CNAME record; DNS changes can take up to an hour.`,
    };
  } catch {
    return { verified: false, lookupFailed: true, problem: "We couldn't reach DNS to check just now. We'll try again in a few minutes." };
  }
}
