// One serving process: its services and background work, the HTTP server with the edge's
// pipeline, and its orderly stop. The bootstrap (server.mjs) listens and wires the signals.
import http from "node:http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { Env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { getServices, shutdownServices } from "~/utils/services.server";
import { startBackgroundWork } from "./background.server";
import { createEdge } from "./http/edge";
import { createRequestListener } from "./http/request-listener";

export async function startWorker(env: Env, options: { loadBuild: () => Promise<ServerBuild>; vite?: ViteDevServer }) {
  try {
    await getServices();
  } catch (error) {
    console.error(`LeadQR could not start: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  await startBackgroundWork();
  const server = http.createServer(createRequestListener(createEdge(env, options)));
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;
  return { server, stop: stopping(server, options.vite) };
}

/** Stops serving within 2 s: idle connections at once, busy ones after 500 ms, then the services. */
function stopping(server: http.Server, vite: ViteDevServer | undefined) {
  let stopped = false;
  return async (signal: string) => {
    if (stopped) return;
    stopped = true;
    logger.info({ signal }, "shutting down");
    setTimeout(() => process.exit(1), 1_800).unref();
    server.close();
    setTimeout(() => server.closeAllConnections(), 500).unref();
    server.closeIdleConnections();
    await vite?.close();
    await shutdownServices().catch((error: unknown) => logger.error({ err: error }, "shutdown failed"));
    process.exit(0);
  };
}

export function listeningMessage(env: Env, port: number) {
  const host = env.HOST === "0.0.0.0" ? "localhost" : env.HOST;
  return `LeadQR listening on http://${host}:${port}; public address ${env.appOrigin} (${env.appUrlReason})`;
}
