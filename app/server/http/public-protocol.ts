// The scheme the visitor's browser used, which React Router's Express adapter builds
// `request.url` from (`req.protocol`). Its CSRF check refuses a document or data post whose
// `Origin` is not that URL's origin, so a wrong scheme loses every form post without JavaScript
// on an owner's domain (Caddy speaks TLS to the phone and plain HTTP to us).
// Rules: docs/features/http-edge.md ("Same origin").
import type { RequestHandler } from "express";
import { isPlainHost } from "~/features/domains/host-rules.server";
import type { Edge } from "./edge";

type Protocol = "http" | "https";

/**
 * - a trusted proxy's `X-Forwarded-Proto`: what Express read (TRUST_PROXY);
 * - APP_URL's host: APP_URL's scheme (the public address, whatever the socket);
 * - an owner's domain: https (served only through Caddy's on-demand TLS);
 * - anything else (`localhost`, an address): the socket's.
 */
export function publicProtocolOf(
  request: { host: string | undefined; expressProtocol: string; trustedForwardedProto: boolean },
  appUrl: URL,
): Protocol {
  const asExpressRead: Protocol = request.expressProtocol === "https" ? "https" : "http";
  if (request.trustedForwardedProto) return asExpressRead;
  if (request.host?.toLowerCase() === appUrl.host) return appUrl.protocol === "https:" ? "https" : "http";
  if (!isPlainHost({ appUrl }, request.host)) return "https";
  return asExpressRead;
}

/** Sets `req.protocol` to the browser's scheme before React Router reads it. */
export function publicProtocol(edge: Edge): RequestHandler {
  return (req, _res, next) => {
    const trustedForwardedProto = req.headers["x-forwarded-proto"] !== undefined && edge.rules.trust(req.socket.remoteAddress ?? "", 0);
    const protocol = publicProtocolOf({ host: req.headers.host, expressProtocol: req.protocol, trustedForwardedProto }, edge.env.appUrl);
    // Express reads it through a getter on its request prototype: an own value shadows it.
    if (protocol !== req.protocol) Object.defineProperty(req, "protocol", { value: protocol, configurable: true, enumerable: true });
    next();
  };
}
