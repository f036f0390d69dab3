// Runs a command (the integration suite) against the machine's PostgreSQL: each test file
// creates and drops its own database under TEST_DATABASE_URL (see tests/setup/env.ts).
import { spawnSync } from "node:child_process";

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const [command, ...args] = process.argv.slice(2);
const result = spawnSync("npx", [command, ...args], {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: serverUrl },
});
process.exit(result.status ?? 1);
