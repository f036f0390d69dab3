// The byte budget .ci/run checks after the production build (`npm run check:bytes`): on a small build
// written into a temporary folder, a page is measured as the browser loads it (entry, the route chain
// and their imports, each file once, the app stylesheet unless the page is bare; not a chunk fetched
// on use) and a page past its budget fails the run and is named.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCRIPT = path.join(ROOT, "scripts/page-bytes.mjs");

/** Deterministic, hard-to-compress text: its gzip size is close to its length. */
function noise(length: number, seed: number) {
  let state = seed;
  let text = "";
  while (text.length < length) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    text += state.toString(36);
  }
  return text.slice(0, length);
}

const FILES: Record<string, string> = {
  "entry.client-a.js": noise(4000, 1),
  "react-b.js": noise(3000, 2),
  "root-c.js": noise(500, 3),
  "layout-d.js": noise(500, 4),
  "home-e.js": noise(1000, 5),
  "capture-f.js": noise(1000, 6),
  "demo-dialog-g.js": noise(20000, 7),
  "app-h.css": noise(2000, 8),
};

const MANIFEST = {
  entry: { module: "/assets/entry.client-a.js", imports: ["/assets/react-b.js"], css: [] },
  routes: {
    root: { id: "root", module: "/assets/root-c.js", imports: ["/assets/react-b.js"], css: [] },
    "routes/layout": { id: "routes/layout", parentId: "root", module: "/assets/layout-d.js", imports: ["/assets/react-b.js"], css: [] },
    "routes/home": { id: "routes/home", parentId: "routes/layout", module: "/assets/home-e.js", imports: [], css: [] },
    "routes/capture": { id: "routes/capture", parentId: "root", module: "/assets/capture-f.js", imports: ["/assets/react-b.js"], css: [] },
  },
  url: "/assets/manifest-0.js",
};

const gz = (name: string) => zlib.gzipSync(FILES[name]).length;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "page-bytes-"));
  fs.mkdirSync(path.join(dir, "client/assets"), { recursive: true });
  for (const [name, text] of Object.entries(FILES)) fs.writeFileSync(path.join(dir, "client/assets", name), text);
  fs.writeFileSync(path.join(dir, "client/assets/manifest-0.js"), `window.__reactRouterManifest=${JSON.stringify(MANIFEST)};`);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function check(pages: unknown[]) {
  const budgets = path.join(dir, `budgets-${Math.random()}.json`);
  fs.writeFileSync(budgets, JSON.stringify({ pages }));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, "--build", path.join(dir, "client"), "--budgets", budgets]);
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe("the page byte budget", () => {
  it("counts what a page loads before any click, each file once, and passes within budget", async () => {
    const { pageAssets, measurePages } = await import(SCRIPT);
    expect(pageAssets(MANIFEST, "routes/home").js).toEqual([
      "/assets/entry.client-a.js",
      "/assets/react-b.js",
      "/assets/root-c.js",
      "/assets/layout-d.js",
      "/assets/home-e.js",
    ]);
    const [landing, capture] = measurePages(path.join(dir, "client"), {
      pages: [
        { name: "landing", route: "routes/home", js: 1e6, css: 1e6, appStylesheet: true },
        { name: "capture", route: "routes/capture", js: 1e6, css: 0 },
      ],
    });
    const shared = gz("entry.client-a.js") + gz("react-b.js") + gz("root-c.js");
    expect(landing.measured).toEqual({ js: shared + gz("layout-d.js") + gz("home-e.js"), css: gz("app-h.css") });
    expect(capture.measured).toEqual({ js: shared + gz("capture-f.js"), css: 0 });

    const within = await check([{ name: "landing", route: "routes/home", js: landing.measured.js, css: landing.measured.css, appStylesheet: true }]);
    expect(within.code).toBe(0);
    expect(within.output).toContain("Every page within its byte budget");
  });

  it("fails and names the page whose JavaScript or CSS grew past its budget", async () => {
    const { measurePages } = await import(SCRIPT);
    const [capture] = measurePages(path.join(dir, "client"), { pages: [{ name: "capture", route: "routes/capture", js: 1e6, css: 0 }] });
    const over = await check([
      { name: "capture", route: "routes/capture", js: capture.measured.js - 1, css: 0 },
      { name: "landing", route: "routes/home", js: 1e6, css: 100, appStylesheet: true },
    ]);
    expect(over.code).toBe(1);
    expect(over.output).toMatch(/capture\s+js [\d.]+ kB of [\d.]+ kB OVER/);
    expect(over.output).toContain("Over budget: capture (js); landing (css)");
  });

  it("refuses a budget for a route the build does not have", async () => {
    const unknown = await check([{ name: "gone", route: "routes/gone", js: 1, css: 1 }]);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('no route "routes/gone"');
  });
});
