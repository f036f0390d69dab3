// A crowd token: what a load that counts no scan carries in its form instead of a scan's id, so
// that the visitor can still claim (docs/features/crowds.md). A load past its network's burst
// allowance, or whose scan could not be written, is a person as likely as not; the
// token says which campaign it was for, when, through which placement, and which browser, signed
// so it cannot be forged. It counts nothing: a scan is counted when its lead arrives.
// Rules: docs/features/crowds.md ("What one network adds to the counts").
import crypto from "node:crypto";
import type { ScanSource } from "~/db/schema";
import { isUuid } from "~/utils/text";

const VERSION = 1;
const PREFIX = "c1.";
const MAC_BYTES = 12;
const ID_BYTES = 16;
/** Long enough for a tab left open over a weekend; the network's budget bounds what replays buy. */
export const CROWD_TOKEN_MAX_AGE_SECONDS = 7 * 86_400;

const BURST = 1;
const FROM_QR = 2;
const PLACED = 4;

export type CrowdToken = {
  campaignId: string;
  /** Unix seconds. */
  issuedAt: number;
  /** The browser's visitor id (its own, or one it is given when its lead arrives). */
  visitorId: string;
  /** The load was excluded as part of a burst: its exclusion is taken back when its lead is counted. */
  burst: boolean;
  source: ScanSource;
  placementId: string | null;
};

let key: Buffer | undefined;

/** The signing key, derived from the server's secret for this purpose only. */
export function keyCrowdTokens(secret: string) {
  key ??= Buffer.from(crypto.hkdfSync("sha256", secret, "leadqr", "crowd token", 32));
}

const macOf = (payload: Buffer) => crypto.createHmac("sha256", key!).update(payload).digest().subarray(0, MAC_BYTES);
const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ""), "hex");

function uuidOf(bytes: Buffer) {
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The token for a form that has no scan behind it. `visitorId` is 16 bytes, base64url (a visitor id). */
export function mintCrowdToken(token: Omit<CrowdToken, "issuedAt">, now: number = Date.now()) {
  const placement = token.placementId && isUuid(token.placementId) ? uuidBytes(token.placementId) : null;
  const head = Buffer.alloc(6);
  head[0] = VERSION;
  head[1] = (token.burst ? BURST : 0) | (token.source === "qr" ? FROM_QR : 0) | (placement ? PLACED : 0);
  head.writeUInt32BE(Math.floor(now / 1000), 2);
  const payload = Buffer.concat([head, uuidBytes(token.campaignId), Buffer.from(token.visitorId, "base64url"), ...(placement ? [placement] : [])]);
  return `${PREFIX}${payload.toString("base64url")}.${macOf(payload).toString("base64url")}`;
}

/** Whether a form's token field holds a crowd token at all (valid or not). */
export const looksLikeCrowdToken = (value: string | undefined): value is string => typeof value === "string" && value.startsWith(PREFIX);

/** The token's contents when it is ours, unexpired and for this campaign; else null. */
export function readCrowdToken(value: string, campaignId: string, now: number = Date.now()): CrowdToken | null {
  if (!key || value.length > 120) return null;
  const [payloadText, macText, extra] = value.slice(PREFIX.length).split(".");
  if (!payloadText || !macText || extra !== undefined) return null;
  const payload = Buffer.from(payloadText, "base64url");
  const mac = Buffer.from(macText, "base64url");
  if (mac.length !== MAC_BYTES || !crypto.timingSafeEqual(mac, macOf(payload))) return null;
  const placed = payload.length === 6 + 3 * ID_BYTES;
  if (payload[0] !== VERSION || (payload.length !== 6 + 2 * ID_BYTES && !placed)) return null;
  const issuedAt = payload.readUInt32BE(2);
  const age = now / 1000 - issuedAt;
  if (age < -60 || age > CROWD_TOKEN_MAX_AGE_SECONDS) return null;
  const token: CrowdToken = {
    campaignId: uuidOf(payload.subarray(6, 22)),
    issuedAt,
    visitorId: payload.subarray(22, 38).toString("base64url"),
    burst: (payload[1]! & BURST) !== 0,
    source: payload[1]! & FROM_QR ? "qr" : "link",
    placementId: placed ? uuidOf(payload.subarray(38, 54)) : null,
  };
  return token.campaignId === campaignId.toLowerCase() ? token : null;
}
