// Start extra production server processes (beside Playwright's own) for process-level tests.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { DEFAULT_PASSWORD } from "../../support/row-factories";

export const PG_SERVER = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// E2E_PROCESS_PORT_BASE: a first port in the engineer's own range (several engineers share one machine).
let nextPort = process.env.E2E_PROCESS_PORT_BASE ? Number(process.env.E2E_PROCESS_PORT_BASE) : 3400 + Math.floor(Math.random() * 500);
// A request a killed worker took with it must fail the attempt, not hang the test (undici's own
// limit is five minutes).
const REQUEST_TIMEOUT_MS = 15_000;

// Servers a test left behind (a timed-out attempt) must not outlive the test process and hold
// ports or CPU for its retry. Workers follow their primary out (they stop on disconnect).
const started = new Set<ReturnType<typeof spawn>>();
process.on("exit", () => {
  for (const child of started) child.kill("SIGKILL");
});

export function startServer(env: Record<string, string>) {
  const port = String(nextPort++);
  const child = spawn(process.execPath, ["server.mjs"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", PORT: port, APP_URL: `http://localhost:${port}`, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.add(child);
  child.on("exit", () => started.delete(child));
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, port, url: `http://localhost:${port}`, exited, output: () => output };
}

// Generous: on a busy 2-core CI machine a cold start (migrations on PGlite) can take a while.
export async function waitHealthy(port: string, expected = 200, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let last = 0;
  while (Date.now() < deadline) {
    // The address the server binds by default (HOST 0.0.0.0), not `localhost`, which may resolve to
    // ::1 first and then depends on the client trying the other family.
    last = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).then(
      (r) => r.status,
      () => 0,
    );
    if (last === expected) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`healthz stayed ${last}, expected ${expected}`);
}

export const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "leadqr-proc-"));

/** A fresh PostgreSQL database for one test; drop() removes it. */
export async function freshDatabase() {
  const name = `${process.env.E2E_DATABASE_PREFIX ?? "leadqr_proc_"}${crypto.randomBytes(5).toString("hex")}`;
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
export async function signUpOver(baseUrl: string, email: string, password = DEFAULT_PASSWORD) {
  const response = await fetch(`${baseUrl}/signup`, {
    method: "POST",
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  if (response.status !== 302) throw new Error(`sign-up failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** A phone browser's signature: bots and plain `fetch` (user agent "node") are not counted as scans. */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

/** Campaign wizard fields as the create form posts them. */
export function createCampaignForm(title: string) {
  return new URLSearchParams({
    intent: "create",
    title,
    businessType: "Bakery",
    discount: "Free cookie",
    minOrder: "With any coffee",
    aiHeadline: "Fresh cookies for you",
    aiThankyou: "Thanks! See you soon.",
    colorPreset: "ocean-blue",
  });
}

/** POSTs the create form with a session cookie; 302 when created. */
export async function createCampaignOver(baseUrl: string, cookie: string, title: string) {
  const response = await fetch(`${baseUrl}/campaigns`, { method: "POST", headers: { cookie }, body: createCampaignForm(title), redirect: "manual" });
  await response.arrayBuffer();
  return response.status;
}

/** A visitor's first load of the capture page: its status, HTML and the scan token in the form. */
export async function openCapture(baseUrl: string, campaignId: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}/capture/${campaignId}`, {
    headers: { "user-agent": BROWSER_USER_AGENT, ...headers },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const html = await response.text();
  // A scan's id, or a crowd token past the network's allowance (docs/features/crowds.md).
  return { status: response.status, html, token: /name="scanToken" value="([^"]+)"/.exec(html)?.[1] ?? null };
}

/** Loads the capture page for a token, then posts the form as a browser without JavaScript would. */
export async function submitLeadOver(
  baseUrl: string,
  campaignId: string,
  lead: { name: string; email: string; phone?: string },
  headers: Record<string, string> = {},
  /** `form`: a phone without JavaScript (the answer is the page); `script`: the form's JSON post (decision 323). */
  as: "form" | "script" = "form",
) {
  const page = await openCapture(baseUrl, campaignId, headers);
  if (page.status !== 200) return { step: "load" as const, status: page.status, html: page.html };
  const body = new URLSearchParams({ name: lead.name, email: lead.email, phone: lead.phone ?? "" });
  if (page.token) body.set("scanToken", page.token);
  const response = await fetch(`${baseUrl}/capture/${campaignId}${as === "script" ? "/lead" : ""}`, {
    method: "POST",
    headers: { "user-agent": BROWSER_USER_AGENT, ...headers },
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { step: "submit" as const, status: response.status, html: await response.text() };
}

/**
 * `npm start` as a newcomer runs it: a fresh data folder on PGlite, no APP_URL (the address is
 * derived from HOST and PORT), no email service. Healthy when returned; `env` adds or overrides.
 */
export async function startUnconfiguredServer(env: Record<string, string> = {}) {
  const server = startServer({ DATA_DIR: tmpDir(), DATABASE_URL: "", APP_URL: "", SMTP_URL: "", RESEND_API_KEY: "", LOG_LEVEL: "info", ...env });
  // A cold start on a fresh folder runs every migration; a busy machine needs more than a minute.
  await waitHealthy(server.port, 200, 180_000).catch((error: Error) => {
    server.child.kill("SIGKILL");
    throw new Error(`${error.message}\n${server.output()}`);
  });
  return server;
}
