// Start extra production server processes (beside Playwright's own) for process-level tests.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const PG_SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
let nextPort = 3400 + Math.floor(Math.random() * 500);

export function startServer(env: Record<string, string>) {
  const port = String(nextPort++);
  const child = spawn(process.execPath, ["server.mjs"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: port, APP_URL: `http://localhost:${port}`, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, port, url: `http://localhost:${port}`, exited, output: () => output };
}

export async function waitHealthy(port: string, expected = 200, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last = 0;
  while (Date.now() < deadline) {
    last = await fetch(`http://localhost:${port}/healthz`).then((r) => r.status, () => 0);
    if (last === expected) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`healthz stayed ${last}, expected ${expected}`);
}

export const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "leadqr-proc-"));

/** A fresh PostgreSQL database for one test; drop() removes it. */
export async function freshDatabase() {
  const name = `leadqr_proc_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    admin,
    async query(text: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query(text, params)).rows;
      } finally {
        await client.end();
      }
    },
    async drop() {
      await admin.query(`alter database ${name} allow_connections true`).catch(() => {});
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Signs up through the HTTP form post (no browser) and returns the session cookie. */
export async function signUpOver(baseUrl: string, email: string, password = "correct-horse-battery") {
  const response = await fetch(`${baseUrl}/signup`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`sign-up failed: ${response.status}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}
