// @ts-check (typecheck covers this file: its use of the bundle is checked against app/server/index.ts)
// The bootstrap: load the server bundle (Vite's in development), start one worker or supervise
// several, listen, and stop on a signal. What the server does is in app/server/.
import cluster from "node:cluster";
import path from "node:path";

const isDev = process.env.NODE_ENV === "development";
// Set before React and React Router load: they pick their build by it.
process.env.NODE_ENV ??= "production";

/** @typedef {typeof import("./app/server/index")} ServerBundle */
/** @typedef {import("react-router").ServerBuild} ServerBuild */

/** @type {import("vite").ViteDevServer | undefined} */
let vite;
/** @type {ServerBundle} */
let bundle;
if (isDev) {
  const { createServer } = await import("vite");
  vite = await createServer({ server: { middlewareMode: true } });
  bundle = /** @type {ServerBundle} */ (await vite.ssrLoadModule("/app/server/index.ts"));
} else {
  bundle = await import(path.resolve("build/server/index.js"));
}

/** @type {ReturnType<ServerBundle["getServerEnv"]>} */
let env;
try {
  env = bundle.getServerEnv();
} catch (error) {
  console.error(`LeadQR could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const workerCount = bundle.workerCountOf(env, isDev);
if (workerCount > 1 && cluster.isPrimary) {
  const stop = bundle.superviseWorkers(env, workerCount);
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
} else {
  const devServer = vite;
  /** @type {() => Promise<ServerBuild>} */
  const loadBuild = devServer
    ? async () => /** @type {ServerBuild} */ (await devServer.ssrLoadModule("virtual:react-router/server-build"))
    : async () => bundle.build;
  const { server, stop } = await bundle.startWorker(env, { loadBuild, vite });
  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    if (cluster.isWorker) process.send?.(bundle.LISTENING_MESSAGE);
    else bundle.logger.info(bundle.listeningMessage(env, port));
  });
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // A worker whose primary is gone (even by SIGKILL) stops too, instead of serving on alone.
  if (cluster.isWorker) process.on("disconnect", () => stop("disconnect"));
}
