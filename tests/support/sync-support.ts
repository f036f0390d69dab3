// Local stand-ins for the sync providers, speaking their documented shapes: Mailchimp's OAuth 2
// login server (authorize, token, metadata) and Marketing API 3.0 (lists, members with marketing
// permissions, notes, tags, delete-permanent); Google's OAuth 2 token and revoke endpoints and Sheets API v4 (create,
// get, batchUpdate addSheet, values.get, values:append with table detection, values.update,
// values:clear, values:batchUpdate, values:batchClear; cells in sheets-stand-in.ts), its 403s in
// Google's shapes (GOOGLE_403). They keep what they were sent, for the tests to read.
import crypto from "node:crypto";
import http from "node:http";
import type net from "node:net";
import { appendRows, clearRange, rangeOf, readRange, tabNamed, unparsable, writeRange, type StandInSheet } from "./sheets-stand-in";
import { admitMailchimpCall, mailchimpApi as mailchimpApiStandIn, mailchimpStandInState } from "./mailchimp-stand-in";

type Failure = { match: RegExp; status: number; headers?: Record<string, string>; body?: unknown; html?: string; bytes?: number; times: number };
/** `html`: a page instead of JSON; `bytes`: this many bytes of JSON-looking filler, streamed. */
type Reply = { status: number; body?: unknown; headers?: Record<string, string>; html?: string; bytes?: number };

/** One reused chunk of filler, so a huge answer is streamed without being allocated. */
const FILLER = Buffer.alloc(64 * 1024, "a");

export const MC_CLIENT = { id: "mc-client", secret: "mc-secret" };
export const GOOGLE_CLIENT = { id: "google-client.apps.googleusercontent.com", secret: "google-secret" };

/** Google's 403 answers, as the Sheets API sends them: a sheet not shared with the account, and the API switched off for the project. */
export const GOOGLE_403 = {
  notShared: { error: { code: 403, message: "The caller does not have permission", status: "PERMISSION_DENIED" } },
  apiDisabled: {
    error: {
      code: 403,
      message:
        "Google Sheets API has not been used in project 123456789 before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/sheets.googleapis.com/overview?project=123456789 then retry.",
      errors: [
        {
          message: "Google Sheets API has not been used in project 123456789 before or it is disabled.",
          domain: "usageLimits",
          reason: "accessNotConfigured",
          extendedHelp: "https://console.developers.google.com",
        },
      ],
      status: "PERMISSION_DENIED",
      details: [
        {
          "@type": "type.googleapis.com/google.rpc.ErrorInfo",
          reason: "SERVICE_DISABLED",
          domain: "googleapis.com",
          metadata: { service: "sheets.googleapis.com", consumer: "projects/123456789" },
        },
      ],
    },
  },
};

const NOT_FOUND: Reply = { status: 404, body: { error: { code: 404, message: "Requested entity was not found.", status: "NOT_FOUND" } } };

/** A provider's consent screen, reduced to its answer: "Allow" sends the browser back with a code. */
function consentScreen(query: URLSearchParams, clientId: string, code: string, account: string): Reply {
  const back = query.get("redirect_uri");
  if (query.get("client_id") !== clientId || query.get("response_type") !== "code" || !back)
    return { status: 400, html: "<h1>Error 400: invalid_request</h1>" };
  const allow = new URL(back);
  allow.searchParams.set("code", code);
  allow.searchParams.set("state", query.get("state") ?? "");
  const deny = new URL(back);
  deny.searchParams.set("error", "access_denied");
  deny.searchParams.set("state", query.get("state") ?? "");
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return {
    status: 200,
    html: `<!doctype html><title>Sign in</title><h1>Allow LeadQR to access ${escape(account)}?</h1><a href="${escape(allow.toString())}">Allow</a> <a href="${escape(deny.toString())}">Deny</a>`,
  };
}

/** `port`: where to listen (a journey's own port); any free port by default. */
export async function startProviderStandIns(options: { port?: number } = {}) {
  const state = {
    calls: [] as Array<{ method: string; path: string; body: string; authorization: string }>,
    mailchimp: mailchimpStandInState(),
    google: {
      accessTokens: new Map<string, number>(),
      refreshTokens: new Set<string>(),
      revoked: [] as string[],
      expiresIn: 3600,
      /**
       * Each spreadsheet's tabs, and the rows of its leads tab (titled "Leads" in any case; other
       * tabs read as empty). A blank row is `[]`: cells are trimmed of trailing blanks after each write.
       */
      sheets: new Map<string, StandInSheet>(),
      /** The PKCE challenge each authorization code was issued with (S256), checked at the exchange. */
      challenges: new Map<string, string>(),
    },
    failures: [] as Failure[],
    /** While true, Mailchimp's API answers 503 to everything (an outage). */
    mailchimpDown: false,
    /** Requests matching one of these are never answered (a provider that hangs). */
    hanging: [] as RegExp[],
    /** How many bytes of streamed filler (`bytes` replies) went out before the reader stopped or it ended. */
    streamedBytes: 0,
  };
  let issued = 0;

  function fail(
    match: RegExp,
    status: number,
    options: { headers?: Record<string, string>; body?: unknown; html?: string; bytes?: number; times?: number } = {},
  ) {
    const { times, ...reply } = options;
    state.failures.push({ match, status, ...reply, times: times ?? 1 });
  }

  /** Streams `bytes` of filler without ever holding them: a chunk at a time, as fast as the reader takes them. */
  function stream(response: http.ServerResponse, bytes: number) {
    let sent = 0;
    const pump = () => {
      while (sent < bytes && !response.destroyed) {
        const size = Math.min(FILLER.length, bytes - sent);
        sent += size;
        state.streamedBytes += size;
        if (!response.write(FILLER.subarray(0, size))) {
          response.once("drain", pump);
          return;
        }
      }
      response.end();
    };
    response.write('{"pad":"');
    pump();
  }

  function mailchimpLogin(method: string, path: string, form: URLSearchParams, auth: string, query: URLSearchParams): Reply | null {
    if (method === "GET" && path === "/oauth2/authorize") return consentScreen(query, MC_CLIENT.id, "mc-code", "your Mailchimp account");
    if (method === "POST" && path === "/oauth2/token") {
      if (form.get("client_id") !== MC_CLIENT.id || form.get("client_secret") !== MC_CLIENT.secret || form.get("code") !== "mc-code")
        return { status: 400, body: { error: "invalid_grant" } };
      const token = `mc-token-${++issued}`;
      state.mailchimp.tokens.add(token);
      return { status: 200, body: { access_token: token, expires_in: 0, scope: null } };
    }
    if (method === "GET" && path === "/oauth2/metadata") {
      if (!state.mailchimp.tokens.has(auth.replace(/^OAuth /, ""))) return { status: 401, body: { error: "invalid_token" } };
      return { status: 200, body: { dc: "us1", accountname: "Café Aroma", api_endpoint: `${base}/mc`, login_url: `${base}/login` } };
    }
    return null;
  }

  function mailchimpApi(method: string, path: string, query: URLSearchParams, json: Record<string, unknown>, auth: string): Reply | null {
    if (!path.startsWith("/mc/3.0/")) return null;
    if (state.mailchimpDown) return { status: 503, body: { title: "Service Unavailable", detail: "Mailchimp is down for maintenance." } };
    if (!state.mailchimp.tokens.has(auth.replace(/^Bearer /, "")))
      return { status: 401, body: { title: "API Key Invalid", detail: "Your access token is invalid." } };
    return mailchimpApiStandIn(state.mailchimp, { method, path: path.slice("/mc/3.0".length), query, json });
  }

  function googleToken(method: string, path: string, form: URLSearchParams, query: URLSearchParams): Reply | null {
    if (method === "GET" && path === "/google-accounts/o/oauth2/v2/auth") {
      if (query.get("code_challenge_method") === "S256") state.google.challenges.set("google-code", query.get("code_challenge") ?? "");
      return consentScreen(query, GOOGLE_CLIENT.id, "google-code", "your Google account");
    }
    if (method !== "POST" || (path !== "/google/token" && path !== "/google/revoke")) return null;
    if (path === "/google/revoke") {
      state.google.revoked.push(form.get("token") ?? "");
      state.google.refreshTokens.delete(form.get("token") ?? "");
      return { status: 200, body: {} };
    }
    if (form.get("client_id") !== GOOGLE_CLIENT.id || form.get("client_secret") !== GOOGLE_CLIENT.secret)
      return { status: 401, body: { error: "invalid_client" } };
    const grant = form.get("grant_type");
    const okGrant =
      (grant === "authorization_code" && form.get("code") === "google-code") ||
      (grant === "refresh_token" && state.google.refreshTokens.has(form.get("refresh_token") ?? ""));
    if (!okGrant) return { status: 400, body: { error: "invalid_grant", error_description: "Token has been expired or revoked." } };
    // A code issued with a PKCE challenge is exchanged only with its verifier (RFC 7636, S256).
    const challenge = grant === "authorization_code" ? state.google.challenges.get(form.get("code") ?? "") : undefined;
    if (
      challenge !== undefined &&
      crypto
        .createHash("sha256")
        .update(form.get("code_verifier") ?? "")
        .digest("base64url") !== challenge
    )
      return { status: 400, body: { error: "invalid_grant", error_description: "Invalid code verifier." } };
    const access = `ya29.access-${++issued}`;
    state.google.accessTokens.set(access, Date.now() + state.google.expiresIn * 1000);
    const refresh = grant === "authorization_code" ? `1//refresh-${issued}` : undefined;
    if (refresh) state.google.refreshTokens.add(refresh);
    return {
      status: 200,
      body: {
        access_token: access,
        expires_in: state.google.expiresIn,
        token_type: "Bearer",
        scope: "https://www.googleapis.com/auth/spreadsheets",
        ...(refresh ? { refresh_token: refresh } : {}),
      },
    };
  }

  function sheetsApi(method: string, path: string, json: Record<string, unknown>, auth: string, query: URLSearchParams): Reply | null {
    if (!path.startsWith("/sheets/v4/spreadsheets")) return null;
    const expires = state.google.accessTokens.get(auth.replace(/^Bearer /, ""));
    if (!expires || expires < Date.now())
      return { status: 401, body: { error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" } } };
    const rest = decodeURIComponent(path.slice("/sheets/v4/spreadsheets".length));
    if (method === "POST" && rest === "") {
      const id = `sheet-${++issued}`;
      const title = String((json.properties as { title?: string })?.title ?? "Untitled spreadsheet");
      const tabs = ((json.sheets ?? []) as Array<{ properties: { title: string } }>).map((tab) => tab.properties.title);
      state.google.sheets.set(id, { title, tabs: tabs.length ? tabs : ["Sheet1"], rows: [] });
      return { status: 200, body: { spreadsheetId: id, properties: { title }, spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${id}/edit` } };
    }
    const whole = rest.match(/^\/([^/:]+)(:batchUpdate)?$/);
    if (whole) return spreadsheet(method, whole[1]!, whole[2], json);
    const batch = rest.match(/^\/([^/]+)\/values:(batchUpdate|batchClear)$/);
    if (batch && method === "POST") return valuesBatch(batch[1]!, batch[2]!, json);
    const values = rest.match(/^\/([^/]+)\/values\/(.+?)(:append|:clear)?$/);
    const sheet = values && state.google.sheets.get(values[1]!);
    if (!values || !sheet) return NOT_FOUND;
    const [, id, rangeText, verb] = values;
    const range = rangeOf(sheet, rangeText!);
    if (!range) return unparsable(rangeText!);
    if (method === "GET") return { status: 200, body: readRange(range, query.get("majorDimension") === "COLUMNS") };
    const rows = (json.values ?? []) as string[][];
    if (verb === ":append") return { status: 200, body: { spreadsheetId: id, ...appendRows(range, rows, query.get("insertDataOption")) } };
    if (verb === ":clear") {
      clearRange(range);
      return { status: 200, body: { spreadsheetId: id, clearedRange: rangeText } };
    }
    if (method === "PUT") return { status: 200, body: { spreadsheetId: id, ...writeRange(range, rows) } };
    return { status: 405, body: {} };
  }

  /** values:batchUpdate (`data`: ranges with their values) and values:batchClear (`ranges`). */
  function valuesBatch(id: string, verb: string, json: Record<string, unknown>): Reply {
    const sheet = state.google.sheets.get(id);
    if (!sheet) return NOT_FOUND;
    const texts =
      verb === "batchClear" ? ((json.ranges ?? []) as string[]) : ((json.data ?? []) as Array<{ range: string }>).map((entry) => entry.range);
    const ranges = texts.map((text) => rangeOf(sheet, text));
    const bad = ranges.findIndex((range) => range === null);
    if (bad >= 0) return unparsable(texts[bad]!);
    if (verb === "batchClear") {
      for (const range of ranges) clearRange(range!);
      return { status: 200, body: { spreadsheetId: id, clearedRanges: texts } };
    }
    const data = json.data as Array<{ values: string[][] }>;
    const responses = ranges.map((range, index) => writeRange(range!, data[index]!.values));
    return { status: 200, body: { spreadsheetId: id, totalUpdatedRows: responses.length, responses } };
  }

  /** spreadsheets.get (its title and tabs) and spreadsheets.batchUpdate (addSheet). */
  function spreadsheet(method: string, id: string, verb: string | undefined, json: Record<string, unknown>): Reply {
    const sheet = state.google.sheets.get(id);
    if (!sheet) return NOT_FOUND;
    if (method === "GET" && !verb)
      return {
        status: 200,
        body: {
          spreadsheetId: id,
          properties: { title: sheet.title },
          sheets: sheet.tabs.map((title, index) => ({ properties: { sheetId: index, title } })),
        },
      };
    if (method === "POST" && verb === ":batchUpdate") {
      for (const request of (json.requests ?? []) as Array<{ addSheet?: { properties: { title: string } } }>) {
        const title = request.addSheet?.properties.title;
        if (!title) return { status: 400, body: { error: { code: 400, message: "Invalid requests", status: "INVALID_ARGUMENT" } } };
        // Tab titles are unique regardless of case.
        if (tabNamed(sheet, title))
          return {
            status: 400,
            body: {
              error: {
                code: 400,
                message: `Invalid requests[0].addSheet: A sheet with the name "${title}" already exists. Please enter another name.`,
                status: "INVALID_ARGUMENT",
              },
            },
          };
        sheet.tabs.push(title);
      }
      return { status: 200, body: { spreadsheetId: id, replies: [{ addSheet: {} }] } };
    }
    return { status: 405, body: {} };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(request.url ?? "/", base);
      const method = request.method ?? "GET";
      const auth = request.headers.authorization ?? "";
      state.calls.push({ method, path: url.pathname, body, authorization: auth });
      if (state.hanging.some((match) => match.test(`${method} ${url.pathname}`))) return;
      // Mailchimp counts an account's calls in flight: past 10 it answers 429, and each call takes `latencyMs`.
      const mailchimpCall = url.pathname.startsWith("/mc/3.0/") ? admitMailchimpCall(state.mailchimp, auth) : null;
      if (mailchimpCall) response.on("close", mailchimpCall.done);
      const asked = { method, path: url.pathname, query: url.searchParams, body, auth, type: request.headers["content-type"] ?? "" };
      const later = mailchimpCall ? state.mailchimp.latencyMs : 0;
      const respond = () => send(response, mailchimpCall?.refused ?? answer(asked));
      if (later > 0) setTimeout(respond, later);
      else respond();
    });
  });

  function send(response: http.ServerResponse, reply: Reply) {
    if (reply.bytes !== undefined) {
      response.writeHead(reply.status, { "content-type": "application/json" });
      stream(response, reply.bytes);
      return;
    }
    if (reply.html !== undefined) {
      response.writeHead(reply.status, { "content-type": "text/html; charset=utf-8" });
      response.end(reply.html);
      return;
    }
    response.writeHead(reply.status, { "content-type": "application/json", ...reply.headers });
    response.end(reply.body === undefined ? "" : JSON.stringify(reply.body));
  }

  type Asked = { method: string; path: string; query: URLSearchParams; body: string; auth: string; type: string };
  function answer({ method, path, query, body, auth, type }: Asked): Reply {
    const failure = state.failures.find((entry) => entry.times > 0 && entry.match.test(`${method} ${path}`));
    if (failure) {
      failure.times--;
      return {
        status: failure.status,
        headers: failure.headers,
        html: failure.html,
        bytes: failure.bytes,
        body: failure.body ?? { title: "Stand-in failure", detail: "The stand-in was told to fail." },
      };
    }
    const form = new URLSearchParams(type.includes("x-www-form-urlencoded") ? body : "");
    const json = type.includes("json") && body ? (JSON.parse(body) as Record<string, unknown>) : {};
    return (
      mailchimpLogin(method, path, form, auth, query) ??
      mailchimpApi(method, path, query, json, auth) ??
      googleToken(method, path, form, query) ??
      sheetsApi(method, path, json, auth, query) ?? { status: 404, body: { error: "no such stand-in path" } }
    );
  }

  // An idle kept-alive socket closed by the server (after Node's 5 s) while the app's fetch reuses it
  // fails the call before it arrives; on a loaded machine a test's steps can be 5 s apart.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  const env = {
    MAILCHIMP_CLIENT_ID: MC_CLIENT.id,
    MAILCHIMP_CLIENT_SECRET: MC_CLIENT.secret,
    MAILCHIMP_LOGIN_BASE: base,
    GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
    GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
    GOOGLE_AUTH_BASE: `${base}/google-accounts`,
    GOOGLE_TOKEN_BASE: `${base}/google`,
    GOOGLE_SHEETS_BASE: `${base}/sheets`,
  };
  return {
    base,
    state,
    fail,
    /** From now on, requests matching `match` are held open and never answered. */
    hang(match: RegExp) {
      state.hanging.push(match);
    },
    /** The app's provider settings pointing at this stand-in. */
    env,
    /** Points this process's provider settings at this stand-in. */
    configure() {
      Object.assign(process.env, env);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
