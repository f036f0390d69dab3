// Where the Host of a request decides what it may reach, before any path answers it: an owner's
// own domain reaches only that owner's capture pages, short links, lead posts and consent pages
// (decision 391; the rule is `decideForHost`). Our own address and unknown hosts pass straight on,
// without a database call; a request on an owner's domain skips the fast paths and, once allowed,
// goes to Express.
import type { IncomingMessage, ServerResponse } from "node:http";
import { decideRequestHost, isPlainRequestHost } from "~/features/domains/host-rules.server";
import { logger } from "~/utils/logger.server";
import { pathnameOf } from "./guard";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** @returns whether the host rule took the request (answered it, or will hand it to `express`). */
export function routeByHost(req: IncomingMessage, res: ServerResponse, express: Listener): boolean {
  if (isPlainRequestHost(req.headers.host)) return false;
  const url = req.url ?? "/";
  decideRequestHost({ host: req.headers.host, method: req.method ?? "GET", path: pathnameOf(url) }).then(
    (decision) => {
      if (decision.kind === "redirect") {
        const query = url.includes("?") ? url.slice(url.indexOf("?")) : "";
        res.writeHead(302, { location: decision.location + query }).end();
      } else if (decision.kind === "not-found") {
        res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found.");
      } else express(req, res);
    },
    (error: unknown) => {
      logger.error({ err: error, host: req.headers.host }, "could not decide what an owner's domain may reach");
      res.writeHead(503, { "content-type": "text/plain; charset=utf-8", "retry-after": "5" }).end("Service unavailable. Please try again.");
    },
  );
  return true;
}
