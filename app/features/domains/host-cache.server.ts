// Which account a request's host serves, kept briefly in this process: a name
// answers for 30 seconds after a change elsewhere, a state change here at once.
// Rules: docs/features/domains.md ("What a name serves", "Downgrades").
/** `broken`: its records are gone; it still serves its owner's codes, but gets no certificate. */
export type HostOwner = { userId: string; broken: boolean } | null;

const FRESH_MS = 30_000;
const MAX_ENTRIES = 10_000;
const entries = new Map<string, { owner: HostOwner; at: number }>();

export function cachedHost(hostname: string): HostOwner | undefined {
  const entry = entries.get(hostname);
  if (!entry || Date.now() - entry.at > FRESH_MS) return undefined;
  return entry.owner;
}

export function rememberHost(hostname: string, owner: HostOwner) {
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(hostname, { owner, at: Date.now() });
}

export function forgetHost(hostname: string) {
  entries.delete(hostname);
}
