// The capture journeys need campaigns, which only the campaigns area's UI creates. These tests
// therefore run their own production server on a fresh PostgreSQL database (the machine's server
// on 127.0.0.1:5432) and insert owners and campaigns straight into it.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type SmtpStub = { start(): Promise<{ SMTP_URL: string; SMTP_STUB_URL: string }> };

async function freePort() {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export type CaptureServer = Awaited<ReturnType<typeof startCaptureServer>>;

export async function startCaptureServer() {
  const databaseName = `leadqr_e2e_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  const databaseUrl = new URL(SERVER_URL);
  databaseUrl.pathname = `/${databaseName}`;

  const stubPath = path.resolve("tests/e2e/stubs/smtp.mjs");
  const smtp = await ((await import(stubPath)) as SmtpStub).start();
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "leadqr-capture-e2e-"));
  const server: ChildProcess = spawn(process.execPath, ["server.mjs"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl.toString(),
      SMTP_URL: smtp.SMTP_URL,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error("capture e2e server exited during start-up");
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("capture e2e server did not start");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const db = new pg.Client({ connectionString: databaseUrl.toString() });
  await db.connect();

  return {
    baseURL,
    db,
    async createOwner(options: { businessName?: string; isPro?: boolean } = {}) {
      const id = crypto.randomUUID();
      const email = `owner-${id.slice(0, 8)}@e2e.test`;
      await db.query(`insert into "user" (id, name, email, is_pro) values ($1, 'Owner', $2, $3)`, [id, email, options.isPro ?? false]);
      if (options.businessName) await db.query(`insert into business_profile (user_id, name) values ($1, $2)`, [id, options.businessName]);
      return { id, email };
    },
    async createCampaign(userId: string, options: { status?: string; design?: Record<string, string>; title?: string } = {}) {
      const id = crypto.randomUUID();
      const design = { primary_color: "#059669", secondary_color: "#10B981", text_color: "#FFFFFF", button_style: "pill", font_style: "modern", layout: "centered", ...options.design };
      await db.query(
        `insert into campaign (id, user_id, title, business_type, discount, min_order, ai_headline, ai_thankyou, status, design)
         values ($1, $2, $3, 'Coffee Shop', '20% off', 'any order', 'Free Pastry With Every Coffee This Week', 'Show this screen at the counter to claim your pastry.', $4, $5)`,
        [id, userId, options.title ?? "Pastry Week", options.status ?? "active", JSON.stringify(design)],
      );
      return { id };
    },
    async countOf(table: "scan" | "lead", campaignId: string) {
      const { rows } = await db.query(`select count(*)::int as n from ${table} where campaign_id = $1`, [campaignId]);
      return rows[0].n as number;
    },
    async mails(): Promise<Array<{ to: string[]; subject: string; raw: string }>> {
      return (await fetch(`${smtp.SMTP_STUB_URL}/messages`)).json();
    },
    async stop() {
      await db.end();
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: SERVER_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${databaseName} with (force)`);
      await cleanup.end();
    },
  };
}
