import { describe, expect, it } from "vitest";
import { createUser } from "../support/factories";
import { callRoute, expectRedirect, makeRequest, type Handler } from "../support/http";

// Every private route checks access in its own loader (not only in a layout).
const PRIVATE = ["dashboard", "campaigns", "leads", "settings"] as const;
const ADMIN = ["admin", "admin.users", "admin.blog", "admin.subscriptions", "admin.campaigns", "admin.leads"] as const;
const ANONYMOUS_ONLY = [
  ["home", "/"],
  ["signin", "/signin"],
  ["signup", "/signup"],
] as const;

const load = async (name: string) => (await import(`~/routes/${name}.tsx`)) as { loader: Handler; action?: Handler };
const pathOf = (name: string) => "/" + name.replace(".", "/");

describe("route guards", () => {
  it.each([...PRIVATE, ...ADMIN])("/%s sends signed-out visitors to /signin", async (name) => {
    const route = await load(name);
    expectRedirect(await callRoute(route.loader, makeRequest(pathOf(name))), "/signin");
  });

  it.each(ADMIN)("/%s sends non-admins to /dashboard", async (name) => {
    const { cookie } = await createUser();
    const route = await load(name);
    expectRedirect(await callRoute(route.loader, makeRequest(pathOf(name), { cookie })), "/dashboard");
    if (route.action) {
      expectRedirect(await callRoute(route.action, makeRequest(pathOf(name), { cookie, form: { intent: "anything" } })), "/dashboard");
    }
  });

  it.each(ADMIN)("/%s opens for admins", async (name) => {
    const { cookie } = await createUser({ role: "admin" });
    const route = await load(name);
    const result = await callRoute(route.loader, makeRequest(pathOf(name), { cookie }));
    expect(result instanceof Response ? result.status : 200).toBe(200);
  });

  it.each(ANONYMOUS_ONLY)("%s sends signed-in users to /dashboard", async (name, path) => {
    const { cookie } = await createUser();
    const route = await load(name);
    expectRedirect(await callRoute(route.loader, makeRequest(path, { cookie })), "/dashboard");
  });

  it("redirects unknown paths to /", async () => {
    const route = await import("~/routes/unknown-path");
    expectRedirect(await callRoute(route.loader, makeRequest("/no/such/page")), "/");
  });
});
