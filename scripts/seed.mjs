// npm run seed: a demo owner with campaigns, scans and leads over the past weeks, and sample posts.
// npm run seed -- --scale large: 100 campaigns, 1M scans, 200k leads (PostgreSQL: set DATABASE_URL).
// npm run seed -- --scale year [--scans N]: 20 campaigns, 3 locations, 10M scans over the past 12
// months, 200k leads (PostgreSQL; on PGlite 1M unless --scans says otherwise).
// With PGlite, run it while the server is stopped (one process per data folder).
process.env.NODE_ENV ??= "production";
const SCALES = ["demo", "large", "year"];
const USAGE = "Usage: npm run seed [-- --scale demo|large|year] [--scans N]";
const args = process.argv.slice(2);
/** The value of `--name value` or `--name=value`. */
const option = (name) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
};
const scale = option("scale") ?? "demo";
const scansText = option("scans");
const scans = scansText === undefined ? undefined : Number(scansText.replaceAll("_", ""));
if (!SCALES.includes(scale)) {
  console.error(USAGE);
  process.exit(1);
}
if (scans !== undefined && !(Number.isInteger(scans) && scans >= 0 && scans <= 1_000_000_000)) {
  console.error(`--scans must be a whole number from 0 to 1000000000. ${USAGE}`);
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
  const result = await seed({ scale, scans, warn: (message) => console.warn(`Warning: ${message}`) });
  console.log(
    `Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s: ${result.campaigns} campaigns, ${result.scans} scans, ` +
      `${result.leads} leads, ${result.posts} new blog posts.`,
  );
  if (result.bytesPerScan !== null) console.log(`Scan storage: ${result.bytesPerScan} bytes per scan (rows and indexes, every partition).`);
  console.log(`Sign in as ${result.email} with the password ${result.password}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await shutdown();
}
