// A visitor's capture page (`/capture/{id}`, and a printed code's short link `/q/{code}`,
// "Short links") answered before Express: a cached, pre-compressed document per
// campaign. This is the one answerer of those URLs, signed-in viewers included
// (docs/architecture.md "The request flow"); what it does not answer (a body, an unknown campaign
// or code, a refusal of the guard) goes on to Express untouched, and React Router's route answers.
// Rules: docs/features/http-edge.md ("Fast paths", "Caching of signed-in answers");
//   docs/features/campaigns-and-print.md ("Short links"); docs/features/capture-and-leads.md ("One cached document per
//   campaign", "Two ways in for a lead", "Unlimited campaigns: group commit, no hot row").
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler } from "react-router";
import { captureDocument, type CaptureAnswer, type CaptureRequest, type RenderCapture } from "~/features/capture/capture-document.server";
import type { RenderPosted } from "~/features/capture/thank-you-document.server";
import { privateCacheControl } from "~/utils/private-cache.server";
import { takeRequest, type Edge } from "./edge";
import { guardRequest } from "./guard";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const SHORT_CODE = "[0-9a-z]{1,8}";
const CAPTURE_PATH = new RegExp(`^/capture/(${UUID})(?:\\?|$)`, "i");
const SHORT_PATH = new RegExp(`^/q/(${SHORT_CODE})(?:\\?|$)`, "i");
/** The script's post and the short link's: `/capture/{id}/lead`, `/q/{code}/lead`. */
export const LEAD_POST_PATH = new RegExp(`^/(?:capture/(${UUID})|q/(${SHORT_CODE}))/lead(?:\\?|$)`, "i");
/** The form's own post, without JavaScript: to the page's address. */
export const FORM_POST_PATH = new RegExp(`^/(?:capture/(${UUID})|q/(${SHORT_CODE}))(?:\\?|$)`, "i");

/** The capture page's template, rendered by React Router once per campaign and view. */
export function createCaptureRenderer(edge: Edge): RenderCapture {
  const renderDocument = createRequestHandler(edge.loadBuild, edge.mode);
  return async (path, view, nonce) => {
    const request = new Request(`${edge.env.appOrigin}${path}`, { headers: { "user-agent": "LeadQR template renderer" } });
    const response = await renderDocument(request, { cspNonce: nonce, captureView: view });
    if (response.status !== 200) throw new Error(`capture template rendered ${response.status}`);
    return response.text();
  };
}

/**
 * The page after a form post the edge answered: React Router's document for a POST
 * whose action returns the given answer (and whose loader shows the given view, when one is given).
 */
export function createPostedRenderer(edge: Edge): RenderPosted {
  const renderDocument = createRequestHandler(edge.loadBuild, edge.mode);
  return (path, request, context) => {
    const headers = new Headers(request.headers);
    headers.set("content-type", "application/x-www-form-urlencoded");
    const posted = new Request(`${edge.env.appOrigin}${path}`, { method: "POST", headers, body: "" });
    return renderDocument(posted, { cspNonce: request.nonce, ...context });
  };
}

/** Which capture page a GET or HEAD asks for, if it is one the fast path may answer. */
function captureTargetOf(req: IncomingMessage) {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const url = req.url ?? "";
  const page = CAPTURE_PATH.exec(url);
  const short = page ? null : SHORT_PATH.exec(url);
  if (!page && !short) return null;
  // A request with a body takes the full path.
  if (req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0) return null;
  return page ? { campaignId: page[1]! } : { shortCode: short![1]! };
}

/**
 * Answers a capture page's GET or HEAD: the document, or the overload page, written with the
 * edge's headers first; `handOn` for what React Router answers instead.
 */
export async function answerCapturePage(
  req: IncomingMessage,
  res: ServerResponse,
  request: Omit<CaptureRequest, "method" | "url" | "headers"> & { headerBlock: () => string[]; handOn: () => void },
) {
  const answer = await captureDocument({ ...request, method: req.method ?? "GET", url: req.url ?? "/", headers: req.headers });
  if (answer.kind === "elsewhere") return request.handOn();
  const headers = request.headerBlock();
  if (answer.kind === "busy") {
    headers.push("Retry-After", "3", "Cache-Control", "no-store", "Content-Type", "text/html; charset=utf-8", "Vary", "Accept-Language");
    return void res.writeHead(503, headers).end(answer.html);
  }
  res.writeHead(200, pageHeaders(req, answer, headers));
  res.end(req.method === "HEAD" ? undefined : answer.body);
}

/** The page's own headers after the edge's, in the order setting them one at a time would give. */
function pageHeaders(req: IncomingMessage, page: Extract<CaptureAnswer, { kind: "page" }>, headers: Array<string | string[]>) {
  // A signed-in viewer's page is personal: never kept by a cache.
  const cacheControl = privateCacheControl({ requestCookie: req.headers.cookie, setCookies: page.cookies, declared: undefined }) ?? "no-store";
  headers.push("Content-Type", "text/html; charset=utf-8", "Cache-Control", cacheControl, "Vary", "Accept-Encoding, Accept-Language");
  if (page.cookies.length > 0) headers.push("Set-Cookie", page.cookies);
  if (page.gzip) headers.push("Content-Encoding", "gzip");
  headers.push("Content-Length", String(page.body.length));
  return headers;
}

/**
 * @param handOn Express, for whatever this path does not answer.
 * @returns `serveCapturePage(req, res)`: whether it took the request.
 */
export function createServeCapturePage(edge: Edge, render: RenderCapture, handOn: (req: IncomingMessage, res: ServerResponse) => void) {
  return function serveCapturePage(req: IncomingMessage, res: ServerResponse): boolean {
    const target = captureTargetOf(req);
    if (!target) return false;
    const guarded = guardRequest(req, edge.rules);
    if (guarded.refusal) return false;
    // The page's 200 writes the edge's headers with its own in one block.
    const taken = takeRequest(edge, req, res, guarded, "with the answer");
    const toExpress = () => {
      taken.handedOn();
      handOn(req, res);
    };
    answerCapturePage(req, res, { target, nonce: taken.nonce, render, headerBlock: taken.headerBlock, handOn: toExpress }).catch(taken.fail);
    return true;
  };
}
