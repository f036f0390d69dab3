// Where the Host of a request decides what it may reach, before any path answers it: an owner's
// own domain reaches only that owner's capture pages, short links, lead posts and consent pages
// (the rule is `decideForHost`); a name that serves no account gets the neutral
// page below. Our own address passes straight on, without a database call; a
// request on an owner's domain skips the fast paths and, once allowed, goes to Express.
// Rules: docs/features/domains.md ("What a name serves").
import type { IncomingMessage, ServerResponse } from "node:http";
import { decideRequestHost, isPlainRequestHost } from "~/features/domains/host-rules.server";
import { logger } from "~/utils/logger.server";
import { pathnameOf } from "./guard";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * What a name that serves no account answers, whatever the path or method: the same bytes for an
 * unknown name, a pending claim and a removed or broken-off domain. No form, no campaign, no
 * cookie, no brand (it may be an Enterprise owner's old name), nothing loaded from elsewhere.
 */
export const NOT_CONNECTED_PAGE = Buffer.from(
  [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex"><title>This address is not connected</title>',
    "<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.5rem;color:#1f2937;line-height:1.5}h1{font-size:1.5rem}</style>",
    "</head><body><h1>This address is not connected</h1>",
    "<p>Nothing is served at this address. If you scanned a printed code, ask the business that printed it for a new one.</p>",
    "</body></html>",
    "",
  ].join("\n"),
);

/** 404, never stored: a name connected later must not find this answer in a cache. */
export const NOT_CONNECTED_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-length": String(NOT_CONNECTED_PAGE.length),
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

function answerNotConnected(req: IncomingMessage, res: ServerResponse) {
  res.writeHead(404, NOT_CONNECTED_HEADERS);
  res.end(req.method === "HEAD" ? undefined : NOT_CONNECTED_PAGE);
}

/**
 * @param express where an owner's allowed request goes.
 * @param main where a request the rule lets through as on our own address goes (the rest of the pipeline).
 * @returns whether the host rule took the request (answered it, or will hand it on).
 */
export function routeByHost(req: IncomingMessage, res: ServerResponse, express: Listener, main: Listener): boolean {
  if (isPlainRequestHost(req.headers.host)) return false;
  const url = req.url ?? "/";
  decideRequestHost({ host: req.headers.host, method: req.method ?? "GET", path: pathnameOf(url) }).then(
    (decision) => {
      if (decision.kind === "redirect") {
        const query = url.includes("?") ? url.slice(url.indexOf("?")) : "";
        res.writeHead(302, { location: decision.location + query }).end();
      } else if (decision.kind === "not-found") {
        res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found.");
      } else if (decision.kind === "not-connected") {
        answerNotConnected(req, res);
      } else if (decision.kind === "main") {
        main(req, res);
      } else express(req, res);
    },
    (error: unknown) => {
      logger.error({ err: error, host: req.headers.host }, "could not decide what an owner's domain may reach");
      res.writeHead(503, { "content-type": "text/plain; charset=utf-8", "retry-after": "5" }).end("Service unavailable. Please try again.");
    },
  );
  return true;
}
