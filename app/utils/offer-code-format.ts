// Rules: docs/features/emails.md ("The outbox").
const GROUPS = [3, 3, 2] as const;

/**
 * `K7MQ4QX9D` → `K7M-4QX-9D`: how an offer code is shown everywhere. Here, below the features,
 * because the email worker renders the owner's new-lead email with it.
 */
export function formatOfferCode(code: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of GROUPS) {
    parts.push(code.slice(at, at + size));
    at += size;
  }
  return parts.join("-");
}
