// The security headers every answer carries (helmet's): computed once with a marker where the
// nonce goes, then stamped with each request's nonce by the request's stamp (edge.ts).
// Rules: docs/features/capture-and-leads.md ("Unlimited campaigns: group commit, no hot row").
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Response } from "express";
import helmet from "helmet";
import type { Env } from "~/utils/env.server";

export type SecurityHeaders = ReturnType<typeof helmet>;

export function createSecurityHeaders(env: Env, development: boolean): SecurityHeaders {
  return helmet({
    contentSecurityPolicy: development
      ? false
      : {
          useDefaults: true,
          directives: {
            scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
            styleSrc: ["'self'", "'unsafe-inline'"],
            // Uploads may live on S3-compatible storage served over plain http (e.g. a local MinIO).
            imgSrc: ["'self'", "data:", "blob:", "https:", ...(env.S3_PUBLIC_URL ? [new URL(env.S3_PUBLIC_URL).origin] : [])],
            connectSrc: ["'self'"],
            frameAncestors: ["'none'"],
            // Checkout and the billing portal are reached by redirects after a form post.
            formAction: null,
            upgradeInsecureRequests: null,
          },
        },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: env.appUrl.protocol === "https:",
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}

const NONCE_MARK = "leadqr-nonce-mark";

/**
 * Helmet's headers with a nonce as a flat `[name, value, …]` list in helmet's order, for
 * `res.writeHead`: computed once with a marker where the nonce goes.
 */
export function headerBlockOfSecurityHeaders(securityHeaders: SecurityHeaders) {
  const headers = new Map<string, unknown>();
  // A recording response: helmet only sets and removes headers.
  const recorder = {
    locals: { cspNonce: NONCE_MARK },
    setHeader: (name: string, value: unknown) => headers.set(name, value),
    removeHeader: (name: string) => headers.delete(name),
  };
  const request = { headers: {}, method: "GET", url: "/" };
  securityHeaders(request as unknown as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  const block = [...headers].flatMap(([name, value]) => [name, String(value)]);
  const withNonce = block.flatMap((value, index) =>
    index % 2 === 1 && value.includes(NONCE_MARK) ? [[index, value.split(NONCE_MARK)] as const] : [],
  );
  return (nonce: string): string[] => {
    const headers = block.slice();
    for (const [index, parts] of withNonce) headers[index] = parts.join(nonce);
    return headers;
  };
}
