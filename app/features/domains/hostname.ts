// Rules: docs/features/domains.md ("Verified by TXT and CNAME").
import { domainToASCII } from "node:url";
import { isIP } from "node:net";
import { parse } from "tldts";

export type HostnameVerdict = { ok: true; hostname: string } | { ok: false; reason: string };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The one reading of a domain the owner typed: pasted addresses lose their scheme
 * and path, international names become punycode, letters lower case. A bare registrable domain
 * (mycafe.com) is refused: pointing it at us by CNAME would break its other records (email).
 */
export function normalizeHostname(raw: string, appHostname: string): HostnameVerdict {
  let typed = raw.trim();
  if (typed === "") return { ok: false, reason: "Type the domain, e.g. go.mycafe.com." };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(typed)) {
    if (!URL.canParse(typed)) return { ok: false, reason: "That isn't a domain name. Type it like go.mycafe.com." };
    typed = new URL(typed).hostname;
  }
  typed = typed.replace(/\/+$/, "").replace(/\.$/, "");
  if (/[/\s:@?#]/.test(typed)) return { ok: false, reason: "Type only the domain name, like go.mycafe.com, without a path or port." };
  if (isIP(typed) || /^\[.*\]$/.test(typed)) return { ok: false, reason: "Use a domain name, not an IP address." };
  const hostname = domainToASCII(typed.toLowerCase());
  if (hostname === "" || hostname.length > 253 || !hostname.split(".").every((label) => LABEL.test(label))) {
    return { ok: false, reason: "That isn't a valid domain name. Type it like go.mycafe.com." };
  }
  const parsed = parse(hostname, { allowPrivateDomains: true });
  if (!parsed.domain || !parsed.publicSuffix || hostname === parsed.publicSuffix) {
    return { ok: false, reason: "That is a domain ending, not your domain. Type it like go.mycafe.com." };
  }
  if (!parsed.subdomain) {
    return {
      ok: false,
      reason: `Use a subdomain, such as go.${hostname}. A bare domain like ${hostname} can't point to us without breaking its other records, such as your email.`,
    };
  }
  if (hostname === appHostname || hostname.endsWith(`.${appHostname}`))
    return { ok: false, reason: "That is our own address. Use a domain of your business." };
  return { ok: true, hostname };
}

/** The hostname of a request's Host header: lower case, no port, no trailing dot. */
export function hostnameOfHeader(host: string | null | undefined) {
  if (!host) return "";
  const value = host.trim().toLowerCase();
  if (value.startsWith("[")) return value.slice(0, value.indexOf("]") + 1);
  return value.replace(/:\d+$/, "").replace(/\.$/, "");
}
