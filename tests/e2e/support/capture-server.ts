// The capture journeys need campaigns, which only the campaigns area's UI creates. These tests
// therefore run their own production server on a fresh PostgreSQL database (the machine's server
// on 127.0.0.1:5432) and create owners and campaigns in it with the factories (database.ts).
import fs from "node:fs";
import path from "node:path";
import { backgroundGradient } from "~/features/campaigns/campaigns";
import type { CampaignRowOptions } from "~/db/sample-rows";
import { openJourneyDatabase } from "./database";
import { freshDatabase, startServer, tmpDir, waitHealthy } from "./processes";

type SmtpStub = { start(): Promise<{ SMTP_URL: string; SMTP_STUB_URL: string }> };

const FOREST_GREEN = {
  primary_color: "#059669",
  secondary_color: "#10B981",
  background_gradient: backgroundGradient("#059669", "#10B981"),
};

export type CaptureServer = Awaited<ReturnType<typeof startCaptureServer>>;

/** `env`: more settings for the server (a journey's own stand-ins). */
export async function startCaptureServer(env: Record<string, string> = {}) {
  const freshDb = await freshDatabase();
  const stubPath = path.resolve("tests/e2e/stubs/smtp.mjs");
  const smtp = await ((await import(stubPath)) as SmtpStub).start();
  const dataDir = tmpDir();
  // Behind a load balancer, so each simulated visitor can bring their own address (X-Forwarded-For).
  const server = startServer({ DATA_DIR: dataDir, DATABASE_URL: freshDb.url, SMTP_URL: smtp.SMTP_URL, TRUST_PROXY: "1", ...env });
  await waitHealthy(server.port);
  const baseURL = server.url;

  const database = await openJourneyDatabase(freshDb.url);

  return {
    baseURL,
    /** Raw SQL on the server's database (the one door, see database.ts); answers the rows. */
    query: freshDb.query,
    createOwner: database.createOwner,
    /** A campaign with this file's defaults: a pastry offer in green (the journeys read its copy). */
    async createCampaignRow(userId: string, options: Omit<CampaignRowOptions, "userId"> = {}) {
      return database.createCampaignRow(userId, {
        title: "Pastry Week",
        minOrder: "any order",
        aiHeadline: "Free Pastry With Every Coffee This Week",
        aiThankyou: "Show this screen at the counter to claim your pastry.",
        ...options,
        design: { ...FOREST_GREEN, button_style: "pill", ...options.design },
      });
    },
    async countOf(table: "scan" | "lead", campaignId: string) {
      const [row] = await freshDb.query(`select count(*)::int as n from ${table} where campaign_id = $1`, [campaignId]);
      return row.n as number;
    },
    async mails(): Promise<Array<{ to: string[]; subject: string; raw: string }>> {
      return (await fetch(`${smtp.SMTP_STUB_URL}/messages`)).json();
    },
    async stop() {
      await database.close();
      server.child.kill("SIGTERM");
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      await freshDb.drop();
    },
  };
}
