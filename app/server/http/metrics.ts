// Operators' metrics: `/metrics` answered before everything else, without a
// session; and every answer counted by method, area and status.
// Rules: docs/decisions/302-metrics-with-prom-client.md.
import type { IncomingMessage, ServerResponse } from "node:http";
import { logger } from "~/utils/logger.server";
import { answerMetrics, countRequest } from "~/utils/metrics.server";
import { pathnameOf } from "./guard";

export function countWhenFinished(req: IncomingMessage, res: ServerResponse) {
  const pathname = pathnameOf(req.url);
  res.once("finish", () => countRequest(req.method ?? "GET", pathname, res.statusCode));
}

/** @returns whether the request was `/metrics` (and answered). */
export function serveMetrics(req: IncomingMessage, res: ServerResponse): boolean {
  if (pathnameOf(req.url) !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) return false;
  answerMetrics(req.headers.authorization)
    .then((answer) => {
      res.writeHead(answer.status, answer.headers);
      res.end(req.method === "HEAD" ? undefined : answer.body);
    })
    .catch((error: unknown) => {
      logger.error({ err: error }, "metrics failed");
      res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8" });
      res.end("Metrics unavailable.");
    });
  return true;
}
