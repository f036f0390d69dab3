// A visitor's lead as the capture form's script posts it (decision 323), answered before Express:
// the guard's checks, the same headers, a request id and log line, then `answerEncodedLeadPost`,
// the one answer the capture route's own form post also gives (decision 323). Anything else (a
// session, another encoding, a length not declared, a refusal) goes on to Express.
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerEncodedLeadPost, type LeadPostAnswer } from "~/features/capture/lead-post.server";
import { noteVisitorCookie } from "~/features/scans/visitors.server";
import { logger } from "~/utils/logger.server";
import { hasSessionCookie } from "~/utils/private-cache.server";
import { LEAD_POST_PATH } from "./capture-page";
import { takeRequest, type Edge } from "./edge";
import { guardRequest } from "./guard";

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

/** The lead post's target, if the fast path may answer it. */
function leadTargetOf(req: IncomingMessage) {
  if (req.method !== "POST") return null;
  const match = LEAD_POST_PATH.exec(req.url ?? "");
  if (!match || hasSessionCookie(req.headers.cookie)) return null;
  if (!FORM_TYPE.test(req.headers["content-type"] ?? "")) return null;
  // The body is read whole here: only with its length declared (the guard caps it).
  if (!Number.isInteger(Number(req.headers["content-length"])) || req.headers["transfer-encoding"] !== undefined) return null;
  return match[1] ? { campaignId: match[1] } : { code: match[2]! };
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

export function createServeLeadPost(edge: Edge) {
  return function serveLeadPost(req: IncomingMessage, res: ServerResponse): boolean {
    const params = leadTargetOf(req);
    if (!params) return false;
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
        .then((answer) => sendAnswer(res, answer))
        .catch(taken.fail);
    });
    return true;
  };
}
