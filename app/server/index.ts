// The server bundle's entry (vite.config.ts's SSR input; development loads it through Vite): the
// React Router build, what the bootstrap (server.mjs) starts, and what scripts call (`cli`).
import type { ServerBuild } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";

export const build = serverBuild as unknown as ServerBuild;
export { getServerEnv } from "~/utils/env.server";
export { logger } from "~/utils/logger.server";
export { listeningMessage, startWorker } from "./worker";
export { LISTENING_MESSAGE, superviseWorkers, workerCountOf } from "./workers";
export * as cli from "./cli";
