// Process-level behaviour of `npm start`'s server: configuration errors, the PGlite folder lock,
// fast shutdown, and /healthz following the database. Runs against the production build.
import type { ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { freshDatabase, startServer, tmpDir, waitHealthy } from "./support/processes";
import { DEFAULT_PASSWORD } from "../support/row-factories";

// Several cold server starts per test: allow for a busy CI machine.
test.describe.configure({ timeout: 180_000 });

const running: ChildProcess[] = [];
test.afterEach(() => running.forEach((child) => child.kill("SIGKILL")));

test("a bad setting stops the server with a message naming the variable", async () => {
  const server = startServer({ DATA_DIR: tmpDir(), APP_URL: "not a url" });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain("APP_URL");
});

test("a second process on the same PGlite folder refuses to start; SIGTERM stops in under 2 s", async () => {
  const dataDir = tmpDir();
  const first = startServer({ DATA_DIR: dataDir });
  running.push(first.child);
  await waitHealthy(first.port);

  const second = startServer({ DATA_DIR: dataDir });
  running.push(second.child);
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain("is in use by another LeadQR process");
  await waitHealthy(first.port);

  const started = Date.now();
  first.child.kill("SIGTERM");
  expect(await first.exited).toBe(0);
  expect(Date.now() - started).toBeLessThan(2000);

  // The folder is free again, and the data survived.
  const third = startServer({ DATA_DIR: dataDir });
  running.push(third.child);
  await waitHealthy(third.port);
  third.child.kill("SIGTERM");
  await third.exited;
});

test("/healthz answers 503 while PostgreSQL refuses connections and 200 again without a restart", async () => {
  const database = await freshDatabase();
  const { name, admin } = database;
  const server = startServer({ DATA_DIR: tmpDir(), DATABASE_URL: database.url });
  running.push(server.child);
  try {
    await waitHealthy(server.port);
    await admin.query(`alter database ${name} allow_connections false`);
    await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
    await waitHealthy(server.port, 503);
    const page = await fetch(`http://localhost:${server.port}/signup`, {
      method: "POST",
      body: new URLSearchParams({ email: "down@example.com", password: DEFAULT_PASSWORD }),
    });
    expect(page.status).toBe(503);
    const html = await page.text();
    expect(html).toContain("Service unavailable");
    expect(html).not.toMatch(/at .*\.(js|ts):\d+/);
    await admin.query(`alter database ${name} allow_connections true`);
    await waitHealthy(server.port, 200);
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
    await database.drop();
  }
});
