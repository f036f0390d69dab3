// Responses to a signed-in browser may carry personal data: no cache may keep them
//. One rule, applied by the HTTP server to every response, pages, `.data` requests
// and resource routes alike, so a new route cannot forget it.
// Rules: docs/features/http-edge.md ("Caching of signed-in answers").
import type { IncomingMessage, ServerResponse } from "node:http";

export const PRIVATE_CACHE_CONTROL = "private, no-store";

// Better Auth's session cookie (cookiePrefix "leadqr"; "__Secure-" on https).
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?leadqr\.session_token=/;
const SETS_SESSION_COOKIE = /^(?:__Secure-)?leadqr\.session_token=/;

export function hasSessionCookie(cookieHeader: string | null | undefined) {
  return SESSION_COOKIE.test(cookieHeader ?? "");
}

/**
 * The Cache-Control a response must go out with, or undefined to keep the declared one. A response
 * its route declared `public` (hashed assets, uploaded images) is the same for everyone and keeps
 * its caching; anything else answered to a session, or that starts one, is private and not stored.
 */
export function privateCacheControl(options: { requestCookie: string | null | undefined; setCookies: string[]; declared: string | undefined }) {
  const personal = hasSessionCookie(options.requestCookie) || options.setCookies.some((cookie) => SETS_SESSION_COOKIE.test(cookie));
  if (!personal) return undefined;
  if (options.declared && /^\s*public\b/i.test(options.declared)) return undefined;
  return PRIVATE_CACHE_CONTROL;
}

/** Express/Connect middleware: decides just before the headers are written, whoever wrote them. */
export function privateCacheMiddleware(req: IncomingMessage, res: ServerResponse, next: () => void) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    const setCookie = res.getHeader("set-cookie");
    const declared = res.getHeader("cache-control");
    const value = privateCacheControl({
      requestCookie: req.headers.cookie,
      setCookies: Array.isArray(setCookie) ? setCookie : setCookie === undefined ? [] : [String(setCookie)],
      declared: declared === undefined ? undefined : String(declared),
    });
    if (value) res.setHeader("Cache-Control", value);
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
  next();
}
