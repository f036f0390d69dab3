// Keeps webhooks from being turned against our own network (SSRF): destinations must resolve to
// public addresses, checked when the endpoint is saved and again on every connection, after DNS.
// Rules: docs/features/webhooks-and-api.md ("Where a webhook may go").
import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { refused, words, wordsIn, type RefusalWords } from "~/features/languages/owner/refusals";
import { DomainError } from "~/utils/domain-error";

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(address, prefix, "ipv6");
}

/** NAT64 for local use (RFC 8215): whatever it embeds, it leads into someone's own network. */
const LOCAL_NAT64 = ipaddr.parseCIDR("64:ff9b:1::/48");
/** Teredo (RFC 4380): the client address inside is obfuscated and tunnelled; never a webhook target. */
const TEREDO = ipaddr.parseCIDR("2001::/32");

/**
 * The IPv4 address an IPv6 form carries, or null: IPv4-mapped (::ffff:a.b.c.d), SIIT
 * (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d, which also covers :: and ::1), NAT64
 * (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::). Such an address reaches the IPv4 one, so it is
 * judged by it.
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const parts = address.parts;
  const fromParts = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
  const zeroes = (from: number, to: number) => parts.slice(from, to).every((part) => part === 0);
  if (zeroes(0, 5) && (parts[5] === 0xffff || parts[5] === 0)) return fromParts(parts[6]!, parts[7]!);
  if (zeroes(0, 4) && parts[4] === 0xffff && parts[5] === 0) return fromParts(parts[6]!, parts[7]!);
  if (parts[0] === 0x64 && parts[1] === 0xff9b && zeroes(2, 6)) return fromParts(parts[6]!, parts[7]!);
  if (parts[0] === 0x2002) return fromParts(parts[1]!, parts[2]!);
  return null;
}

/** True for loopback, private, link-local (e.g. 169.254.169.254), shared, reserved and multicast addresses. */
export function isPrivateAddress(address: string): boolean {
  // net.isIP is strict (no "0x7f.1" or "127.1" shorthands), so what it accepts is what a socket would use.
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const parsed = ipaddr.IPv6.parse(address.replace(/%.*$/, ""));
  const v4 = embeddedIpv4(parsed);
  if (v4) return blocked.check(v4.toString(), "ipv4");
  if (parsed.match(LOCAL_NAT64) || parsed.match(TEREDO)) return true;
  return blocked.check(parsed.toNormalizedString(), "ipv6") || parsed.range() !== "unicast";
}

export const PRIVATE_ADDRESS_MESSAGE = wordsIn(words("integrations.privateAddress"));

function hostOf(url: URL) {
  // URL keeps IPv6 literals in brackets; a trailing dot names the same host.
  return url.hostname.replace(/^\[(.*)\]$/, "$1").replace(/\.+$/, "");
}

export const WEBHOOK_PORT_MESSAGE = wordsIn(words("integrations.port"));

/**
 * Webhooks go to web servers: the default ports, 443 and 80, or an unprivileged port above 1023
 *. The privileged ports below are other services (SSH, SMTP, databases' admin
 * ports) that a webhook must not be able to knock on. `URL` drops a protocol's default port.
 */
export function isWebhookPort(url: URL) {
  if (url.port === "") return true;
  const port = Number(url.port);
  return port === 443 || port === 80 || port > 1023;
}

/** Syntax rules for an endpoint URL; returns the words for the owner, or null when acceptable. */
export function problemWithUrl(raw: string, allowPrivate: boolean): RefusalWords | null {
  if (!URL.canParse(raw)) return words("integrations.fullUrl");
  const url = new URL(raw);
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return words("integrations.https");
  if (url.username || url.password) return words("integrations.credentials");
  if (!isWebhookPort(url)) return words("integrations.port");
  const host = hostOf(url);
  if (!host) return words("integrations.fullUrl");
  if (!allowPrivate && net.isIP(host) && isPrivateAddress(host)) return words("integrations.privateAddress");
  if (!allowPrivate && /(^|\.)(localhost|local|internal|localdomain)$/i.test(host)) return words("integrations.privateAddress");
  return null;
}

/**
 * Checks the URL and resolves its host now; every address it resolves to must be public.
 * Throws DomainError `unsafe_destination` with a message for the owner.
 */
export async function assertSafeDestination(raw: string, options: { allowPrivate: boolean }) {
  const problem = problemWithUrl(raw, options.allowPrivate);
  if (problem) throw new DomainError("unsafe_destination", wordsIn(problem), { words: problem });
  if (options.allowPrivate) return;
  const host = hostOf(new URL(raw));
  if (net.isIP(host)) return;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    throw refused("unsafe_destination", "integrations.hostUnknown");
  }
  if (addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address))) {
    throw refused("unsafe_destination", "integrations.privateAddress");
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request that refuses private addresses: the check runs on the very
 * addresses the socket connects to, so a name that changes its answer (DNS rebinding) gains nothing.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "");
      const usable = allowPrivate ? addresses : addresses.filter((entry) => !isPrivateAddress(entry.address));
      if (usable.length === 0 || usable.length !== addresses.length) {
        const unsafe = Object.assign(refused("unsafe_destination", "integrations.privateAddress"), { code: "EUNSAFEDEST" });
        return callback(unsafe, "");
      }
      if (options.all) return callback(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}
