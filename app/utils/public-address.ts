// Who can open a link that carries the public address: the rule behind every warning on codes
// that would be printed or shared with an address phones cannot open.
// Pure and browser-safe: the print check, the live screen and the QR download read the same verdict.
// Rules: docs/features/campaigns-and-print.md ("Who can open a code").
import ipaddr from "ipaddr.js";

/**
 * - `public`: an https address on a public name or address: any phone can open it.
 * - `unencrypted`: plain http on a public name: phones open it, but warn "Not secure", and the
 *   visitor's details travel unprotected.
 * - `local-network`: a private range, link-local, or a name only a local network resolves
 *   (`*.local`, a single-label name): only phones on that network can open it.
 * - `unreachable`: loopback, `localhost`, or an address no phone can use: only this computer opens it.
 */
export type AddressReach = "public" | "unencrypted" | "local-network" | "unreachable";

export type PublicAddressVerdict = {
  reach: AddressReach;
  origin: string;
  /** For `unreachable`: only this computer opens it, or nothing does. */
  unreachableBecause?: "this-computer" | "nowhere";
  /** What is wrong for a printed or shared code, and how to fix it (English, for the server's log); null when nothing is. */
  warning: { title: string; text: string } | null;
};

/** Names that resolve only inside a home or office network (mDNS, RFC 8375, ICANN's private-use TLD, the common router suffix). */
const LOCAL_NETWORK_SUFFIXES = [".local", ".lan", ".home.arpa", ".internal"];

const UNREACHABLE_RANGES = new Set(["loopback", "unspecified"]);
const LOCAL_NETWORK_RANGES = new Set(["private", "linkLocal", "carrierGradeNat", "uniqueLocal"]);
/** Address ranges that route on the public internet. */
const PUBLIC_RANGES = new Set(["unicast", "6to4", "teredo"]);

/** "this-computer" for loopback and localhost, "nowhere" for reserved and multicast ranges. */
type Reach = { reach: AddressReach; unreachableBecause?: "this-computer" | "nowhere" };

function reachOf(url: URL): Reach {
  // URL keeps IPv6 literals in brackets and normalises IPv4 shorthands ("127.1") to dotted quads.
  const host = url.hostname
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.+$/, "")
    .toLowerCase();
  let byName: AddressReach;
  if (ipaddr.isValid(host)) {
    // ipaddr.process turns an IPv4-mapped IPv6 address into the IPv4 one it reaches.
    const range = ipaddr.process(host).range();
    if (UNREACHABLE_RANGES.has(range)) return { reach: "unreachable", unreachableBecause: "this-computer" };
    if (LOCAL_NETWORK_RANGES.has(range)) byName = "local-network";
    else if (PUBLIC_RANGES.has(range)) byName = "public";
    else return { reach: "unreachable", unreachableBecause: "nowhere" };
  } else if (host === "localhost" || host.endsWith(".localhost")) {
    return { reach: "unreachable", unreachableBecause: "this-computer" };
  } else if (!host.includes(".") || LOCAL_NETWORK_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    byName = "local-network";
  } else {
    byName = "public";
  }
  // On a local network plain http is what a test on the same Wi-Fi uses; the reach is what matters.
  return { reach: byName === "public" && url.protocol !== "https:" ? "unencrypted" : byName };
}

const FIX = "Set APP_URL to your public https address (e.g. APP_URL=https://qr.example.com) and restart the server before printing.";

/** The verdict on the address QR codes, links and emails carry. */
export function publicAddressVerdict(address: string): PublicAddressVerdict {
  const url = new URL(address);
  const origin = url.origin;
  const { reach, unreachableBecause } = reachOf(url);
  switch (reach) {
    case "public":
      return { reach, origin, warning: null };
    case "unencrypted":
      return {
        reach,
        origin,
        warning: {
          title: "This code opens an unencrypted page",
          text: `It points at ${origin}: phones open it but warn "Not secure", and your visitors' details travel unprotected. ${FIX}`,
        },
      };
    case "local-network":
      return {
        reach,
        origin,
        warning: {
          title: "Only phones on this network can open this code",
          text: `It points at ${origin}, a local network address: a phone on the same Wi-Fi can open it, no other phone can. ${FIX}`,
        },
      };
    case "unreachable":
      return {
        reach,
        origin,
        unreachableBecause,
        warning: {
          title: "Phones cannot open this code",
          text: `It points at ${origin}, ${unreachableBecause === "this-computer" ? "which only this computer can open" : "which is not an address a phone can reach"}. ${FIX}`,
        },
      };
  }
}
