// The checks every request passes at the edge, whoever answers it (Express or a fast path): the
// declared body length, the same-origin rule for unsafe methods, the served methods, the client
// address the trusted proxies name, and a request id. One function, so no path forgets one.
import crypto from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import proxyAddr from "proxy-addr";

/** Express's compiled `trust proxy` function: whether the hop at `index` is a trusted proxy. */
export type TrustProxy = (address: string, index: number) => boolean;

export type GuardRules = {
  /** The public origin (APP_URL's), accepted as Origin besides the request's own Host. */
  appOrigin: string;
  trust: TrustProxy;
  bodyLimits: { form: number; upload: number };
};

export type Refusal =
  | { status: 411 | 413 | 403; message: string }
  /** `api`: the REST API answers its own problem+json for a method a path lacks. */
  | { status: 405; message: string; allow: string; api: boolean };

export type Guarded = { requestId: string; clientAddress: string; refusal: Refusal | null };

// Where files are posted, as a document request or as the `.data` request a fetcher sends.
const UPLOAD_PATHS = /^(?:\/api\/logo|\/admin\/blog(?:\/.*)?)(?:\.data)?$/;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Requests that legitimately come from other sites (Stripe signs its webhooks instead).
const CROSS_SITE_ALLOWED = new Set(["/webhooks/stripe"]);
// What the routes serve. Anything else (TRACE, CONNECT, WebDAV verbs, OPTIONS) is answered here:
// a Fetch Request cannot even carry TRACE, so passing it on only produced a 500.
const SERVED_METHODS = ["GET", "HEAD", "POST"];
// The REST API also updates and deletes (its own router answers 405 for a method a path lacks).
const API_METHODS = [...SERVED_METHODS, "PATCH", "DELETE"];

// A scheme, as a target in absolute form starts: `http://host/path`.
const ABSOLUTE_FORM = /^[a-z][a-z\d+.-]*:/i;

/**
 * A target in absolute form (`GET http://host/path`, as a proxy sends it) becomes the path it
 * names, and its host replaces Host (RFC 9112, section 3.2.2), before any rule or the router
 * reads either; an origin-form target is left as it is. Returns false for a scheme we do not
 * serve or a target that does not parse: the caller refuses it with 400.
 */
export function takeOriginForm(req: IncomingMessage): boolean {
  const target = req.url ?? "/";
  if (!ABSOLUTE_FORM.test(target)) return true;
  if (!URL.canParse(target)) return false;
  const url = new URL(target);
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  req.url = `${url.pathname}${url.search}`;
  req.headers.host = url.host;
  return true;
}

// A percent-escape of an unreserved character (RFC 3986, section 2.3: letters, digits, - . _ ~),
// which means the character itself: the router decodes it, so every rule must read it decoded.
const UNRESERVED_ESCAPE = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[de]|5f|7e)/gi;
// A separator a router or a file system might honour inside a segment: a backslash, escaped or not,
// or an escaped slash.
const HIDDEN_SEPARATOR = /\\|%2f|%5c/i;

/**
 * The one path every rule and the router read (issue 52, finding 2): escapes of unreserved
 * characters decoded, so `/%63apture` is `/capture` for the host rule as for the router. A path
 * with a dot segment (`/assets/../capture/…`, `%2e%2e` included) or a hidden separator (`\`,
 * `%5c`, `%2f`) is refused: browsers resolve those before sending, so only a script sends them,
 * and a rule that read the raw path while the router resolved it was reading another path.
 * Returns false for a path the caller refuses with 400. Run after `takeOriginForm`.
 */
export function takeNormalPath(req: IncomingMessage): boolean {
  const target = req.url ?? "/";
  if (!target.startsWith("/")) return true;
  const queryAt = target.indexOf("?");
  const raw = queryAt === -1 ? target : target.slice(0, queryAt);
  if (HIDDEN_SEPARATOR.test(raw)) return false;
  const path = raw.replace(UNRESERVED_ESCAPE, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
  if (path.split("/").some((segment) => segment === "." || segment === "..")) return false;
  if (path !== raw) req.url = queryAt === -1 ? path : path + target.slice(queryAt);
  return true;
}

export function pathnameOf(url: string | undefined) {
  return (url ?? "/").split("?", 1)[0] ?? "/";
}

export function guardRequest(req: IncomingMessage, rules: GuardRules): Guarded {
  return {
    requestId: crypto.randomUUID(),
    clientAddress: proxyAddr(req, rules.trust) ?? req.socket.remoteAddress ?? "unknown",
    refusal: refusalOf(req, pathnameOf(req.url), rules),
  };
}

function refusalOf(req: IncomingMessage, path: string, rules: GuardRules): Refusal | null {
  const { headers } = req;
  const method = req.method ?? "GET";
  // Every body must declare its length, so the cap holds while streaming: Node stops reading at
  // Content-Length, and no form or webhook sender needs chunked uploads.
  if (headers["transfer-encoding"] !== undefined && headers["content-length"] === undefined) return { status: 411, message: "Length required." };
  const limit = UPLOAD_PATHS.test(path) ? rules.bodyLimits.upload : rules.bodyLimits.form;
  if (Number(headers["content-length"] ?? 0) > limit) return { status: 413, message: "Request too large." };
  const exempt = SAFE_METHODS.has(method) || CROSS_SITE_ALLOWED.has(path) || isBearerApiRequest(path, headers);
  if (!exempt && !isSameOrigin(headers, rules.appOrigin)) return { status: 403, message: "Cross-site request refused." };
  const api = path === "/api/v1" || path.startsWith("/api/v1/");
  const served = api ? API_METHODS : SERVED_METHODS;
  if (!served.includes(method)) return { status: 405, message: "Method not allowed.", allow: served.join(", "), api };
  return null;
}

// The public API authenticates by API key only and never reads cookies, so a cross-site request
// carrying a Bearer key cannot ride on a signed-in browser session.
function isBearerApiRequest(path: string, headers: IncomingHttpHeaders) {
  return path.startsWith("/api/v1/") && /^Bearer \S+$/.test(headers.authorization ?? "");
}

export function isSameOrigin(headers: IncomingHttpHeaders, appOrigin: string) {
  if (headers["sec-fetch-site"] === "cross-site") return false;
  const origin = headers.origin;
  // Browsers send Origin with every cross-origin POST; its absence means a non-browser client.
  if (!origin) return true;
  if (origin === "null") return false;
  try {
    return new URL(origin).host === headers.host || origin === appOrigin;
  } catch {
    return false;
  }
}
