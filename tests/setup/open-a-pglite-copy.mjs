// What a test file pays to open its PGlite copy, measured in a process of its own: a test file is
// a fresh process (vitest's forks), and its PGlite start (WASM, the emscripten runtime, the JIT's
// warm-up) costs ~0.5 s more than a second start in a process that already opened one, as
// tests/setup/global.ts's own process has (decision 381). Plain JavaScript, as Node runs no
// TypeScript here: it opens the dump as app/db/client.server.ts's startPglite does (the same
// extension, then the migrations check) and prints its wall and CPU time as JSON.
import fs from "node:fs";
import path from "node:path";

const [dump] = process.argv.slice(2);
const started = performance.now();
const cpuBefore = process.cpuUsage();
const { PGlite } = await import("@electric-sql/pglite");
const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
const { drizzle } = await import("drizzle-orm/pglite");
const { migrate } = await import("drizzle-orm/pglite/migrator");
const client = new PGlite({ extensions: { pg_trgm }, loadDataDir: new Blob([fs.readFileSync(dump)]) });
await client.waitReady;
await migrate(drizzle({ client }), { migrationsFolder: path.resolve(process.cwd(), "drizzle") });
const cpu = process.cpuUsage(cpuBefore);
const figures = { wallMs: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 };
await client.close();
console.log(JSON.stringify(figures));
