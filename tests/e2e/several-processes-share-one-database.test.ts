// DESIGN: "nothing may assume a single process". Two production servers on one PostgreSQL.
import { expect, test } from "@playwright/test";
import { freshDatabase, signUpOver, startServer, tmpDir, waitHealthy } from "./support/processes";

test.describe.configure({ mode: "serial" });

let database: Awaited<ReturnType<typeof freshDatabase>>;
let servers: Array<ReturnType<typeof startServer>> = [];

test.beforeAll(async () => {
  database = await freshDatabase();
  const shared = { DATABASE_URL: database.url, BETTER_AUTH_SECRET: "a-shared-secret-for-both-processes-0123456789" };
  servers = [startServer({ ...shared, DATA_DIR: tmpDir() }), startServer({ ...shared, DATA_DIR: tmpDir() })];
  await Promise.all(servers.map((server) => waitHealthy(server.port)));
});

test.afterAll(async () => {
  for (const server of servers) server.child.kill("SIGTERM");
  await Promise.all(servers.map((server) => server.exited));
  await database.drop();
});

test("a session made on one process works on the other", async () => {
  const [a, b] = servers;
  const cookie = await signUpOver(a!.url, `multi-${Date.now()}@example.com`);
  const response = await fetch(`${b!.url}/settings`, { headers: { cookie }, redirect: "manual" });
  expect(response.status).toBe(200);
  expect(await response.text()).toContain("Account information");
});

test("the sign-in limit per account holds across both processes", async () => {
  const [a, b] = servers;
  const email = `limited-${Date.now()}@example.com`;
  await signUpOver(a!.url, email);
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 12; attempt++) {
    const server = attempt % 2 === 0 ? a! : b!;
    const response = await fetch(`${server.url}/signin`, { method: "POST", body: new URLSearchParams({ email, password: "wrong-password" }), redirect: "manual" });
    statuses.push(response.status);
  }
  expect(statuses.filter((status) => status === 401)).toHaveLength(10);
  expect(statuses.slice(10)).toEqual([429, 429]);
});
