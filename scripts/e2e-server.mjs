// Starts the production server for the browser journeys on a fresh data folder, with the
// local stand-ins (Stripe, OpenAI, SMTP) the journeys need.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "leadqr-e2e-"));
const env = {
  ...process.env,
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  ADMIN_EMAILS: "admin@e2e.test",
  LOG_LEVEL: "warn",
  // Every journey signs up from 127.0.0.1; the limits themselves are proven by integration tests.
  RATE_LIMIT_MULTIPLIER: "100",
  // Every journey's phones are new browsers on 127.0.0.1: more than one client's allowance of new
  // visitors per window (decision 330), which integration tests and the burst journeys prove.
  CAPTURE_BURST_LOADS: "100000",
};
delete env.DATABASE_URL;

// Each file in tests/e2e/stubs/ starts one local stand-in and returns the variables pointing at it.
const stubsDir = path.resolve("tests/e2e/stubs");
for (const file of fs.existsSync(stubsDir)
  ? fs
      .readdirSync(stubsDir)
      .filter((name) => name.endsWith(".mjs"))
      .sort()
  : []) {
  const stub = await import(path.join(stubsDir, file));
  Object.assign(env, await stub.start());
}

// The journeys read the mails the app sends (tests/e2e/support/mailbox.ts) through the stub's URL.
if (env.SMTP_STUB_URL)
  fs.writeFileSync(path.join(os.tmpdir(), `leadqr-e2e-mailbox-${env.PORT ?? "3000"}.json`), JSON.stringify({ url: env.SMTP_STUB_URL }));

const server = spawn(process.execPath, ["server.mjs"], { env, stdio: "inherit" });
const stop = () => server.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
