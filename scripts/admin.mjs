// npm run admin -- <email>: makes an existing account an admin.
// With PGlite, run it while the server is stopped (one process per data folder).
process.env.NODE_ENV ??= "production";
const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error("Usage: npm run admin -- <email>");
  process.exit(1);
}
const { execSync } = await import("node:child_process");
execSync("node scripts/ensure-build.mjs", { stdio: "inherit" });
// The server bundle's calls for scripts (app/server/cli.ts).
/** @type {{ cli: typeof import("../app/server/cli") }} */
const { cli } = await import(new URL("../build/server/index.js", import.meta.url).href);
const { promoteToAdmin, shutdown } = cli;
try {
  const promoted = await promoteToAdmin(email);
  console.log(promoted ? `${email} is now an admin.` : `No account with the email ${email}.`);
  process.exitCode = promoted ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await shutdown();
}
