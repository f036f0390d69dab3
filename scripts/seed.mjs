// npm run seed: a demo owner with campaigns, scans and leads over the past weeks, and sample posts.
// npm run seed -- --scale large: 100 campaigns, 1M scans, 200k leads (PostgreSQL: set DATABASE_URL).
// With PGlite, run it while the server is stopped (one process per data folder).
process.env.NODE_ENV ??= "production";
const args = process.argv.slice(2);
const scaleAt = args.indexOf("--scale");
const scale = scaleAt >= 0 ? args[scaleAt + 1] : (args.find((arg) => arg.startsWith("--scale="))?.slice(8) ?? "demo");
if (scale !== "demo" && scale !== "large") {
  console.error("Usage: npm run seed [-- --scale large]");
  process.exit(1);
}
const { execSync } = await import("node:child_process");
execSync("node scripts/ensure-build.mjs", { stdio: "inherit" });
// The server bundle's calls for scripts (app/server/cli.ts).
/** @type {{ cli: typeof import("../app/server/cli") }} */
const { cli } = await import(new URL("../build/server/index.js", import.meta.url).href);
const { seed, shutdown } = cli;
const started = Date.now();
try {
  const result = await seed({ scale });
  console.log(
    `Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.campaigns} campaigns, ${result.scans} scans, ` +
      `${result.leads} leads, ${result.posts} new blog posts.`,
  );
  console.log(`Sign in as ${result.email} with the password ${result.password}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await shutdown();
}
