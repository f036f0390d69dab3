// node scripts/page-bytes.mjs [--build build/client] [--budgets scripts/page-budgets.json]
// (npm run check:bytes; .ci/run runs it after the production build). The JavaScript and CSS each
// budgeted page loads before any click, in gzip bytes, read from the production build, not timed,
// so it gives the same answer on a busy machine: the entry and every module of the page's route
// chain (root → layout → page) with their imports, from React Router's route manifest, and the
// app stylesheet the root links for pages that are not bare documents. A chunk fetched on use
// (`import()`: the landing page's demo dialog) is not counted. Prints each page against its budget;
// exits 1 when one is over (docs/performance.md, "First paint").
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { pathToFileURL } from "node:url";

/** React Router's route manifest from the client build (`window.__reactRouterManifest = {…}`). */
export function readManifest(clientDir) {
  const assets = path.join(clientDir, "assets");
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no route manifest in ${assets}: run \`npm run build\` first`);
  const source = fs.readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, ""));
}

/**
 * The files a page loads: the client entry, then each route from the root down to `routeId` with
 * its imports and CSS. The manifest's own file is left out: with lazy route discovery (the default)
 * the page inlines the part it needs.
 */
export function pageAssets(manifest, routeId) {
  if (!manifest.routes[routeId]) throw new Error(`no route "${routeId}" in the build's manifest`);
  const chain = [];
  for (let id = routeId; id; id = manifest.routes[id].parentId) chain.unshift(manifest.routes[id]);
  const js = new Set([manifest.entry.module, ...manifest.entry.imports]);
  const css = new Set(manifest.entry.css ?? []);
  for (const route of chain) {
    if (route.module) js.add(route.module);
    for (const file of route.imports ?? []) js.add(file);
    for (const file of route.css ?? []) css.add(file);
  }
  return { js: [...js], css: [...css] };
}

/** The stylesheet the root links itself (`app.css?url`), outside the manifest. */
export function appStylesheet(clientDir) {
  const file = fs.readdirSync(path.join(clientDir, "assets")).find((name) => /^app-[\w-]+\.css$/.test(name));
  if (!file) throw new Error("no app stylesheet (assets/app-*.css) in the build");
  return `/assets/${file}`;
}

const gzipBytes = (clientDir, file) => zlib.gzipSync(fs.readFileSync(path.join(clientDir, file))).length;

/** Each budgeted page's gzip bytes and whether they are within its budget. */
export function measurePages(clientDir, budgets) {
  const manifest = readManifest(clientDir);
  return budgets.pages.map((page) => {
    const assets = pageAssets(manifest, page.route);
    const css = page.appStylesheet ? [...assets.css, appStylesheet(clientDir)] : assets.css;
    const js = assets.js.reduce((sum, file) => sum + gzipBytes(clientDir, file), 0);
    const cssBytes = css.reduce((sum, file) => sum + gzipBytes(clientDir, file), 0);
    return { ...page, measured: { js, css: cssBytes }, over: [js > page.js ? "js" : null, cssBytes > page.css ? "css" : null].filter(Boolean) };
  });
}

function main() {
  const option = (name, fallback) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : fallback;
  };
  const clientDir = option("--build", "build/client");
  const budgets = JSON.parse(fs.readFileSync(option("--budgets", "scripts/page-budgets.json"), "utf8"));
  const results = measurePages(clientDir, budgets);
  const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  for (const page of results) {
    const line = ["js", "css"].map((kind) => `${kind} ${kb(page.measured[kind])} of ${kb(page[kind])}${page.over.includes(kind) ? " OVER" : ""}`);
    console.log(`${page.name.padEnd(24)} ${line.join(", ")}`);
  }
  const over = results.filter((page) => page.over.length);
  if (over.length) {
    console.error(`Over budget: ${over.map((page) => `${page.name} (${page.over.join(", ")})`).join("; ")}. See docs/performance.md, "First paint".`);
    process.exit(1);
  }
  console.log("Every page within its byte budget (gzip, from the production build).");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
