// Rules: docs/features/domains.md ("Verified by TXT and CNAME").
import { domainToASCII } from "node:url";
import { isIP } from "node:net";
import { parse } from "tldts";
import { words, type RefusalWords } from "~/features/languages/owner/refusals";

export type HostnameVerdict = { ok: true; hostname: string } | { ok: false; reason: RefusalWords };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The one reading of a domain the owner typed: pasted addresses lose their scheme
 * and path, international names become punycode, letters lower case. A bare registrable domain
 * (mycafe.com) is refused: pointing it at us by CNAME would break its other records (email).
 */
export function normalizeHostname(raw: string, appHostname: string): HostnameVerdict {
  let typed = raw.trim();
  if (typed === "") return { ok: false, reason: words("domains.hostname.empty") };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(typed)) {
    if (!URL.canParse(typed)) return { ok: false, reason: words("domains.hostname.notDomain") };
    typed = new URL(typed).hostname;
  }
  typed = typed.replace(/\/+$/, "").replace(/\.$/, "");
  if (/[/\s:@?#]/.test(typed)) return { ok: false, reason: words("domains.hostname.onlyName") };
  if (isIP(typed) || /^\[.*\]$/.test(typed)) return { ok: false, reason: words("domains.hostname.ipAddress") };
  const hostname = domainToASCII(typed.toLowerCase());
  if (hostname === "" || hostname.length > 253 || !hostname.split(".").every((label) => LABEL.test(label))) {
    return { ok: false, reason: words("domains.hostname.invalid") };
  }
  const parsed = parse(hostname, { allowPrivateDomains: true });
  if (!parsed.domain || !parsed.publicSuffix || hostname === parsed.publicSuffix) {
    return { ok: false, reason: words("domains.hostname.suffix") };
  }
  if (!parsed.subdomain) {
    return { ok: false, reason: words("domains.hostname.bare", { hostname }) };
  }
  if (hostname === appHostname || hostname.endsWith(`.${appHostname}`)) return { ok: false, reason: words("domains.hostname.ours") };
  return { ok: true, hostname };
}

/** The hostname of a request's Host header: lower case, no port, no trailing dot. */
export function hostnameOfHeader(host: string | null | undefined) {
  if (!host) return "";
  const value = host.trim().toLowerCase();
  if (value.startsWith("[")) return value.slice(0, value.indexOf("]") + 1);
  return value.replace(/:\d+$/, "").replace(/\.$/, "");
}
