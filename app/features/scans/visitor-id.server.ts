// A capture-page visitor is a browser: a first-party random id in an HttpOnly
// cookie, signed so that a made-up value is no id at all. The id itself is never stored: a scan
// keeps sha256(day's salt + id), so uniques are per day and nothing outlives the salt.
// Rules: docs/features/capture-and-leads.md ("Visitor ids", "One email is one lead per campaign");
//   docs/features/domains.md ("White label").
import crypto from "node:crypto";
import { randomString } from "~/utils/random-pool.server";
import { keyCrowdTokens } from "./crowd-token.server";
import { VISITOR_COOKIE, VISITOR_COOKIE_DAYS } from "./visitors";

export { VISITOR_COOKIE, VISITOR_COOKIE_DAYS };

/** The id's cookie before the "White label" amendment: still read, and moved, until the last one expires. Server-only (no client bundle names it). */
export const LEGACY_VISITOR_COOKIE = "leadqr.visitor";

const ID_BYTES = 16;
const MAC_BYTES = 12;
const cookiePattern = (name: string) => new RegExp(`(?:^|;\\s*)${name.replace(".", "\\.")}=([A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{16})(?:;|$)`);
const COOKIE_PATTERN = cookiePattern(VISITOR_COOKIE);
const LEGACY_COOKIE_PATTERN = cookiePattern(LEGACY_VISITOR_COOKIE);

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

/** The browser's id when its cookie (or, until it expires, the one of the old name) carries one we issued, else null. */
export function visitorIdFromCookie(cookieHeader: string | null | undefined): string | null {
  return signedIdIn(cookieHeader, VISITOR_COOKIE, COOKIE_PATTERN) ?? signedIdIn(cookieHeader, LEGACY_VISITOR_COOKIE, LEGACY_COOKIE_PATTERN);
}

function signedIdIn(cookieHeader: string | null | undefined, name: string, pattern: RegExp): string | null {
  if (!key || !cookieHeader || !cookieHeader.includes(name)) return null;
  const value = pattern.exec(cookieHeader)?.[1];
  if (!value) return null;
  const [id, mac] = value.split(".") as [string, string];
  const expected = Buffer.from(macOf(id));
  const given = Buffer.from(mac);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : null;
}

/** The id of this load: the browser's own, or a new one to set on the response. */
export function visitorIdOf(cookieHeader: string | null | undefined): VisitorId {
  const known = signedIdIn(cookieHeader, VISITOR_COOKIE, COOKIE_PATTERN);
  if (known) return { id: known, returning: true, issue: false };
  // Set before the rename: the same browser, its id set again under the new name.
  const moved = signedIdIn(cookieHeader, LEGACY_VISITOR_COOKIE, LEGACY_COOKIE_PATTERN);
  if (moved) return { id: moved, returning: true, issue: true };
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
 * What a lead keeps of the browser that claimed it: a keyed hash of its id, so the
 * same browser is shown its code again and no other is. Never the id, and not the cookie's MAC.
 */
export function claimKeyOf(visitorId: string) {
  return crypto.createHmac("sha256", key!).update(`claim\n${visitorId}`).digest("base64url");
}
