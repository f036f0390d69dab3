// What every part of the HTTP edge shares: the settings, the build, the guard's rules and the
// security headers; the one stamp of a request (client address, nonce, helmet's headers and the
// request id), used by the fast paths and Express alike; what a fast path does around its answer
// (the stamp, the log line); and the failure answer every URL shares (docs/architecture.md
// "The request flow").
// Rules: docs/features/http-edge.md ("The pipeline").
import type { IncomingMessage, ServerResponse } from "node:http";
import express from "express";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { BANNER_MAX_BYTES } from "~/features/blog/blog.schema";
import { LOGO_MAX_BYTES } from "~/features/campaigns/campaigns.schema";
import { FORM_BODY_MAX_BYTES, uploadBodyMaxBytes } from "~/features/uploads/limits";
import { failureStatusOf, failureTextFor } from "./failure";
import type { Env } from "~/utils/env.server";
import { CLIENT_IP_HEADER } from "~/utils/http.server";
import { loggedUrl, logger } from "~/utils/logger.server";
import { randomString } from "~/utils/random-pool.server";
import type { GuardRules, Guarded } from "./guard";
import { createSecurityHeaders, headerBlockOfSecurityHeaders } from "./security-headers";

export type Edge = {
  env: Env;
  mode: "development" | "production";
  /** The React Router build; in development a fresh one per call, so edits show without a restart. */
  loadBuild: () => Promise<ServerBuild>;
  vite: ViteDevServer | undefined;
  rules: GuardRules;
  /** Helmet's headers with a nonce, as a flat `[name, value, …]` list (for `res.writeHead`). */
  securityHeaderBlock: (nonce: string) => string[];
};

/** Body caps the edge enforces, from the routes' own limits. */
export const BODY_LIMITS = {
  form: FORM_BODY_MAX_BYTES,
  upload: uploadBodyMaxBytes(Math.max(LOGO_MAX_BYTES, BANNER_MAX_BYTES)),
};

export function createEdge(env: Env, options: { loadBuild: () => Promise<ServerBuild>; vite?: ViteDevServer }): Edge {
  const mode = options.vite ? "development" : "production";
  // Express compiles TRUST_PROXY (hop count, addresses, subnets) into the function `req.ip` uses.
  const trust = express().set("trust proxy", env.TRUST_PROXY).get("trust proxy fn") as GuardRules["trust"];
  return {
    env,
    mode,
    loadBuild: options.loadBuild,
    vite: options.vite,
    rules: { appOrigin: env.appOrigin, trust, bodyLimits: BODY_LIMITS },
    securityHeaderBlock: headerBlockOfSecurityHeaders(createSecurityHeaders(env, mode === "development")),
  };
}

const NONCE_BYTES = 16;

/** A CSP nonce: 16 bytes from the CSPRNG, cut from a pool. */
export function newNonce() {
  return randomString(NONCE_BYTES, "base64");
}

/** What every answer carries first, whoever writes it: set once per request, here. */
export type RequestStamp = {
  nonce: string;
  /** Helmet's headers and the request id as a flat `[name, value, …]` list, for `res.writeHead`. */
  headerBlock: () => string[];
  /** The same headers set on the response one by one (an answer Express or React Router writes). */
  stamp: (res: ServerResponse) => void;
};

/**
 * The one stamp of a request (docs/architecture.md "The request flow"): the client address the
 * guard decided replaces any client-sent copy (rate limits and sessions key on it), a fresh CSP
 * nonce, and helmet's headers with the request id.
 */
export function stampRequest(edge: Edge, req: IncomingMessage, guarded: Guarded): RequestStamp {
  req.headers[CLIENT_IP_HEADER] = guarded.clientAddress;
  const nonce = newNonce();
  const headerBlock = () => {
    const block = edge.securityHeaderBlock(nonce);
    block.push("X-Request-Id", guarded.requestId);
    return block;
  };
  return {
    nonce,
    headerBlock,
    stamp: (res) => {
      const block = headerBlock();
      for (let index = 0; index < block.length; index += 2) res.setHeader(block[index]!, block[index + 1]!);
    },
  };
}

/**
 * A fast path takes a request: its stamp, and the log line when the answer is finished, unless
 * the request was handed on to Express (which logs its own). `headers: "with the answer"` leaves
 * the stamp's headers unset until `stampHeaders()` or an answer written with `headerBlock()`.
 */
export function takeRequest(edge: Edge, req: IncomingMessage, res: ServerResponse, guarded: Guarded, headers: "now" | "with the answer" = "now") {
  const started = performance.now();
  const requestStamp = stampRequest(edge, req, guarded);
  let stamped = false;
  const stampHeaders = () => {
    if (stamped || res.headersSent) return;
    stamped = true;
    requestStamp.stamp(res);
  };
  if (headers === "now") stampHeaders();
  const line = { id: guarded.requestId, method: req.method, url: loggedUrl(req.url) };
  let handedOn = false;
  if (logger.isLevelEnabled("info")) {
    res.once("finish", () => {
      if (handedOn) return;
      const responseTime = Math.round(performance.now() - started);
      logger.info({ req: line, res: { statusCode: res.statusCode }, responseTime }, "request completed");
    });
  }
  return {
    nonce: requestStamp.nonce,
    line,
    stampHeaders,
    headerBlock: requestStamp.headerBlock,
    handedOn: () => {
      handedOn = true;
    },
    /** Never a stack trace to a user. */
    fail: (error: unknown) => {
      const { status, retryAfter } = failureStatusOf(error);
      if (status === 503) logger.warn({ err: error, req: line }, "request failed: database unavailable");
      else logger.error({ err: error, req: line }, "request failed");
      if (res.headersSent) return void res.end();
      stampHeaders();
      res.statusCode = status;
      if (retryAfter) res.setHeader("Retry-After", retryAfter);
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end(failureTextFor(req.headers));
    },
  };
}
