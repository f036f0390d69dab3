// Per-client budgets key a client by the network it controls: an IPv4 address
// (also when written as IPv4-mapped IPv6), or the /64 of an IPv6 address, since every IPv6
// subscriber holds at least a /64 and could otherwise rotate through 2^64 budgets.
// Rules: docs/features/http-edge.md ("Budget keys for clients").
import net from "node:net";
import ipaddr from "ipaddr.js";

/** The key every unparseable address shares: garbage never earns a budget of its own. */
export const UNKNOWN_CLIENT = "unknown";

/** The budget key of a client address: "192.0.2.7", or "2001:db8:1:2::/64" for any address of that /64. */
export function clientBudgetKey(address: string | null | undefined): string {
  if (typeof address !== "string") return UNKNOWN_CLIENT;
  // A zone id ("fe80::1%eth0") names the local interface, not the client.
  const bare = address.trim().replace(/%.*$/, "");
  // Node's own check first: ipaddr's validators throw and catch internally, ~14 µs a call for an
  // IPv6 address, and this runs on every capture load.
  const family = net.isIP(bare);
  if (family === 4) return bare;
  if (family !== 6) return UNKNOWN_CLIENT;
  const v6 = ipaddr.IPv6.parse(bare);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const network = new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]);
  return `${network.toString()}/64`;
}
