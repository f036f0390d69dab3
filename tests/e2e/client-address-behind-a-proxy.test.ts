// Behind a proxy the client is the right-most X-Forwarded-For entry the trusted proxies did not
// write; entries to its left are the client's own words (issue 25 finding 1). Runs the production
// server, since Express and the capture fast path read the header before any route does.
import type { ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { BROWSER_USER_AGENT, startServer, tmpDir, waitHealthy } from "./support/processes";

test.describe.configure({ timeout: 180_000 });

const running: ChildProcess[] = [];
test.afterEach(() => running.forEach((child) => child.kill("SIGKILL")));

async function signInAttempt(baseUrl: string, attempt: number, forwardedFor: string) {
  const response = await fetch(`${baseUrl}/signin`, {
    method: "POST",
    headers: { "x-forwarded-for": forwardedFor },
    body: new URLSearchParams({ email: `nobody-${attempt}@example.com`, password: "not-the-password" }),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status;
}

test("a made-up left-most X-Forwarded-For per request does not escape the sign-in limit (TRUST_PROXY=1)", async () => {
  const server = startServer({ DATA_DIR: tmpDir(), TRUST_PROXY: "1", RATE_LIMIT_MULTIPLIER: "1" });
  running.push(server.child);
  await waitHealthy(server.port);

  const statuses: number[] = [];
  for (let attempt = 0; attempt < 31; attempt++) {
    // What a client sends through one proxy: its own invention, then the address the proxy saw.
    statuses.push(await signInAttempt(server.url, attempt, `198.51.100.${attempt}, 203.0.113.7`));
  }
  expect(statuses.slice(0, 30).every((status) => status === 400 || status === 401)).toBe(true);
  expect(statuses[30]).toBe(429);

  // Another client behind the same proxy still signs in freely.
  expect(await signInAttempt(server.url, 99, "198.51.100.1, 203.0.113.8")).not.toBe(429);
});

for (const [kind, path, subnet] of [
  ["the script's JSON post", "/capture/00000000-0000-4000-8000-000000000000/lead", "203.0.113"],
  ["the fetcher's .data post", "/capture/00000000-0000-4000-8000-000000000000.data", "192.0.2"],
] as const) {
  test(`${kind}, answered before Express, keys the address budget on the proxy's client, never on a header the client sends`, async () => {
    const server = startServer({ DATA_DIR: tmpDir(), TRUST_PROXY: "1", RATE_LIMIT_MULTIPLIER: "1" });
    running.push(server.child);
    await waitHealthy(server.port);
    const leadPost = async (attempt: number, client: string) => {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        // A made-up left-most entry and a forged copy of the header the server sets for itself.
        headers: {
          "x-forwarded-for": `198.51.100.${attempt}, ${client}`,
          "x-leadqr-client-ip": `10.9.${attempt}.1`,
          "user-agent": BROWSER_USER_AGENT,
        },
        body: new URLSearchParams({ name: "No Token", email: `no-token-${attempt}@example.com` }),
      });
      await response.arrayBuffer();
      return response.status;
    };

    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) statuses.push(await leadPost(attempt, `${subnet}.9`));
    expect(statuses.slice(0, 20).every((status) => status !== 429 && status < 500)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another visitor behind the same proxy is not held to that budget.
    expect(await leadPost(99, `${subnet}.10`)).not.toBe(429);
  });
}

test("every form of X-Forwarded-For is answered without a server error", async () => {
  const server = startServer({ DATA_DIR: tmpDir(), TRUST_PROXY: "loopback", RATE_LIMIT_MULTIPLIER: "1000" });
  running.push(server.child);
  await waitHealthy(server.port);
  const forms = [
    "",
    " ",
    ",,,",
    "garbage",
    "unknown",
    "203.0.113.7:8080",
    "2001:db8::1",
    "[2001:db8::1]:443",
    "::ffff:203.0.113.7",
    "fe80::1%eth0",
    "300.300.300.300",
    "203.0.113.7, not an address",
    "\u00e9\u00e9\u00e9",
    Array.from({ length: 500 }, (_, index) => `10.0.${index >> 8}.${index & 255}`).join(", "),
    "203.0.113.7".repeat(400),
  ];
  for (const forwardedFor of forms) {
    const label = JSON.stringify(forwardedFor.slice(0, 40));
    const home = await fetch(`${server.url}/`, { headers: { "x-forwarded-for": forwardedFor, "user-agent": BROWSER_USER_AGENT } });
    expect(home.status, label).toBe(200);
    const capture = await fetch(`${server.url}/capture/00000000-0000-4000-8000-000000000000`, {
      headers: { "x-forwarded-for": forwardedFor, "user-agent": BROWSER_USER_AGENT },
    });
    expect(capture.status, label).toBe(404);
    expect(await signInAttempt(server.url, 0, forwardedFor), label).toBeLessThan(500);
  }
});

test("TRUST_PROXY=true stops the server with a message naming the variable and the accepted forms", async () => {
  const server = startServer({ DATA_DIR: tmpDir(), TRUST_PROXY: "true" });
  running.push(server.child);
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain("TRUST_PROXY");
  expect(server.output()).toContain("the number of proxies in front");
});
