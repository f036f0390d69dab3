// Keeps webhooks from being turned against our own network (SSRF): destinations must resolve to
// public addresses, checked when the endpoint is saved and again on every connection, after DNS.
import dns from "node:dns";
import net from "node:net";
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

/** IPv4 embedded in an IPv4-mapped (::ffff:a.b.c.d), compatible or NAT64 IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return null;
}

/** True for loopback, private, link-local (e.g. 169.254.169.254), shared, reserved and multicast addresses. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return blocked.check(v4, "ipv4");
    return blocked.check(address, "ipv6");
  }
  return true;
}

export const PRIVATE_ADDRESS_MESSAGE = "This address points to a private or local network, which webhooks cannot reach.";

function hostOf(url: URL) {
  // URL keeps IPv6 literals in brackets; a trailing dot names the same host.
  return url.hostname.replace(/^\[(.*)\]$/, "$1").replace(/\.+$/, "");
}

/** Syntax rules for an endpoint URL; returns a message for the owner, or null when acceptable. */
export function problemWithUrl(raw: string, allowPrivate: boolean): string | null {
  if (!URL.canParse(raw)) return "Enter a full URL, like https://example.com/webhooks/leadqr";
  const url = new URL(raw);
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return "The URL must start with https://";
  if (url.username || url.password) return "The URL must not contain a user name or password";
  const host = hostOf(url);
  if (!host) return "Enter a full URL, like https://example.com/webhooks/leadqr";
  if (!allowPrivate && net.isIP(host) && isPrivateAddress(host)) return PRIVATE_ADDRESS_MESSAGE;
  if (!allowPrivate && /(^|\.)(localhost|local|internal|localdomain)$/i.test(host)) return PRIVATE_ADDRESS_MESSAGE;
  return null;
}

/**
 * Checks the URL and resolves its host now; every address it resolves to must be public.
 * Throws DomainError `unsafe_destination` with a message for the owner.
 */
export async function assertSafeDestination(raw: string, options: { allowPrivate: boolean }) {
  const problem = problemWithUrl(raw, options.allowPrivate);
  if (problem) throw new DomainError("unsafe_destination", problem);
  if (options.allowPrivate) return;
  const host = hostOf(new URL(raw));
  if (net.isIP(host)) return;
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    throw new DomainError("unsafe_destination", "We could not find this host. Check the address and try again.");
  }
  if (addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address))) {
    throw new DomainError("unsafe_destination", PRIVATE_ADDRESS_MESSAGE);
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
        const refused = Object.assign(new DomainError("unsafe_destination", PRIVATE_ADDRESS_MESSAGE), { code: "EUNSAFEDEST" });
        return callback(refused, "");
      }
      if (options.all) return callback(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}
