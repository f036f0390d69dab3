// Calls route modules the way React Router does, with real Requests, for integration tests.
import { expect } from "vitest";

export const ORIGIN = "http://localhost:3000";

type Handler = (args: any) => unknown;

export function makeRequest(
  path: string,
  options: {
    method?: string;
    cookie?: string;
    form?: Record<string, string | string[] | Blob>;
    headers?: Record<string, string>;
    body?: BodyInit;
  } = {},
) {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("cookie", options.cookie);
  let body = options.body;
  if (options.form) {
    const form = new FormData();
    for (const [key, value] of Object.entries(options.form)) {
      for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
    }
    body = form;
  }
  return new Request(new URL(path, ORIGIN), { method: options.method ?? (body ? "POST" : "GET"), headers, body });
}

/** Runs a loader or action; thrown Responses (redirects, 404s) are returned like React Router does. */
export async function run(handler: Handler | undefined, request: Request, params: Record<string, string | undefined> = {}) {
  if (!handler) throw new Error("route has no such handler");
  try {
    const url = new URL(request.url);
    return await handler({ request, params, context: { cspNonce: "" }, url, pattern: url.pathname });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The data a loader or action returned, whether plain or wrapped by `data()`. */
export function payload<T = any>(result: unknown): T {
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    return (result as unknown as { data: T }).data;
  }
  return result as T;
}

export function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    return (result as { init?: { status?: number } }).init?.status ?? 200;
  }
  return 200;
}

export function expectRedirect(result: unknown, location: string) {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  expect(response.headers.get("location")).toBe(location);
}

export function cookieFrom(response: Response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** The `name=value` pairs a loader's or action's answer sets (a Response, or data() with headers). */
export function setCookiesOf(result: unknown): string {
  let headers: Headers | undefined;
  if (result instanceof Response) headers = result.headers;
  else if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const init = (result as { init?: { headers?: HeadersInit } }).init;
    if (init?.headers) headers = new Headers(init.headers);
  }
  return (headers?.getSetCookie() ?? []).map((cookie) => cookie.split(";")[0]).join("; ");
}
