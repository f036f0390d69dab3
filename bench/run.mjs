// npm run bench: runs every bench/*.bench.mjs in turn, each in its own process (fresh memory figures).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const dir = path.dirname(new URL(import.meta.url).pathname);
spawnSync(process.execPath, ["scripts/ensure-build.mjs"], { stdio: "inherit" });
const files = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith(".bench.mjs"))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, ["--expose-gc", path.join(dir, file)], {
    stdio: "inherit",
    env: { NODE_ENV: "production", LOG_LEVEL: "warn", ...process.env },
  });
  if (result.status !== 0) {
    failed += 1;
    console.error(`${file} failed (exit ${result.status})`);
  }
}
process.exitCode = failed ? 1 : 0;
