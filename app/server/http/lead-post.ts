// A visitor's lead, answered before Express: as the capture form's script posts it,
// answered in JSON, and as the form posts itself without JavaScript, answered with the page
//. The guard's checks, the same headers, a request id and log line, then
// `answerEncodedLeadPost`, the one answer for both. Anything else (a session, another encoding,
// a length not declared, a refusal) goes on to Express.
// Rules: docs/features/capture-and-leads.md ("Two ways in for a lead").
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerEncodedLeadPost, type LeadPostAnswer } from "~/features/capture/lead-post.server";
import { noteVisitorCookie } from "~/features/scans/visitor-id-returns.server";
import { logger } from "~/utils/logger.server";
import { hasSessionCookie } from "~/utils/private-cache.server";
import { postedDocument, type PostedDocument, type RenderPosted } from "~/features/capture/thank-you-document.server";
import { FORM_POST_PATH, LEAD_POST_PATH } from "./capture-page";
import { takeRequest, type Edge } from "./edge";
import { guardRequest } from "./guard";

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

/** The lead post's target, if the fast path may answer it; `page`: the form's own post, answered with the page. */
function leadTargetOf(req: IncomingMessage) {
  if (req.method !== "POST") return null;
  const url = req.url ?? "";
  const script = LEAD_POST_PATH.exec(url);
  const match = script ?? FORM_POST_PATH.exec(url);
  if (!match || hasSessionCookie(req.headers.cookie)) return null;
  if (!FORM_TYPE.test(req.headers["content-type"] ?? "")) return null;
  // The body is read whole here: only with its length declared (the guard caps it).
  if (!Number.isInteger(Number(req.headers["content-length"])) || req.headers["transfer-encoding"] !== undefined) return null;
  return { params: match[1] ? { campaignId: match[1] } : { code: match[2]! }, page: !script };
}

function sendAnswer(res: ServerResponse, answer: LeadPostAnswer) {
  const body = Buffer.from(JSON.stringify(answer.body));
  res.statusCode = answer.status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

function sendPage(res: ServerResponse, page: PostedDocument) {
  res.statusCode = page.status;
  const headers = new Map<string, string[]>();
  for (const [name, value] of page.headers) headers.set(name, [...(headers.get(name) ?? []), value]);
  for (const [name, values] of headers) res.setHeader(name, values.length === 1 ? values[0]! : values);
  // As Express's compression answers a page.
  res.setHeader("Vary", "Accept-Encoding");
  if (page.gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", page.body.length);
  res.end(page.body);
}

export function createServeLeadPost(edge: Edge, render: RenderPosted) {
  return function serveLeadPost(req: IncomingMessage, res: ServerResponse): boolean {
    const target = leadTargetOf(req);
    if (!target) return false;
    const { params } = target;
    const guarded = guardRequest(req, edge.rules);
    if (guarded.refusal) return false;
    const taken = takeRequest(edge, req, res, guarded);
    noteVisitorCookie(req.headers.cookie);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    // The client hung up before its body arrived: its doing, nothing to answer and no stack to keep.
    req.on("error", (error: NodeJS.ErrnoException) => {
      logger.warn({ req: taken.line, code: error.code }, "client closed the request before its body arrived");
    });
    req.on("end", () => {
      answerEncodedLeadPost({
        params,
        body: Buffer.concat(chunks).toString("utf8"),
        clientAddress: guarded.clientAddress,
        userAgent: req.headers["user-agent"] ?? null,
        cookie: req.headers.cookie ?? null,
      })
        .then(async (answer) => {
          if (!target.page) return sendAnswer(res, answer);
          sendPage(res, await postedDocument({ url: req.url ?? "/", headers: req.headers }, { params, answer, nonce: taken.nonce, render }));
        })
        .catch(taken.fail);
    });
    return true;
  };
}
