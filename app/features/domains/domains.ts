// What a custom domain's state means to its owner, and when it is looked at next.
// Rules: docs/features/domains.md ("Verified by TXT and CNAME").
export type DomainState = "pending" | "verified" | "broken" | "expired";

export const PENDING_CHECK_MS = 5 * 60_000;
export const PENDING_FOR_MS = 72 * 60 * 60_000;
export const VERIFIED_CHECK_MS = 24 * 60 * 60_000;
export const BROKEN_CHECK_MS = 60 * 60_000;
/** A DNS server that did not answer is asked again soon, whatever the state: it says nothing about the records. */
export const LOOKUP_RETRY_MS = 5 * 60_000;

export type CheckOutcome = { verified: true } | { verified: false; problem: string; lookupFailed: boolean };

export type Transition = {
  state: DomainState;
  lastError: string | null;
  nextCheckAt: Date | null;
  /** The email the owner gets for this change, if any. */
  notify: "domain_verified" | "domain_broken" | null;
};

/** The one state machine: a domain's state after a check at `now`. */
export function nextStateOf(current: { state: DomainState; createdAt: Date }, outcome: CheckOutcome, now: Date): Transition {
  const at = (ms: number) => new Date(now.getTime() + ms);
  if (outcome.verified) {
    return {
      state: "verified",
      lastError: null,
      nextCheckAt: at(VERIFIED_CHECK_MS),
      notify: current.state === "verified" ? null : "domain_verified",
    };
  }
  if (outcome.lookupFailed) {
    const waiting = current.state === "pending" && now.getTime() - current.createdAt.getTime() < PENDING_FOR_MS;
    return {
      state: current.state,
      lastError: outcome.problem,
      nextCheckAt: waiting || current.state !== "pending" ? at(LOOKUP_RETRY_MS) : null,
      notify: null,
    };
  }
  if (current.state === "verified" || current.state === "broken") {
    return {
      state: "broken",
      lastError: outcome.problem,
      nextCheckAt: at(BROKEN_CHECK_MS),
      notify: current.state === "verified" ? "domain_broken" : null,
    };
  }
  if (now.getTime() - current.createdAt.getTime() >= PENDING_FOR_MS) {
    return { state: "expired", lastError: outcome.problem, nextCheckAt: null, notify: null };
  }
  return { state: "pending", lastError: outcome.problem, nextCheckAt: at(PENDING_CHECK_MS), notify: null };
}

/** The steps ahead, in order: DNS records found → domain verified → HTTPS live. */
export const DOMAIN_STEPS = ["dnsFound", "verified", "httpsLive"] as const;

/** How many of `DOMAIN_STEPS` are behind the domain: records are found when it verifies. */
export function domainStepsDone(domain: { state: DomainState; httpsLive: boolean }) {
  if (domain.state !== "verified") return 0;
  return domain.httpsLive ? 3 : 2;
}

/** The state in plain words, and what to do next. */
export function describeDomainState(domain: { state: DomainState; hostname: string; lastError: string | null; httpsLive: boolean }) {
  switch (domain.state) {
    case "pending":
      return {
        label: "Waiting for DNS",
        next: domain.lastError ?? "Publish the two records below, then press Verify. We also check every few minutes for 72 hours.",
      };
    case "verified":
      return domain.httpsLive
        ? { label: "Verified · HTTPS live", next: `New QR codes, short links and print kits use https://${domain.hostname}.` }
        : {
            label: "Verified · HTTPS being set up",
            next: `Your records are right. We're getting the certificate for https://${domain.hostname}; this usually takes a minute. New QR codes already use it.`,
          };
    case "broken":
      return {
        label: "Not pointing to us",
        next: `${domain.lastError ?? "The records are gone."} Codes on ${domain.hostname} don't open until the records are back. We check again every hour.`,
      };
    case "expired":
      return {
        label: "Not verified",
        next: `We stopped checking after 72 hours. ${domain.lastError ?? ""} Fix the records, then press Verify.`.replace("  ", " "),
      };
  }
}
