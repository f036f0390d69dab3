// Everything the fast paths do not answer: the guard's refusals, the request's stamp (security
// headers, request id), private caching for signed-in responses, static files (or Vite in
// development), React Router.
// Rules: docs/features/counting.md ("Conversion").
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { answerUnservedApiMethod } from "~/features/api/api.server";
import { noteVisitorCookie } from "~/features/scans/visitor-id-returns.server";
import { loggedUrl, logger } from "~/utils/logger.server";
import { privateCacheMiddleware } from "~/utils/private-cache.server";
import { ownWriteCookie } from "~/utils/reader.server";
import { stampRequest, type Edge } from "./edge";
import { failureStatusOf, failureTextFor } from "./failure";
import { guardRequest, type Guarded } from "./guard";
import { publicProtocol } from "./public-protocol";

export function createExpressApp(edge: Edge) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", edge.env.TRUST_PROXY);
  app.use(guard(edge));
  app.use(requestLog());
  // Signed-in responses are personal: Cache-Control "private, no-store" on each of them.
  app.use(privateCacheMiddleware);
  app.use(refuse);
  app.use(publicProtocol(edge));
  if (edge.env.DATABASE_REPLICA_URL) app.use(noteOwnWrite(edge.env.appUrl.protocol === "https:"));
  // The capture paths the fast path did not take (React Router answers them): Express decodes
  // their parameter here, so malformed percent-encoding is the client's 400, never a 404 or a stack.
  app.get(["/capture/:campaignId", "/q/:code"], (_req, _res, next) => next());
  app.use(compression());
  if (edge.vite) {
    app.use(edge.vite.middlewares);
  } else {
    app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static("build/client", { maxAge: "1h", index: false }));
  }
  app.all(/.*/, createRequestHandler({ build: edge.loadBuild, mode: edge.mode, getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce }) }));
  app.use(answerError);
  return app as unknown as (req: IncomingMessage, res: ServerResponse) => void;
}

/** The guard's verdict and the request's stamp: the same as a fast path's answer carries. */
function guard(edge: Edge): RequestHandler {
  return (req, res, next) => {
    const guarded = guardRequest(req, edge.rules);
    res.locals.guarded = guarded;
    const stamp = stampRequest(edge, req, guarded);
    stamp.stamp(res);
    res.locals.cspNonce = stamp.nonce;
    // A capture visitor's id that comes back (with the page's assets or the form post): its
    // browser keeps cookies, for the analytics' "how exact unique is". In memory.
    noteVisitorCookie(req.headers.cookie);
    next();
  };
}

function requestLog(): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (_req, res) => ((res as express.Response).locals.guarded as Guarded).requestId,
    autoLogging: { ignore: (req) => req.url === "/healthz" || (req.url ?? "").startsWith("/assets/") },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: loggedUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}

/**
 * A browser's write (a form post, a fetcher's PATCH or DELETE) is remembered in a cookie for a
 * minute, so the pages it then reads come from the primary until the replica has it (`readerDb`).
 * Stamped as the answer's headers go out, after the action's writes committed: a stamp taken
 * before them could predate a replica check that missed them. The REST API keeps its own (per
 * API key, api.server.ts).
 */
function noteOwnWrite(secure: boolean): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.path.startsWith("/api/v1")) return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (!this.headersSent) this.appendHeader("Set-Cookie", ownWriteCookie({ at: Date.now(), secure }));
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  };
}

/** The guard's refusal, if any, in plain text; the REST API's in problem+json. */
const refuse: RequestHandler = (req, res, next) => {
  const { refusal } = res.locals.guarded as Guarded;
  if (!refusal) return next();
  if (refusal.status !== 405) return void res.status(refusal.status).type("text/plain").send(refusal.message);
  if (!refusal.api) return void res.status(405).set("Allow", refusal.allow).type("text/plain").send(refusal.message);
  answerUnservedApiMethod(req.path).then((answer) => res.status(answer.status).set(answer.headers).send(answer.body), next);
};

// Never a stack trace to a user.
const answerError: ErrorRequestHandler = (error: { status?: number; message?: string } | undefined, req, res, _next) => {
  const status = error?.status;
  // A refusal Express or its router decided (a path that is not valid percent-encoding is 400)
  // is the client's doing: no stack. Anything else is ours.
  const failure = failureStatusOf(error);
  if (status !== undefined && status >= 400 && status < 500) req.log?.info({ status, reason: error?.message }, "request refused");
  else if (failure.status === 503) req.log?.warn({ err: error }, "request failed: database unavailable");
  else req.log?.error({ err: error }, "request failed");
  if (res.headersSent) return res.end();
  if (failure.retryAfter) res.set("Retry-After", failure.retryAfter);
  res
    .status(status && status < 500 ? status : failure.status)
    .type("text/plain")
    .send(failureTextFor(req.headers));
};
