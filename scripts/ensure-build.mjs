// `npm start` builds first when there is no build, or when the sources are newer than it.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const output = "build/server/index.js";

function newestMtime(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const sources = ["app", "public", "vite.config.ts", "react-router.config.ts", "package.json"].filter((p) => fs.existsSync(p));
const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
if (builtAt === 0 || Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log("Building LeadQR…");
  execSync("npx react-router build", { stdio: "inherit" });
}
