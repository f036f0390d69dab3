// node bench/lighthouse.mjs (npm run bench:lighthouse) — Lighthouse scores of the landing page and
// a campaign's capture page (issue 18 item 9: capture performance ≥ 95 on mobile, accessibility
// 100 on both). Needs a production build (`npm run build`; this script builds nothing) and Debian's
// Chromium (CHROME_PATH, default /usr/bin/chromium). Starts `server.mjs` on a free port with an
// in-memory database, signs an owner up and creates a campaign through the app's own forms, runs
// Lighthouse's mobile preset (simulated slow 4G, a mid-range phone) and prints the scores.
// Figures only: nothing is asserted. Knob: LIGHTHOUSE_RUNS (3; the median performance run is kept).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

if (!fs.existsSync("build/server/index.js")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

const port = await freePort();
const origin = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "leadqr-lighthouse-"));
const server = spawn(process.execPath, ["server.mjs"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: "memory://",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
let chrome;
try {
  await waitForServer(`${origin}/healthz`);
  const campaignId = await createCampaign();
  chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  console.log(
    `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile preset, ${RUNS} runs per page (median performance run shown)`,
  );
  for (const [name, url] of [
    ["landing /", `${origin}/`],
    ["capture /capture/:id", `${origin}/capture/${campaignId}`],
  ]) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(url, chrome.port));
    runs.sort((a, b) => a.scores.performance - b.scores.performance);
    const median = runs[Math.floor(runs.length / 2)];
    const scores = CATEGORIES.map((category) => `${category} ${median.scores[category]}`).join(", ");
    console.log(`${name.padEnd(22)} ${scores}`);
    console.log(
      `${"".padEnd(22)} FCP ${median.metrics.fcp}, LCP ${median.metrics.lcp}, TBT ${median.metrics.tbt}, CLS ${median.metrics.cls}, SI ${median.metrics.si}`,
    );
    console.log(`${"".padEnd(22)} performance over ${RUNS} runs: ${runs.map((run) => run.scores.performance).join(", ")}`);
    if (median.failing.length) console.log(`${"".padEnd(22)} below 1: ${median.failing.join(", ")}`);
  }
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function audit(url, chromePort) {
  const result = await lighthouse(url, { port: chromePort, output: "json", logLevel: "error", onlyCategories: CATEGORIES });
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((categories[category]?.score ?? 0) * 100)]));
  const metric = (id) => audits[id]?.displayValue ?? "?";
  const failing = ["accessibility", "best-practices"].flatMap((category) =>
    categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
      .map((ref) => `${category}:${ref.id}`),
  );
  return {
    scores,
    failing,
    metrics: {
      fcp: metric("first-contentful-paint"),
      lcp: metric("largest-contentful-paint"),
      tbt: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      si: metric("speed-index"),
    },
  };
}

/** An owner signs up and launches a campaign with the same form posts a browser without JavaScript makes. */
async function createCampaign() {
  const signup = await fetch(`${origin}/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: `lighthouse-${Date.now()}@example.com`, password: "lighthouse-Pass-2024" }),
  });
  const cookie = signup.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`sign-up failed: ${signup.status}`);
  const created = await fetch(`${origin}/campaigns`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "create",
      title: "Lighthouse Coffee",
      businessType: "Coffee Shop",
      discount: "20% off any drink",
      minOrder: "Orders over $10",
      aiHeadline: "Scan, sip and save 20% on your next coffee with us today",
      aiThankyou: "Thank you! Show this screen at the counter to claim your discount.",
      colorPreset: "ocean-blue",
      buttonStyle: "rounded",
      fontStyle: "modern",
      layout: "centered",
      textColor: "#FFFFFF",
    }),
  });
  if (created.status >= 400) throw new Error(`campaign creation failed: ${created.status} ${await created.text()}`);
  const page = await (await fetch(`${origin}/campaigns`, { headers: { Cookie: cookie } })).text();
  const id = /\/campaigns\/([0-9a-f-]{36})/.exec(page)?.[1];
  if (!id) throw new Error("the new campaign is not on /campaigns");
  return id;
}

async function waitForServer(url) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer ${url}`);
}

async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port: free } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return free;
}
