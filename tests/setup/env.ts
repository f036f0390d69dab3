// Every test file (its own process) gets its own database: in-memory PGlite by default,
// a fresh PostgreSQL database when TEST_DATABASE_URL points at a server. Each starts as a copy
// of the database tests/setup/global.ts migrated once (decision 348): PGlite loads its dump
// (PGLITE_DUMP), starting as the file loads (decision 384), so nothing is left on disk for it;
// PostgreSQL's copy is dropped after the file (decision 381 measured the alternatives).
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, inject } from "vitest";
import { adminQuery, databaseUrl } from "./postgres";

process.env.NODE_ENV = "test";
process.env.LOG_LEVEL ??= "silent";
process.env.APP_URL = "http://localhost:3000";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "leadqr-test-"));
process.env.BETTER_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
process.env.ADMIN_EMAILS = "admin@example.com";
// Tests stand many people on one address (decision
// 330): like RATE_LIMIT_MULTIPLIER, the burst allowance is raised; burst tests set their own.
process.env.CAPTURE_BURST_LOADS ??= "100000";
for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_ID", "OPENAI_API_KEY", "SMTP_URL", "RESEND_API_KEY", "S3_BUCKET"]) {
  delete process.env[name];
}

const serverUrl = process.env.TEST_DATABASE_URL;
let databaseName: string | undefined;

if (serverUrl) {
  databaseName = `leadqr_test_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${databaseName} template ${inject("templateDatabase")}`);
  process.env.DATABASE_URL = databaseUrl(serverUrl, databaseName);
} else {
  process.env.DATABASE_URL = "memory://";
  process.env.PGLITE_DUMP = inject("pgliteDump");
  if (usesTheDatabase(expect.getState().testPath)) {
    const { openPgliteCopyEarly } = await import("~/db/client.server");
    const early = openPgliteCopyEarly(process.env.PGLITE_DUMP);
    afterAll(() => recordWait(early.waitedMs(), expect.getState().testPath!));
  }
}

/**
 * Whether a test file reaches the database, read off its imports: such a file starts loading its
 * copy now, beside its own imports (decision 384). A file this misses opens its copy when first
 * asked, as before; one it wrongly includes spends the CPU of an unused copy.
 */
function usesTheDatabase(testPath: string | undefined) {
  if (!testPath) return false;
  return /services\.server|factories|~\/db\/|\.\.\/http|support\//.test(fs.readFileSync(testPath, "utf8"));
}

/** How long this file waited for its copy, for tests/setup/global.ts to sum up after the run. */
function recordWait(waitedMs: number | undefined, testPath: string) {
  if (waitedMs === undefined) return;
  const line = `${Math.round(waitedMs)}\t${path.relative(process.cwd(), testPath)}`;
  fs.writeFileSync(path.join(inject("openWaits"), crypto.randomUUID()), line);
}

afterAll(async () => {
  const { shutdownServices } = await import("~/utils/services.server");
  await shutdownServices();
  if (serverUrl && databaseName) await adminQuery(serverUrl, `drop database if exists ${databaseName} with (force)`);
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
});
