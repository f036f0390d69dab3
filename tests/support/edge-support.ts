// The HTTP edge as the server runs it (app/server/http/request-listener.ts: the target, the path,
// the host rule, the fast paths, Express, React Router from Vite), listening on loopback, and a
// client that sends a request target and Host exactly as given (fetch would normalise both).
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { createEdge } from "~/server/http/edge";
import { createRequestListener } from "~/server/http/request-listener";
import { getEnv } from "~/utils/env.server";

export type EdgeAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

export async function startEdge() {
  const { createServer } = await import("vite");
  // Vite's own check of the Host (development only) is off: the built server has none, and the
  // host rule is what answers other names.
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false, watch: null, allowedHosts: true },
    appType: "custom",
    logLevel: "error",
  });
  const loadBuild = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  // Compiled once here, in the caller's setup, rather than by whichever test asks first.
  await loadBuild();
  const server = http.createServer(createRequestListener(createEdge(getEnv(), { loadBuild, vite })));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  /** One request: `target` and `host` go on the wire as written. */
  const send = (host: string, target: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}) =>
    new Promise<EdgeAnswer>((resolve, reject) => {
      const body = options.body === undefined ? undefined : Buffer.from(options.body);
      const headers: Record<string, string> = { host, connection: "close", ...options.headers };
      if (body) headers["content-length"] ??= String(body.length);
      const request = http.request(
        { host: "127.0.0.1", port, method: options.method ?? "GET", path: target, headers, setHost: false },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }),
          );
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  const close = async () => {
    server.close();
    server.closeAllConnections();
    await vite.close();
  };
  return { send, close, port };
}
