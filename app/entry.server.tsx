import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { isRouteErrorResponse, ServerRouter, UNSAFE_ErrorResponseImpl } from "react-router";
import { isDatabaseUnavailable, OUTAGE_RETRY_AFTER_SECONDS } from "./db/errors.server";
import { NonceProvider } from "./utils/nonce";
import { scriptsAfterFirstPaint } from "./utils/scripts-after-first-paint.server";
import { logger } from "./utils/logger.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext?.cspNonce ?? "";
  // A database outage is "try again shortly", not a bug: 503 rather than 500.
  const errors = routerContext.staticHandlerContext.errors ?? {};
  if (requestsHitByDatabaseOutage.has(request)) {
    for (const routeId of Object.keys(errors)) errors[routeId] = new UNSAFE_ErrorResponseImpl(503, "Service Unavailable", "");
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and no-JS clients get the whole document at once.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          if (holdsScriptsPastFirstPaint(routerContext)) pipeRewritten(pipe, body);
          else pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** A route whose `handle` has `scriptsAfterFirstPaint: true` renders and works before its scripts run. */
function holdsScriptsPastFirstPaint(routerContext: EntryContext) {
  return routerContext.staticHandlerContext.matches.some(
    (match) => (routerContext.routeModules[match.route.id]?.handle as { scriptsAfterFirstPaint?: boolean } | undefined)?.scriptsAfterFirstPaint,
  );
}

/** The whole document is collected (these pages are small and have nothing streamed late), rewritten, then sent. */
function pipeRewritten(pipe: (destination: NodeJS.WritableStream) => void, body: PassThrough) {
  const collected = new PassThrough();
  const chunks: Buffer[] = [];
  collected.on("data", (chunk: Buffer) => chunks.push(chunk));
  collected.on("end", () => body.end(scriptsAfterFirstPaint(Buffer.concat(chunks).toString("utf8"))));
  collected.on("error", (error) => body.destroy(error));
  pipe(collected);
}

// Errors reach handleRequest already sanitized in production; handleError sees them raw.
const requestsHitByDatabaseOutage = new WeakSet<Request>();

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    requestsHitByDatabaseOutage.add(request);
    logger.warn({ err: error, url: request.url }, "database unavailable");
    return;
  }
  // React Router's own refusal (a POST to a page without an action is 405) is the client's doing:
  // no stack, as the edge logs the refusals Express decides.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info({ status: error.status, url: request.url }, "request refused by the router");
    return;
  }
  logger.error({ err: error, url: request.url }, "unhandled route error");
}

/** A `.data` request that met an outage answers as its document would: 503 with Retry-After. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  if (!requestsHitByDatabaseOutage.has(request) || response.status < 500) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
}
