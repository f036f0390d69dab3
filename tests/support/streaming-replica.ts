// A throwaway PostgreSQL primary and its streaming replica (a hot standby made by
// `pg_basebackup -R`), in a temporary folder on free ports: the machine's own server is never
// touched. initdb and postgres refuse to run as root, so as root they run as `postgres`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** Debian's PostgreSQL 15 (`postgresql-15`); PG_BIN names another folder of its programs. */
const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const AS_ROOT = process.getuid?.() === 0;

export type StreamingReplica = {
  primaryUrl: string;
  replicaUrl: string;
  /** Runs SQL on the replica through psql (as a superuser), answering the first column of the first row. */
  onReplica: (sql: string) => string;
  stopReplica: () => void;
  /** Stops both servers and deletes their folder; safe to call twice. */
  remove: () => void;
};

function run(program: string, args: string[]) {
  const result = spawnSync(...asPostgres(path.join(BIN, program), args), { encoding: "utf8", timeout: 120_000 });
  if (result.status !== 0) {
    throw new Error(`${program} ${args.join(" ")} failed (${result.status ?? result.error?.message}): ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startStreamingReplica(): Promise<StreamingReplica> {
  if (!fs.existsSync(path.join(BIN, "pg_basebackup"))) {
    throw new Error(`PostgreSQL's programs are not in ${BIN}: install postgresql-15 (Debian) or set PG_BIN`);
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "leadqr-replica-"));
  if (AS_ROOT) spawnSync("chown", ["postgres:postgres", folder]);
  const primary = path.join(folder, "primary");
  const replica = path.join(folder, "replica");
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  let removed = false;
  const stop = (dataDir: string) => {
    if (fs.existsSync(path.join(dataDir, "postmaster.pid"))) {
      spawnSync(...asPostgres(path.join(BIN, "pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]));
    }
  };
  const remove = () => {
    if (removed) return;
    removed = true;
    stop(replica);
    stop(primary);
    fs.rmSync(folder, { recursive: true, force: true });
  };
  // A test run that dies before its afterAll still leaves no server behind.
  process.once("exit", remove);
  try {
    run("initdb", ["-D", primary, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--no-locale"]);
    fs.appendFileSync(
      path.join(primary, "postgresql.conf"),
      [
        `port = ${primaryPort}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${folder}'`,
        "wal_level = replica",
        "max_wal_senders = 4",
        "hot_standby = on",
        "fsync = off",
        "shared_buffers = 16MB",
        "max_connections = 40",
        "",
      ].join("\n"),
    );
    run("pg_ctl", ["-D", primary, "-l", path.join(folder, "primary.log"), "-w", "start"]);
    run("pg_basebackup", ["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres", "-D", replica, "-R", "-X", "stream", "--checkpoint=fast"]);
    fs.appendFileSync(path.join(replica, "postgresql.auto.conf"), `port = ${replicaPort}\n`);
    run("pg_ctl", ["-D", replica, "-l", path.join(folder, "replica.log"), "-w", "start"]);
  } catch (error) {
    remove();
    throw error;
  }
  const psql = path.join(BIN, "psql");
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
    onReplica: (sql) => {
      const result = spawnSync(psql, ["-h", "127.0.0.1", "-p", String(replicaPort), "-U", "postgres", "-d", "postgres", "-AtX", "-c", sql], {
        encoding: "utf8",
      });
      if (result.status !== 0) throw new Error(`psql on the replica: ${result.stderr}`);
      return result.stdout.trim().split("\n")[0] ?? "";
    },
    stopReplica: () => run("pg_ctl", ["-D", replica, "-m", "fast", "-w", "stop"]),
    remove,
  };
}

function asPostgres(program: string, args: string[]): [string, string[]] {
  return AS_ROOT ? ["runuser", ["-u", "postgres", "--", program, ...args]] : [program, args];
}
