import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
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

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logger.error({ err: error, url: request.url }, "unhandled route error");
}

export { getEnv } from "./utils/env.server";
export { logger } from "./utils/logger.server";
export { promoteToAdmin } from "./features/auth/roles.server";
export { seed } from "./features/dashboard/seed.server";
export { getDashboard } from "./features/dashboard/dashboard.server";
export { listLeads, streamLeadsCsv } from "./features/leads/leads.server";
