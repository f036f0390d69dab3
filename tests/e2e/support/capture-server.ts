// The capture journeys need campaigns, which only the campaigns area's UI creates. These tests
// therefore run their own production server on a fresh PostgreSQL database (the machine's server
// on 127.0.0.1:5432) and insert owners and campaigns straight into it.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { freshDatabase, startServer, tmpDir, waitHealthy } from "./processes";

type SmtpStub = { start(): Promise<{ SMTP_URL: string; SMTP_STUB_URL: string }> };

export type CaptureServer = Awaited<ReturnType<typeof startCaptureServer>>;

export async function startCaptureServer() {
  const database = await freshDatabase();
  const stubPath = path.resolve("tests/e2e/stubs/smtp.mjs");
  const smtp = await ((await import(stubPath)) as SmtpStub).start();
  const dataDir = tmpDir();
  // Behind a load balancer, so each simulated visitor can bring their own address (X-Forwarded-For).
  const server = startServer({ DATA_DIR: dataDir, DATABASE_URL: database.url, SMTP_URL: smtp.SMTP_URL, TRUST_PROXY: "1" });
  await waitHealthy(server.port);
  const baseURL = server.url;

  const db = new pg.Client({ connectionString: database.url });
  await db.connect();

  return {
    baseURL,
    db,
    async createOwner(options: { businessName?: string; isPro?: boolean; verified?: boolean } = {}) {
      const id = crypto.randomUUID();
      const email = `owner-${id.slice(0, 8)}@e2e.test`;
      await db.query(`insert into "user" (id, name, email, is_pro, email_verified) values ($1, 'Owner', $2, $3, $4)`, [
        id,
        email,
        options.isPro ?? false,
        options.verified ?? true,
      ]);
      if (options.businessName) await db.query(`insert into business_profile (user_id, name) values ($1, $2)`, [id, options.businessName]);
      return { id, email };
    },
    async createCampaign(userId: string, options: { status?: string; design?: Record<string, string>; title?: string } = {}) {
      const id = crypto.randomUUID();
      const design = {
        primary_color: "#059669",
        secondary_color: "#10B981",
        text_color: "#FFFFFF",
        button_style: "pill",
        font_style: "modern",
        layout: "centered",
        ...options.design,
      };
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
      server.child.kill("SIGTERM");
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}
