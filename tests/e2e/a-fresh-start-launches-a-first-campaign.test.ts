// `npm install && npm start` with nothing configured: the server derives its public address, says
// so once, and the first campaign launches with a QR code that opens it (issue 26 item 1).
import type { ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { BROWSER_USER_AGENT, createCampaignForm, freshDatabase, signUpOver, startServer, tmpDir, waitHealthy } from "./support/processes";

test.describe.configure({ timeout: 180_000 });

const running: ChildProcess[] = [];
test.afterEach(() => running.forEach((child) => child.kill("SIGKILL")));

test("with no APP_URL the first campaign launches and its QR code opens the capture page", async () => {
  const server = startServer({ DATA_DIR: tmpDir(), APP_URL: "", LOG_LEVEL: "info" });
  running.push(server.child);
  await waitHealthy(server.port);
  expect(server.output()).toContain(`public address http://localhost:${server.port} (APP_URL is not set: derived from HOST and PORT`);

  const cookie = await signUpOver(server.url, "first-hour@example.com");
  const created = await fetch(`${server.url}/campaigns`, {
    method: "POST",
    headers: { cookie },
    body: createCampaignForm("First Coffee"),
    redirect: "manual",
  });
  expect(created.status).toBe(302);
  const list = await (await fetch(`${server.url}/campaigns`, { headers: { cookie } })).text();
  const campaignId = /\/campaigns\/([0-9a-f-]{36})/.exec(list)?.[1];
  expect(campaignId, "the campaign is listed").toBeTruthy();

  const qr = await fetch(`${server.url}/campaigns/${campaignId}/qr.png`, { headers: { cookie } });
  expect(qr.status).toBe(200);
  const png = PNG.sync.read(Buffer.from(await qr.arrayBuffer()));
  const encoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? "";
  // The code carries the short link in upper case (a smaller QR code, decision 280).
  expect(encoded.toLowerCase().startsWith(`http://localhost:${server.port}/q/`), encoded).toBe(true);

  const page = await fetch(encoded, { headers: { "user-agent": BROWSER_USER_AGENT } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Free cookie");
});

test("PostgreSQL in production without APP_URL stops at start with a message naming APP_URL", async () => {
  const database = await freshDatabase();
  try {
    const server = startServer({ DATA_DIR: tmpDir(), DATABASE_URL: database.url, APP_URL: "" });
    running.push(server.child);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("APP_URL: is required with DATABASE_URL in production");
  } finally {
    await database.drop();
  }
});

test("an APP_URL with a path stops at start with a message naming APP_URL", async () => {
  const server = startServer({ DATA_DIR: tmpDir(), APP_URL: "https://example.com/leadqr" });
  running.push(server.child);
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain("APP_URL: must be an origin only");
});
