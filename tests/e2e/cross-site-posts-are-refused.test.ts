// A page on another site cannot make a signed-in user's browser change anything here: every
// state-changing request from another origin is refused before it reaches a route. Stripe's
// webhook is the one exception (it proves itself with a signature instead).
import { expect, test } from "@playwright/test";
import routes from "../../app/routes";
import { BASE_URL } from "../../playwright.config";
import { signUpOver } from "./support/processes";
import { uniqueEmail } from "../support/row-factories";

type RouteEntry = { file: string; path?: string; children?: RouteEntry[] };
const EXEMPT = new Set(["/webhooks/stripe"]);
const SOME_ID = "00000000-0000-4000-8000-000000000000";

/** Every URL of app/routes.ts, params filled in: a new route is covered without editing this file. */
function paths(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    const url = (path || "/").replace(/:[A-Za-z]+/g, SOME_ID).replace("*", "qr-logos/1-0123456789abcdef.png");
    return [url, ...paths(entry.children ?? [], path)];
  });
}
const ALL = [...new Set(paths(routes as RouteEntry[]))];
const GUARDED = ALL.filter((path) => !EXEMPT.has(path));

const CROSS_SITE: Array<[string, Record<string, string>]> = [
  ["Origin of another site", { origin: "https://evil.example" }],
  ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
  ["an opaque Origin (sandboxed frame)", { origin: "null" }],
];

async function post(path: string, headers: Record<string, string>, cookie?: string, body: Record<string, string> = {}) {
  return fetch(`${BASE_URL}${path}`, {
    method: "POST",
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(body),
    redirect: "manual",
  });
}

async function businessName(cookie: string) {
  const html = await (await fetch(`${BASE_URL}/settings`, { headers: { cookie } })).text();
  return /name="businessName"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? /value="([^"]*)"[^>]*name="businessName"/.exec(html)?.[1] ?? "";
}

test("every state-changing route refuses cross-site POSTs with 403 and changes nothing", async () => {
  expect(GUARDED.length).toBeGreaterThan(25);
  const cookie = await signUpOver(BASE_URL, uniqueEmail("csrf"));
  for (const [label, headers] of CROSS_SITE) {
    for (const path of GUARDED) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const response = await fetch(`${BASE_URL}${path}`, {
          method,
          headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "business", businessName: "Forged" }),
          redirect: "manual",
        });
        expect({ label, method, path, status: response.status }).toEqual({ label, method, path, status: 403 });
      }
    }
  }
  expect(await businessName(cookie)).not.toBe("Forged");
  // The session survived the forged sign-out.
  expect((await fetch(`${BASE_URL}/settings`, { headers: { cookie }, redirect: "manual" })).status).toBe(200);
});

test("a visitor's form post without a session (the script's JSON post and the fetcher's .data, answered before Express) is refused cross-site too", async () => {
  for (const path of [`/capture/${SOME_ID}.data`, `/capture/${SOME_ID}/lead`, "/q/abcd2345/lead"]) {
    for (const [label, headers] of CROSS_SITE) {
      const response = await fetch(`${BASE_URL}${path}`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ name: "Forged", email: "forged@example.com", scanToken: SOME_ID }),
      });
      expect({ path, label, status: response.status }).toEqual({ path, label, status: 403 });
    }
  }
});

test("the same POSTs from this site go through", async () => {
  const cookie = await signUpOver(BASE_URL, uniqueEmail("same-site"));
  const response = await post("/settings", { origin: BASE_URL, "sec-fetch-site": "same-origin" }, cookie, {
    intent: "business",
    businessName: "Real Bakery",
  });
  expect(response.status).toBe(200);
  expect(await businessName(cookie)).toBe("Real Bakery");
});

test("the Stripe webhook is exempt: it answers by its signature, not by origin", async () => {
  for (const [, headers] of CROSS_SITE) {
    const response = await post("/webhooks/stripe", headers);
    expect(response.status).not.toBe(403);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Missing signature");
  }
});
