// A capture-page visitor is a browser (decision 310): a first-party random id in an HttpOnly
// cookie, signed so that a made-up value is no id at all. The id itself is never stored: a scan
// keeps sha256(day's salt + id), so uniques are per day and nothing outlives the salt.
import crypto from "node:crypto";
import { randomString } from "~/utils/random-pool.server";
import { keyCrowdTokens } from "./crowd-token.server";
import { VISITOR_COOKIE, VISITOR_COOKIE_DAYS } from "./visitors";

export { VISITOR_COOKIE, VISITOR_COOKIE_DAYS };

const ID_BYTES = 16;
const MAC_BYTES = 12;
const COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE.replace(".", "\\.")}=([A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{16})(?:;|$)`);

/** What a load knows of its browser: the id, whether the browser sent it back, and whether to (re)issue it. */
export type VisitorId = { id: string; returning: boolean; issue: boolean };

let key: Buffer | undefined;

/** The signing keys of visitor ids and crowd tokens, from the server's secret (set once the services are up). */
export function keyVisitorIds(secret: string) {
  if (!key) key = crypto.createHash("sha256").update("leadqr visitor id\n").update(secret).digest();
  keyCrowdTokens(secret);
}

function macOf(id: string) {
  return crypto.createHmac("sha256", key!).update(id).digest().subarray(0, MAC_BYTES).toString("base64url");
}

/** The browser's id when its cookie carries one we issued, else null. */
export function visitorIdFromCookie(cookieHeader: string | null | undefined): string | null {
  if (!key || !cookieHeader || !cookieHeader.includes(VISITOR_COOKIE)) return null;
  const value = COOKIE_PATTERN.exec(cookieHeader)?.[1];
  if (!value) return null;
  const [id, mac] = value.split(".") as [string, string];
  const expected = Buffer.from(macOf(id));
  const given = Buffer.from(mac);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : null;
}

/** The id of this load: the browser's own, or a new one to set on the response. */
export function visitorIdOf(cookieHeader: string | null | undefined): VisitorId {
  const known = visitorIdFromCookie(cookieHeader);
  if (known) return { id: known, returning: true, issue: false };
  return { id: randomString(ID_BYTES, "base64url"), returning: false, issue: true };
}

/**
 * The Set-Cookie header for a new id. Path=/ so that /capture/… and /q/… (the same page) share
 * one id, and so that the page's own assets bring it back at once (the "came back" signal).
 */
export function visitorCookieHeader(id: string, secure: boolean) {
  const attributes = [`${VISITOR_COOKIE}=${id}.${macOf(id)}`, "Path=/", `Max-Age=${VISITOR_COOKIE_DAYS * 86_400}`, "HttpOnly", "SameSite=Lax"];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}

/**
 * What a lead keeps of the browser that claimed it (decision 344): a keyed hash of its id, so the
 * same browser is shown its code again and no other is. Never the id, and not the cookie's MAC.
 */
export function claimKeyOf(visitorId: string) {
  return crypto.createHmac("sha256", key!).update(`claim\n${visitorId}`).digest("base64url");
}
