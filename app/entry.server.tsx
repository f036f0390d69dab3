import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter, UNSAFE_ErrorResponseImpl } from "react-router";
import { isDatabaseUnavailable } from "./db/errors.server";
import { BANNER_MAX_BYTES } from "./features/blog/blog.schema";
import { LOGO_MAX_BYTES } from "./features/campaigns/campaigns.schema";
import { FORM_BODY_MAX_BYTES, uploadBodyMaxBytes } from "./features/uploads/limits";
import { NonceProvider } from "./utils/nonce";
import { logger } from "./utils/logger.server";

export const streamTimeout = 5_000;

export { shutdownServices as shutdown, getServices as boot } from "./utils/services.server";

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
          pipe(body);
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

// Errors reach handleRequest already sanitized in production; handleError sees them raw.
const requestsHitByDatabaseOutage = new WeakSet<Request>();

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) {
    requestsHitByDatabaseOutage.add(request);
    logger.warn({ err: error, url: request.url }, "database unavailable");
    return;
  }
  logger.error({ err: error, url: request.url }, "unhandled route error");
}

export { getEnv, getServerEnv } from "./utils/env.server";
export { logger } from "./utils/logger.server";
export { promoteToAdmin } from "./features/auth/roles.server";
export { startBackgroundWork } from "./server/background.server";
export { startUploadCleanup } from "./features/uploads/cleanup.server";
export { hasSessionCookie, privateCacheMiddleware } from "./utils/private-cache.server";
export { startWebhookWorker } from "./features/integrations/webhook-worker.server";
export { seed } from "./features/dashboard/seed.server";
export { getDashboard } from "./features/dashboard/dashboard.server";
export * as analyticsQueries from "./features/analytics/analytics.server";
export { listLeads, streamLeadsCsv } from "./features/leads/leads.server";
export { serveCaptureDocument } from "./features/capture/capture-document.server";
export { noteVisitorCookie } from "./features/capture/visitors.server";
export { answerEncodedLeadPost } from "./features/capture/lead-post.server";

export { CLIENT_IP_HEADER } from "./utils/http.server";
export { answerMetrics, countRequest } from "./utils/metrics.server";
export { answerUnservedApiMethod } from "./features/api/api.server";

/** Body caps the HTTP server enforces, from the routes' own limits. */
export const BODY_LIMITS = {
  form: FORM_BODY_MAX_BYTES,
  upload: uploadBodyMaxBytes(Math.max(LOGO_MAX_BYTES, BANNER_MAX_BYTES)),
};

// Owners' own domains (decision 391): the one rule for what a request on such a host may reach.
export { decideRequestHost, isPlainRequestHost } from "./features/domains/host-rules.server";
