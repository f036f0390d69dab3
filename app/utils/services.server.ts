import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { getEnv, type Env } from "./env.server";

export type Services = {
  env: Env;
  database: DatabaseHandle;
  db: DatabaseHandle["db"];
  /**
   * The read replica while it is usable, else the primary (`db` without DATABASE_REPLICA_URL). For
   * reads only, and not right after the caller's own write: take it through `readerDb`.
   */
  reader: DatabaseHandle["reader"];
  /** Signs sessions and tokens (Better Auth's secret): configured, or generated once beside the data. */
  secret: string;
};

type Registry = { services?: Promise<Services>; stoppers: Array<() => Promise<void> | void> };
// On globalThis so the dev server's module reloads reuse one database.
const registry: Registry = ((globalThis as { __leadqr?: Registry }).__leadqr ??= { stoppers: [] });

/**
 * The process's database, env and secret, opened (and migrated) on first use. Shared resources
 * only: a feature builds its own services from them (Better Auth in `features/auth`).
 */
export function getServices(): Promise<Services> {
  registry.services ??= createServices(getEnv()).catch((error) => {
    registry.services = undefined;
    throw error;
  });
  return registry.services;
}

/** Registers work to stop before the database closes (e.g. the email worker). */
export function onShutdown(stop: () => Promise<void> | void) {
  registry.stoppers.push(stop);
}

export async function shutdownServices() {
  const pending = registry.services;
  registry.services = undefined;
  await Promise.allSettled(registry.stoppers.splice(0).map((stop) => stop()));
  if (pending) await (await pending).database.close();
}

async function createServices(env: Env): Promise<Services> {
  fs.mkdirSync(env.dataDir, { recursive: true });
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.dataDir,
    capturePoolSize: env.CAPTURE_POOL_SIZE,
    replicaUrl: env.DATABASE_REPLICA_URL,
    pgliteDump: env.PGLITE_DUMP,
  });
  const secret = env.BETTER_AUTH_SECRET ?? readOrCreateSecret(env.dataDir);
  return { env, database, db: database.db, reader: database.reader, secret };
}

/** Without a configured secret, one is generated once and kept beside the data. */
function readOrCreateSecret(dataDir: string) {
  const file = path.join(dataDir, "auth-secret");
  // Written aside and linked into place, so a second worker starting at the same moment reads
  // the whole secret, never an empty file.
  const draft = `${file}.${process.pid}`;
  try {
    fs.writeFileSync(draft, crypto.randomBytes(32).toString("base64url"), { mode: 0o600 });
    fs.linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  return fs.readFileSync(file, "utf8").trim();
}
