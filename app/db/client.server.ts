// Rules: docs/features/capture-and-leads.md ("Overload answers fast"); docs/features/tests.md ("The PGlite dump",
//   "Workers and retries").
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { registerPreparedRunner } from "./prepared.server";
import { openReplica, type ReplicaHandle } from "./replica.server";
import { ensureScanPartitions, prepareScanPartitions } from "./scan-partitions.server";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  /**
   * Where dashboards, analytics, CSV exports and API reads run: the streaming replica while it is
   * usable (`replica`), otherwise the primary; `db` itself without DATABASE_REPLICA_URL.
   */
  reader: Database;
  replica?: ReplicaHandle;
  kind: "postgres" | "pglite";
  /** Answers whether the database can serve a query right now. */
  ping: () => Promise<boolean>;
  /**
   * The capture page's own small pool: short connect and statement timeouts so a
   * saturated or stalled database answers visitors within seconds; `waiting` is its queue length.
   */
  capture: { db: Database; waiting: () => number };
  close: () => Promise<void>;
};

const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "drizzle");
/** Any fixed number: every process that migrates takes this advisory lock first. */
const MIGRATION_LOCK_ID = 727_001;

/**
 * Opens PostgreSQL when `databaseUrl` is set, PGlite otherwise (persisted under `dataDir`,
 * or in memory for `memory://`), and applies the migrations.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** Connections per process for scan writes. */
  capturePoolSize?: number;
  /** A streaming replica of `databaseUrl` for readers (PostgreSQL only). */
  replicaUrl?: string;
  /**
   * An in-memory PGlite starts from this data-dir dump (`dumpDataDir`) instead of empty: the test
   * suite migrates once and loads the result per file. Migrations still run after
   * loading, and find nothing left to apply.
   */
  pgliteDump?: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl && options.databaseUrl !== "memory://") {
    return openPostgres(options.databaseUrl, options.capturePoolSize ?? 8, options.replicaUrl);
  }
  if (options.databaseUrl === "memory://") return openPglite(undefined, options.pgliteDump);
  return openPglite(options.dataDir);
}

/**
 * An in-memory PGlite, migrated, written out as a data-dir dump that `pgliteDump` can load; only
 * the tests load it, and every test file is a fresh process that loads it. So it is
 * made small: 1 MB write-ahead log segments instead of 16 MB, no template databases (a test never
 * creates a database), and 16 MB of shared buffers instead of 128 MB, which each copy would
 * otherwise zero at start. A file then opens its copy in ~1.1 s instead of ~2 s.
 */
export async function dumpMigratedPglite(file: string) {
  const { client, close } = await startPglite(undefined, undefined, {
    initDbStartParams: ["--wal-segsize=1"],
    postgresqlconf: ["shared_buffers = 16MB", "min_wal_size = 2MB"],
  });
  try {
    for (const template of ["template0", "template1"]) {
      await client.exec(`alter database ${template} is_template false`);
      await client.exec(`drop database ${template}`);
    }
    await client.exec("checkpoint");
    const dump = await client.dumpDataDir("none");
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await close();
  }
}

async function openPostgres(url: string, capturePoolSize: number, replicaUrl: string | undefined): Promise<DatabaseHandle> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection must not crash the process; the next query gets a fresh one. The pool
  // only listens on idle clients: a checked-out client (a transaction between two queries) that
  // loses its connection emits "error" on itself, so each client gets a listener of its own. Its
  // query fails instead, and the pool discards it on release.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzle({ client: pool, schema }) as unknown as Database;

  const client = await pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await prepareScanPartitions((text) => client.query(text));
    await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
  await ensureScanPartitions(db);

  const capturePool = new pg.Pool({
    connectionString: url,
    max: capturePoolSize,
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 3_000,
  });
  capturePool.on("error", () => {});
  capturePool.on("connect", (client) => client.on("error", () => {}));
  const captureDb = drizzle({ client: capturePool, schema }) as unknown as Database;
  for (const [handle, client] of [
    [db, pool],
    [captureDb, capturePool],
  ] as const) {
    registerPreparedRunner(handle, {
      named: (statement, values) => client.query({ name: statement.name, text: statement.text, values }),
      plain: (statement, values) => client.query(statement.text, values),
    });
  }

  const replica = replicaUrl ? await openReplica({ url: replicaUrl, primary: pool }) : undefined;

  return {
    db,
    reader: replica?.reader ?? db,
    replica,
    kind: "postgres",
    ping: () => ping(db),
    capture: { db: captureDb, waiting: () => capturePool.waitingCount },
    close: async () => {
      await replica?.close();
      await Promise.all([pool.end(), capturePool.end()]);
    },
  };
}

async function openPglite(dataDir: string | undefined, dump?: string): Promise<DatabaseHandle> {
  const early = !dataDir && dump ? takeEarlyCopy(dump) : undefined;
  const { db, close } = await (early ?? startPglite(dataDir, dump));
  return { db, reader: db, kind: "pglite", ping: () => ping(db), capture: { db, waiting: () => 0 }, close };
}

type EarlyCopy = { dump: string; opening: ReturnType<typeof startPglite>; askedAt?: number; readyAt?: number };
let earlyCopy: EarlyCopy | undefined;

/**
 * Starts loading a PGlite dump now, for the next in-memory database opened from that dump. A test
 * file calls it before importing what it tests: PGlite's start (~1 s in a fresh process) runs
 * while the file's modules load, instead of after. `waitedMs` says how long the
 * database was awaited once asked for: 0 when it was ready first, undefined when never asked for.
 */
export function openPgliteCopyEarly(dump: string) {
  const copy: EarlyCopy = { dump, opening: startPglite(undefined, dump) };
  copy.opening.then(
    () => (copy.readyAt = performance.now()),
    () => {}, // whoever asks for the database gets the error
  );
  earlyCopy = copy;
  return {
    waitedMs: () => (copy.askedAt === undefined ? undefined : Math.max(0, (copy.readyAt ?? performance.now()) - copy.askedAt)),
  };
}

function takeEarlyCopy(dump: string) {
  const copy = earlyCopy;
  if (copy?.dump !== dump) return undefined;
  earlyCopy = undefined;
  copy.askedAt = performance.now();
  return copy.opening;
}

async function startPglite(
  dataDir: string | undefined,
  dump: string | undefined,
  settings: { initDbStartParams?: string[]; postgresqlconf?: string[] } = {},
) {
  const { PGlite } = await import("@electric-sql/pglite");
  // Search indexes (migration search_trigram) need the extension loaded into the WASM build.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");

  let releaseLock = () => {};
  let folder: string | undefined;
  if (dataDir) {
    folder = path.join(dataDir, "pglite");
    fs.mkdirSync(folder, { recursive: true });
    releaseLock = takeFolderLock(folder);
  }
  try {
    const loadDataDir = dump ? new Blob([fs.readFileSync(dump)]) : undefined;
    const client = new PGlite({ dataDir: folder, extensions: { pg_trgm }, loadDataDir, ...settings });
    await client.waitReady;
    const db = drizzle({ client, schema }) as unknown as Database;
    registerPreparedRunner(db, { plain: (statement, values) => client.query(statement.text, values) });
    await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    await ensureScanPartitions(db);
    const close = async () => {
      await client.close();
      releaseLock();
    };
    return { client, db, close };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

async function ping(db: Database) {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export class DataFolderInUseError extends Error {}

/**
 * PGlite has no lock between processes and a second writer loses data silently, so one process
 * owns a data folder: a pid file, taken over only when its process is gone.
 */
function takeFolderLock(folder: string) {
  const lockPath = path.join(folder, "leadqr.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        fs.rmSync(lockPath, { force: true });
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DataFolderInUseError(
          `The data folder ${path.dirname(folder)} is in use by another LeadQR process (pid ${owner}). ` +
            `Stop it first, or start this one with another DATA_DIR or a DATABASE_URL.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataFolderInUseError(`Could not lock the data folder ${folder}.`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
