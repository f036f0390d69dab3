// Drizzle-free on purpose: the owner's screens (client code) read it as well as the server.

/** How `offer_code.redeemed_by` names a shared counter link: "Staff: {link name}". */
export const SHARED_DEVICE_PREFIX = "Staff: ";

/**
 * Who redeemed, from `offer_code.redeemed_by`: a member's name, "Owner", or a shared counter
 * link's name (no per-person attribution) — for every reader, screens, CSV and the API alike.
 */
export function redeemerOf(redeemedBy: string): { name: string; sharedDevice: boolean } {
  return redeemedBy.startsWith(SHARED_DEVICE_PREFIX)
    ? { name: redeemedBy.slice(SHARED_DEVICE_PREFIX.length), sharedDevice: true }
    : { name: redeemedBy, sharedDevice: false };
}
