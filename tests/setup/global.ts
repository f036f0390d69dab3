// Migrates once for the whole run (decision 348); tests/setup/env.ts gives each test file a copy:
// on PGlite a data-dir dump loaded into the file's in-memory database, on PostgreSQL
// (TEST_DATABASE_URL) a database created from a migrated template. Decision 381 measured the other
// ways of handing PGlite a copy (a data folder copied per file) and kept the dump.
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { dumpMigratedPglite, openDatabase } from "~/db/client.server";
import { adminQuery, databaseUrl } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite dump each file loads; empty on PostgreSQL. */
    pgliteDump: string;
    /** The migrated database each file's PostgreSQL database is created from; empty on PGlite. */
    templateDatabase: string;
    /** A folder where each PGlite test file writes how long it waited for its copy (ms). */
    openWaits: string;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const migrated = await timed(() => (serverUrl ? migrateTemplate(serverUrl) : dumpPglite()));
  const snapshot = migrated.result;
  project.provide("pgliteDump", snapshot.pgliteDump ?? "");
  project.provide("templateDatabase", snapshot.templateDatabase ?? "");
  project.provide("openWaits", "");

  const kind = serverUrl ? "PostgreSQL template" : "PGlite dump";
  if (serverUrl) {
    const opened = await openOneTemplateCopy(serverUrl, snapshot.templateDatabase!);
    console.log(`test database (${kind}): migrated once in ${migrated.figures}; a test file opens its copy in ${opened}`);
    return () => snapshot.remove();
  }
  const openWaits = fs.mkdtempSync(path.join(os.tmpdir(), "leadqr-test-waits-"));
  project.provide("openWaits", openWaits);
  // PGlite's probe is a process of its own (~1 s): it runs beside the first test files, not before them.
  const opening = openOnePgliteCopy(snapshot.pgliteDump!).catch((error: unknown) => `(not measured: ${String(error)})`);
  console.log(`test database (${kind}): migrated once in ${migrated.figures}`);
  return async () => {
    console.log(`test database (${kind}): opening a copy takes ${await opening} in a fresh process; ${waitsOf(openWaits)}`);
    fs.rmSync(openWaits, { recursive: true, force: true });
    await snapshot.remove();
  };
}

/** What the test files saw: their copy loads beside their imports (decision 384), so they wait less than it takes. */
function waitsOf(folder: string) {
  const waits = fs
    .readdirSync(folder)
    .map((name) => fs.readFileSync(path.join(folder, name), "utf8").split("\t"))
    .map(([ms, file]) => ({ ms: Number(ms), file }))
    .sort((a, b) => a.ms - b.ms);
  if (waits.length === 0) return "no test file waited for one";
  const at = (share: number) => waits[Math.min(waits.length - 1, Math.floor(share * waits.length))]!.ms;
  const longest = waits.at(-1)!;
  return `${waits.length} test files waited for theirs: median ${at(0.5)} ms, 90th percentile ${at(0.9)} ms, longest ${longest.ms} ms (${longest.file})`;
}

type Snapshot = { pgliteDump?: string; templateDatabase?: string; remove: () => Promise<void> };

async function dumpPglite(): Promise<Snapshot> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "leadqr-test-dump-"));
  const pgliteDump = path.join(folder, "migrated.tar");
  await dumpMigratedPglite(pgliteDump);
  return { pgliteDump, remove: async () => fs.rmSync(folder, { recursive: true, force: true }) };
}

async function migrateTemplate(serverUrl: string): Promise<Snapshot> {
  const templateDatabase = `leadqr_template_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${templateDatabase}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, templateDatabase), dataDir: os.tmpdir() });
  await database.close();
  await waitUntilUnused(serverUrl, templateDatabase);
  return { templateDatabase, remove: () => adminQuery(serverUrl, `drop database if exists ${templateDatabase} with (force)`) };
}

/**
 * What env.ts and the first query of a test file do, done once here so every run prints its cost;
 * the copy is dropped after. A test file is a fresh process, so PGlite's copy is opened in one
 * (tests/setup/open-a-pglite-copy.mjs): opened in this process, after the migration, it would
 * look ~0.5 s of CPU cheaper than it is (decision 381).
 */
async function openOnePgliteCopy(dump: string) {
  const probe = path.join(import.meta.dirname, "open-a-pglite-copy.mjs");
  const output = await new Promise<string>((resolve, reject) =>
    execFile(process.execPath, [probe, dump], (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
  const { wallMs, cpuMs } = JSON.parse(output) as { wallMs: number; cpuMs: number };
  return `${seconds(wallMs)} (CPU ${seconds(cpuMs)})`;
}

async function openOneTemplateCopy(serverUrl: string, templateDatabase: string) {
  const copy = `leadqr_test_${crypto.randomBytes(6).toString("hex")}`;
  const opened = await timed(async () => {
    await adminQuery(serverUrl, `create database ${copy} template ${templateDatabase}`);
    return openDatabase({ databaseUrl: databaseUrl(serverUrl, copy), dataDir: os.tmpdir() });
  });
  await opened.result.close();
  await adminQuery(serverUrl, `drop database if exists ${copy} with (force)`);
  return opened.figures;
}

/**
 * Wall time and this process's CPU time: on a shared machine the wall time says how busy the
 * others are, the CPU time what the work costs.
 */
async function timed<T>(work: () => Promise<T>) {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = await work();
  const cpu = process.cpuUsage(cpuBefore);
  const figures = `${seconds(performance.now() - started)} (CPU ${seconds((cpu.user + cpu.system) / 1000)})`;
  return { result, figures };
}

/** A template must have no sessions when it is copied; a closed pool's backends end a moment later. */
async function waitUntilUnused(serverUrl: string, name: string) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { rows } = await admin.query("select count(*)::int as sessions from pg_stat_activity where datname = $1", [name]);
      if (rows[0].sessions === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`The template database ${name} still has sessions after 5 s.`);
  } finally {
    await admin.end();
  }
}

function seconds(milliseconds: number) {
  return `${(milliseconds / 1000).toFixed(2)} s`;
}
