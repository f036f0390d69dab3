// Over real HTTP, against the production server (issue 11, findings 4 and 6; issue 52, findings 6
// and 7): methods we do not serve get 405 with Allow and nothing in the error log; a target in
// absolute form is served as its path; a POST to a page without an action is a quiet 405; secret
// query values stay out of the request log; an owner past the upload budget sees the message in
// the wizard, not a reset connection.
import type { ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import http from "node:http";
import net from "node:net";
import { expect, test } from "@playwright/test";
import { PNG } from "pngjs";
import { signUpOver, startServer, tmpDir, waitHealthy } from "./support/processes";

test.describe.configure({ timeout: 180_000 });

let server: ReturnType<typeof startServer>;
const running: ChildProcess[] = [];

test.beforeAll(async () => {
  // Budgets as shipped (multiplier 1): 30 uploads per hour.
  server = startServer({ DATA_DIR: tmpDir(), RATE_LIMIT_MULTIPLIER: "1", LOG_LEVEL: "info" });
  running.push(server.child);
  await waitHealthy(server.port);
});
test.afterAll(() => running.forEach((child) => child.kill("SIGKILL")));

function send(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
    const request = http.request(`${server.url}${path}`, { method, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, allow: response.headers.allow, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

const errorLines = () =>
  server
    .output()
    .split("\n")
    .filter((line) => /"level":(50|60)/.test(line));

test("methods we do not serve answer 405 with Allow, and nothing is logged as an error", async () => {
  const cookie = await signUpOver(server.url, `methods-${Date.now()}@e2e.test`);
  for (const method of ["TRACE", "OPTIONS", "PUT", "PATCH", "DELETE", "PROPFIND", "MKCOL", "PURGE", "SEARCH"]) {
    for (const path of ["/", "/dashboard", "/api/logo", "/capture/00000000-0000-4000-8000-000000000000", "/no/such/page"]) {
      const answer = await send(method, path, { cookie });
      expect({ method, path, status: answer.status, allow: answer.allow }).toEqual({ method, path, status: 405, allow: "GET, HEAD, POST" });
      expect(answer.body).not.toMatch(/at .+\(.+:\d+:\d+\)/);
    }
  }
  expect((await send("GET", "/healthz")).status).toBe(200);
  expect((await send("HEAD", "/signin")).status).toBe(200);
  expect(errorLines()).toEqual([]);
});

/** Writes one request as given (a target in absolute form, which fetch never sends) and reads the answer's head. */
function rawRequest(requestLine: string, host = `localhost:${server.port}`) {
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const socket = net.connect(Number(server.port), "127.0.0.1", () => {
      socket.write(`${requestLine}\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    });
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("end", () => {
      const head = text.split("\r\n\r\n", 1)[0]!;
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), location: /^location: (.*)$/im.exec(head)?.[1] });
    });
    socket.on("error", reject);
  });
}

test("a target in absolute form is answered as its path is, never with a 500 (issue 52, finding 6)", async () => {
  for (const origin of [`http://localhost:${server.port}`, `https://localhost:${server.port}`]) {
    for (const path of ["/admin", "/signin", "/blog?page=1", "/healthz", "/no/such/page"]) {
      const absolute = await rawRequest(`GET ${origin}${path} HTTP/1.1`);
      const plain = await rawRequest(`GET ${path} HTTP/1.1`);
      expect({ target: `${origin}${path}`, ...absolute }).toEqual({ target: `${origin}${path}`, ...plain });
    }
  }
  // The target names the host; the Host header is ignored (RFC 9112, section 3.2.2).
  expect(await rawRequest(`GET http://localhost:${server.port}/admin HTTP/1.1`, "elsewhere.example")).toEqual(
    await rawRequest("GET /admin HTTP/1.1"),
  );
  // A scheme we do not serve is the client's mistake.
  expect((await rawRequest("GET ftp://localhost/admin HTTP/1.1")).status).toBe(400);
  expect(errorLines()).toEqual([]);
});

test("a post to a page that takes none is a quiet 405 (issue 52, finding 6)", async () => {
  const paths = ["/", "/blog", "/docs/api", "/blog.data"];
  for (const path of paths) {
    const answer = await send("POST", path, { "content-type": "application/x-www-form-urlencoded", "content-length": "0" });
    expect({ path, status: answer.status }).toEqual({ path, status: 405 });
    expect(answer.body).not.toMatch(/at .+\(.+:\d+:\d+\)/);
  }
  // Logged as the client's doing: at info, without a stack.
  const refusalOf = (path: string) => linesWith("request refused by the router").find((line) => line.includes(`:${server.port}${path}"`));
  await expect.poll(() => paths.filter((path) => !refusalOf(path))).toEqual([]);
  for (const path of paths) {
    expect(refusalOf(path), path).toMatch(/^\{"level":30,/);
    expect(refusalOf(path), path).not.toContain('"stack"');
  }
  expect(errorLines()).toEqual([]);
});

test("OAuth codes and states and emailed tokens are not written to the request log (issue 52, finding 7)", async () => {
  const cookie = await signUpOver(server.url, `oauth-log-${Date.now()}@e2e.test`);
  const secret = (name: string) => `${name}-${crypto.randomUUID()}`;
  const code = secret("code");
  const state = secret("state");
  const token = secret("token");
  const leadCode = secret("lead");
  // Through Express (the provider's return, an emailed link) and through the edge's own lead post.
  await send("GET", `/settings/integrations/sync/mailchimp/callback?code=${code}&state=${state}&scope=x`, { cookie });
  await send("GET", `/verify-email?token=${token}`);
  await send("POST", `/capture/${crypto.randomUUID()}/lead?code=${leadCode}`, {
    "content-type": "application/x-www-form-urlencoded",
    "content-length": "0",
  });
  const logged = () => linesWith("request completed").filter((line) => /callback\?|verify-email\?|\/lead\?/.test(line));
  await expect.poll(() => logged().length).toBe(3);
  for (const value of [code, state, token, leadCode]) expect(server.output()).not.toContain(value);
  expect(logged().join("\n")).toContain("/callback?code=[redacted]&state=[redacted]&scope=x");
});

/** Starts a form post declaring 200 bytes, sends a few, and hangs up. */
function hangUpMidBody(path: string) {
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect(Number(server.port), "127.0.0.1", () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: localhost:${server.port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 200\r\n\r\nname=Ada&email=a`,
      );
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 300);
    });
    socket.on("error", reject);
  });
}

const linesWith = (message: string) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.includes(`"msg":"${message}"`));

test("a lead post the client drops mid-body and a malformed short link are the client's doing: no error, no stack", async () => {
  const campaign = crypto.randomUUID();
  for (const path of [`/capture/${campaign}/lead`, `/capture/${campaign}.data`, "/q/AB12CD34/lead"]) await hangUpMidBody(path);
  for (const path of ["/q/%ZZ", "/Q/%ZZ", "/capture/%E0%A4%A"]) {
    const answer = await send("GET", path);
    expect({ path, status: answer.status }).toEqual({ path, status: 400 });
    expect(answer.body).not.toMatch(/at .+\(.+:\d+:\d+\)/);
  }
  // The script's posts are the edge's own; an old bundle's `.data` post is React Router's, through Express.
  await expect.poll(() => linesWith("client closed the request before its body arrived").length).toBe(2);
  await expect.poll(() => linesWith("request aborted").filter((line) => line.includes(`${campaign}.data`)).length).toBe(1);
  await expect.poll(() => linesWith("request refused").length).toBe(3);
  for (const line of [
    ...linesWith("client closed the request before its body arrived"),
    ...linesWith("request aborted"),
    ...linesWith("request refused"),
  ]) {
    expect(line).not.toContain('"stack"');
    expect(line).toMatch(/"level":(30|40),/);
  }
  expect(errorLines()).toEqual([]);
});

test("methods the API does not serve answer 405 problem+json with the path's Allow", async () => {
  const cases: Array<[string, string, string]> = [
    ["PUT", "/api/v1", "GET, POST, PATCH, DELETE"],
    ["OPTIONS", "/api/v1", "GET, POST, PATCH, DELETE"],
    ["PUT", "/api/v1/campaigns", "GET, POST"],
    ["OPTIONS", "/api/v1/campaigns/00000000-0000-4000-8000-000000000000", "GET, PATCH"],
    ["TRACE", "/api/v1/leads", "GET"],
    ["PUT", "/api/v1/openapi.json", "GET"],
    ["PROPFIND", "/api/v1/no/such/thing", "GET, POST, PATCH, DELETE"],
  ];
  for (const [method, path, allow] of cases) {
    const answer = await send(method, path);
    expect({ method, path, status: answer.status, allow: answer.allow }).toEqual({ method, path, status: 405, allow });
    expect(JSON.parse(answer.body)).toMatchObject({ title: "Method not allowed", status: 405 });
  }
  const typed = await fetch(`${server.url}/api/v1/campaigns`, { method: "PUT" });
  expect(typed.headers.get("content-type")).toContain("application/problem+json");
  expect(errorLines()).toEqual([]);
});

function noisyPng(side: number) {
  const png = new PNG({ width: side, height: side });
  crypto.randomFillSync(png.data);
  for (let i = 3; i < png.data.length; i += 4) png.data[i] = 255;
  return PNG.sync.write(png);
}

test("past the upload budget, the wizard shows the message for a large logo", async ({ browser }) => {
  const cookie = await signUpOver(server.url, `uploads-${Date.now()}@e2e.test`);
  const small = noisyPng(8);
  for (let i = 0; i < 30; i++) {
    const form = new FormData();
    form.append("logo", new Blob([new Uint8Array(small)], { type: "image/png" }), "logo.png");
    const response = await fetch(`${server.url}/api/logo`, { method: "POST", headers: { cookie }, body: form });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
  }
  const large = noisyPng(700);
  expect(large.length).toBeGreaterThan(1024 * 1024);
  expect(large.length).toBeLessThan(2 * 1024 * 1024);

  const context = await browser.newContext({ baseURL: server.url });
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return {
        name: pair.slice(0, at),
        value: pair.slice(at + 1),
        domain: "localhost",
        path: "/",
        secure: pair.startsWith("__Secure-"),
        httpOnly: true,
      };
    }),
  );
  const page = await context.newPage();
  await page.goto("/campaigns?new=1");
  const dialog = page.getByRole("dialog", { name: "Create New Campaign" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Campaign Title").fill("Flood");
  await dialog.getByLabel("Business Type").selectOption("Bakery");
  await dialog.getByLabel("Offer", { exact: true }).fill("Free croissant");
  await dialog.getByLabel("Offer Condition").fill("With any coffee");
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.locator('input[type="file"]').setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: large });
  await expect(dialog.getByRole("alert")).toHaveText("Too many uploads. Please wait a moment and try again.");
  await expect(dialog.getByRole("img", { name: "Uploaded logo" })).toHaveCount(0);
  await context.close();
  expect(errorLines()).toEqual([]);
});
