// @ts-check (typecheck covers this file: its use of the build is checked against app/entry.server.tsx)
// The HTTP server: security headers, client address, same-origin checks, static files, React Router.
// On PostgreSQL it runs one worker process per core (WEB_CONCURRENCY); PGlite stays one process.
import cluster from "node:cluster";
import crypto from "node:crypto";
import http from "node:http";
import os from "node:os";
import path from "node:path";

const isDev = process.env.NODE_ENV === "development";
// Set before React and React Router load: they pick their build by it.
process.env.NODE_ENV ??= "production";

const { createRequestHandler } = await import("@react-router/express");
const { default: compression } = await import("compression");
const { default: express } = await import("express");
const { default: helmet } = await import("helmet");
const { pinoHttp } = await import("pino-http");

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

/** @typedef {import("react-router").ServerBuild} ServerBuild */
/** The app's server entry: what this file calls on the build (checked against app/entry.server.tsx). */
/** @typedef {typeof import("./app/entry.server")} Lifecycle */

/** @type {import("vite").ViteDevServer | undefined} */
let vite;
/** @type {() => Promise<ServerBuild>} */
let loadBuild;
if (isDev) {
  const { createServer } = await import("vite");
  vite = await createServer({ server: { middlewareMode: true } });
  const devServer = vite;
  loadBuild = async () => /** @type {ServerBuild} */ (await devServer.ssrLoadModule("virtual:react-router/server-build"));
} else {
  const build = await import(path.resolve("build/server/index.js"));
  loadBuild = async () => build;
}

const build = await loadBuild();
const lifecycle = /** @type {Lifecycle} */ (/** @type {unknown} */ (build.entry.module));
const { CLIENT_IP_HEADER } = lifecycle;

/** @type {ReturnType<Lifecycle["getEnv"]>} */
let env;
try {
  env = lifecycle.getServerEnv();
} catch (error) {
  console.error(`LeadQR could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

// PGlite cannot be shared between processes (it lives inside one), so it always runs one.
const workerCount = isDev || !env.DATABASE_URL || env.DATABASE_URL === "memory://" ? 1 : (env.WEB_CONCURRENCY ?? os.availableParallelism());
if (workerCount > 1 && cluster.isPrimary) {
  await runPrimary(workerCount);
} else {
  await runServer();
}

/**
 * The primary only supervises: it forks the workers (they share the listening socket), replaces
 * one that crashes after it started, gives up if one cannot start, and passes SIGTERM on.
 */
/** @param {number} count */
async function runPrimary(count) {
  const logger = lifecycle.logger;
  let stopping = false;
  let ready = 0;
  /** Workers that reported listening: one that dies before is a start failure, after is a crash. */
  const started = new WeakSet();
  const fork = () => {
    const worker = cluster.fork();
    worker.once("message", (message) => {
      if (message !== "leadqr:listening") return;
      started.add(worker);
      ready += 1;
      if (ready === count)
        logger.info(`LeadQR listening on port ${env.PORT} with ${count} worker processes; public address ${env.appOrigin} (${env.appUrlReason})`);
    });
    return worker;
  };
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (!started.has(worker)) {
      // A worker that could not start (bad database URL, migrations failing) will not do better
      // on a second try: stop everything and say so, as a single process would.
      logger.error({ code, signal }, "a worker could not start; stopping");
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      setTimeout(() => process.exit(1), 2_000).unref();
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      process.exitCode = 1;
      return;
    }
    logger.error({ code, signal }, "a worker stopped unexpectedly; starting another");
    fork();
  });
  /** @param {NodeJS.Signals} signal */
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down workers");
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    // Each worker stops within 2 s on its own; this is the backstop.
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(0);
    }, 2_500).unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  for (let i = 0; i < count; i++) fork();
}

async function runServer() {
  try {
    await lifecycle.boot();
  } catch (error) {
    console.error(`LeadQR could not start: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  await lifecycle.startBackgroundWork?.();
  await lifecycle.startUploadCleanup?.();
  await lifecycle.startWebhookWorker?.();

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger: lifecycle.logger,
      genReqId: (req, res) => {
        const id = crypto.randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url.startsWith("/assets/") },
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  app.use((req, res, next) => {
    // Rate limits and sessions key on this; a client-sent copy is discarded.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    // A capture visitor's id that comes back (with the page's assets or the form post): its
    // browser keeps cookies, for the analytics' "how exact unique is" (decision 312). In memory.
    lifecycle.noteVisitorCookie(req.headers.cookie);
    next();
  });

  const securityHeaders = helmet({
    contentSecurityPolicy: isDev
      ? false
      : {
          useDefaults: true,
          directives: {
            scriptSrc: ["'self'", (req, res) => `'nonce-${/** @type {import("express").Response} */ (res).locals.cspNonce}'`],
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
  app.use(securityHeaders);

  // Signed-in responses are personal: Cache-Control "private, no-store" on each of them.
  app.use(lifecycle.privateCacheMiddleware);

  // --- owners' own domains (decision 391): seam `routeByHost`, the one rule is decideForHost ---
  app.use((req, res, next) => {
    lifecycle.decideRequestHost({ host: req.headers.host, method: req.method, path: req.path }).then((decision) => {
      if (decision.kind === "redirect") return res.redirect(302, decision.location);
      if (decision.kind === "not-found") return res.status(404).type("text/plain").send("Not found.");
      next();
    }, next);
  });
  // --- end of owners' own domains ---

  app.use((req, res, next) => {
    // Every body must declare its length, so the cap below holds while streaming: Node stops
    // reading at Content-Length, and no form or webhook sender needs chunked uploads.
    if (req.headers["transfer-encoding"] !== undefined && req.headers["content-length"] === undefined) {
      res.status(411).type("text/plain").send("Length required.");
      return;
    }
    const declared = Number(req.headers["content-length"] ?? 0);
    const limit = UPLOAD_PATHS.test(req.path) ? lifecycle.BODY_LIMITS.upload : lifecycle.BODY_LIMITS.form;
    if (declared > limit) {
      res.status(413).type("text/plain").send("Request too large.");
      return;
    }
    if (SAFE_METHODS.has(req.method) || CROSS_SITE_ALLOWED.has(req.path) || isBearerApiRequest(req)) return next();
    if (!isSameOrigin(req)) {
      res.status(403).type("text/plain").send("Cross-site request refused.");
      return;
    }
    next();
  });

  /**
   * A visitor's capture page without Express (decision 096): the same client address rule, the
   * same security headers (helmet's, computed once with a marker where the nonce goes), a request
   * id and the request log line. Anything else (a session cookie, an unknown campaign, a surprise)
   * goes on to Express untouched.
   */
  async function createCaptureFastPath() {
    const { createRequestHandler: createFetchHandler } = await import("react-router");
    const { default: proxyAddr } = await import("proxy-addr");
    const renderDocument = createFetchHandler(build, "production");
    /** @type {import("./app/features/capture/capture-document.server").RenderCapture} */
    const render = async (path, view, nonce) => {
      const request = new Request(`${env.appOrigin}${path}`, { headers: { "user-agent": "LeadQR template renderer" } });
      const response = await renderDocument(request, { cspNonce: nonce, captureView: view });
      if (response.status !== 200) throw new Error(`capture template rendered ${response.status}`);
      return response.text();
    };
    const NONCE_MARK = "leadqr-nonce-mark";
    const headers = new Map();
    // A recording response: helmet only sets and removes headers.
    const recorder = {
      locals: { cspNonce: NONCE_MARK },
      /** @param {string} name @param {unknown} value */
      setHeader: (name, value) => headers.set(name, value),
      /** @param {string} name */
      removeHeader: (name) => headers.delete(name),
    };
    securityHeaders(
      /** @type {import("node:http").IncomingMessage} */ (/** @type {unknown} */ ({ headers: {}, method: "GET", url: "/" })),
      /** @type {import("node:http").ServerResponse} */ (/** @type {unknown} */ (recorder)),
      () => {},
    );
    const withNonce = [...headers].map(([name, value]) => [name, String(value).split(NONCE_MARK)]);
    const trust = app.get("trust proxy fn");
    const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
    const SHORT_CODE = "[0-9a-z]{1,8}";
    const CAPTURE_PATH = new RegExp(`^/capture/(${UUID})(?:\\?|$)`, "i");
    // A printed code's short link (decision 280): the same page, the same path through here.
    const SHORT_PATH = new RegExp(`^/q/(${SHORT_CODE})(?:\\?|$)`, "i");

    /**
     * @param {import("node:http").IncomingMessage} req
     * @param {import("node:http").ServerResponse} res
     * @returns {boolean} whether the request was taken
     */
    function serve(req, res) {
      // Owners' own domains (decision 391): a host that may be one takes Express, where decideForHost runs.
      if (!lifecycle.isPlainRequestHost(req.headers.host)) return false;
      if (req.method === "POST") return serveLeadPost(req, res);
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      const match = CAPTURE_PATH.exec(req.url ?? "");
      const short = match ? null : SHORT_PATH.exec(req.url ?? "");
      // Signed-in viewers (owner exclusion, private caching) and requests with a body take the full path.
      if ((!match && !short) || lifecycle.hasSessionCookie(req.headers.cookie)) return false;
      if (req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0) return false;
      const started = performance.now();
      const nonce = crypto.randomBytes(16).toString("base64");
      req.headers[CLIENT_IP_HEADER] = proxyAddr(req, trust);
      for (const [name, parts] of withNonce) res.setHeader(name, parts.length === 1 ? parts[0] : parts.join(nonce));
      const id = crypto.randomUUID();
      res.setHeader("X-Request-Id", id);
      let handedOn = false;
      if (lifecycle.logger.isLevelEnabled("info")) {
        res.once("finish", () => {
          if (handedOn) return;
          const responseTime = Math.round(performance.now() - started);
          lifecycle.logger.info(
            { req: { id, method: req.method, url: req.url }, res: { statusCode: res.statusCode }, responseTime },
            "request completed",
          );
        });
      }
      lifecycle
        .serveCaptureDocument(req, res, {
          ...(match ? { campaignId: match[1] } : { shortCode: /** @type {RegExpExecArray} */ (short)[1] }),
          nonce,
          render,
          next: () => {
            handedOn = true;
            app(req, res);
          },
        })
        .catch((error) => {
          lifecycle.logger.error({ err: error, req: { id, method: req.method, url: req.url } }, "request failed");
          if (res.headersSent) return res.end();
          res.statusCode = 500;
          res.setHeader("Content-Type", "text/plain; charset=utf-8");
          res.end("Something went wrong. Please try again.");
        });
      return true;
    }

    // A visitor's lead: the form script's JSON post (`/capture/{id}/lead`, `/q/{code}/lead`,
    // decision 323) and React Router's own fetcher post (`/capture/{id}.data`, decision 322).
    const LEAD_JSON_PATH = new RegExp(`^/(?:capture/(${UUID})|q/(${SHORT_CODE}))/lead(?:\\?|$)`, "i");
    const LEAD_DATA_PATH = new RegExp(`^/capture/${UUID}\\.data(?:\\?|$)`, "i");
    const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;

    /**
     * A visitor's lead post without Express: the checks Express would make for it (length
     * declared and within the form limit, same origin, client address), the same headers, a
     * request id and log line; then the lead's own answer, or React Router's handler for `.data`.
     * Anything else (a session, another encoding) goes to Express.
     * @param {import("node:http").IncomingMessage} req
     * @param {import("node:http").ServerResponse} res
     */
    function serveLeadPost(req, res) {
      const url = req.url ?? "";
      const json = LEAD_JSON_PATH.exec(url);
      if (!json && !LEAD_DATA_PATH.test(url)) return false;
      if (lifecycle.hasSessionCookie(req.headers.cookie)) return false;
      if (json && !FORM_TYPE.test(req.headers["content-type"] ?? "")) return false;
      const declared = Number(req.headers["content-length"]);
      if (req.headers["transfer-encoding"] !== undefined || !Number.isInteger(declared) || declared > lifecycle.BODY_LIMITS.form) return false;
      if (!isSameOrigin(req)) return false;
      const started = performance.now();
      const nonce = crypto.randomBytes(16).toString("base64");
      const clientAddress = proxyAddr(req, trust);
      req.headers[CLIENT_IP_HEADER] = clientAddress;
      lifecycle.noteVisitorCookie(req.headers.cookie);
      for (const [name, parts] of withNonce) res.setHeader(name, parts.length === 1 ? parts[0] : parts.join(nonce));
      const id = crypto.randomUUID();
      res.setHeader("X-Request-Id", id);
      const fail = (/** @type {unknown} */ error) => {
        lifecycle.logger.error({ err: error, req: { id, method: req.method, url } }, "request failed");
        if (res.headersSent) return res.end();
        res.statusCode = 500;
        res.setHeader("Content-Type", "text/plain; charset=utf-8");
        res.end("Something went wrong. Please try again.");
      };
      /** @param {number} status @param {Buffer} body */
      const send = (status, body) => {
        res.statusCode = status;
        res.setHeader("Content-Length", body.length);
        res.end(body);
        if (lifecycle.logger.isLevelEnabled("info")) {
          const responseTime = Math.round(performance.now() - started);
          lifecycle.logger.info({ req: { id, method: req.method, url }, res: { statusCode: status }, responseTime }, "request completed");
        }
      };
      /** @type {Buffer[]} */
      const chunks = [];
      req.on("data", (chunk) => chunks.push(chunk));
      // The client hung up before its body arrived: its doing, nothing to answer and no stack to keep.
      req.on("error", (error) => {
        const code = /** @type {NodeJS.ErrnoException} */ (error).code;
        lifecycle.logger.warn({ req: { id, method: req.method, url }, code }, "client closed the request before its body arrived");
      });
      req.on("end", () => {
        const body = Buffer.concat(chunks);
        if (json) {
          lifecycle
            .answerEncodedLeadPost({
              params: json[1] ? { campaignId: json[1] } : { code: /** @type {string} */ (json[2]) },
              body: body.toString("utf8"),
              clientAddress,
              userAgent: req.headers["user-agent"] ?? null,
              cookie: req.headers.cookie ?? null,
            })
            .then((answer) => {
              res.setHeader("Content-Type", "application/json; charset=utf-8");
              res.setHeader("Cache-Control", "no-store");
              for (const [name, value] of Object.entries(answer.headers ?? {})) res.setHeader(name, value);
              send(answer.status, Buffer.from(JSON.stringify(answer.body)));
            })
            .catch(fail);
          return;
        }
        // From the parsed headers, where the client address was just replaced (a sent copy is discarded).
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
        }
        const request = new Request(`${env.appOrigin}${url}`, { method: "POST", headers, body });
        renderDocument(request, { cspNonce: nonce })
          .then(async (response) => {
            const answer = Buffer.from(await response.arrayBuffer());
            response.headers.forEach((value, name) => {
              if (name !== "set-cookie") res.setHeader(name, value);
            });
            const cookies = response.headers.getSetCookie();
            if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
            send(response.status, answer);
          })
          .catch(fail);
      });
      return true;
    }
    return { serve, render };
  }

  // The public API authenticates by API key only and never reads cookies, so a cross-site request
  // carrying a Bearer key cannot ride on a signed-in browser session.
  /** @param {import("express").Request} req */
  function isBearerApiRequest(req) {
    return req.path.startsWith("/api/v1/") && /^Bearer \S+$/.test(req.headers.authorization ?? "");
  }

  /** @param {{ headers: import("node:http").IncomingHttpHeaders }} req */
  function isSameOrigin(req) {
    if (req.headers["sec-fetch-site"] === "cross-site") return false;
    const origin = req.headers.origin;
    // Browsers send Origin with every cross-origin POST; its absence means a non-browser client.
    if (!origin) return true;
    if (origin === "null") return false;
    try {
      const host = new URL(origin).host;
      return host === req.headers.host || origin === env.appOrigin;
    } catch {
      return false;
    }
  }

  app.use((req, res, next) => {
    const isApi = req.path === "/api/v1" || req.path.startsWith("/api/v1/");
    const served = isApi ? API_METHODS : SERVED_METHODS;
    if (served.includes(req.method)) return next();
    if (!isApi) return res.status(405).set("Allow", served.join(", ")).type("text/plain").send("Method not allowed.");
    // API clients read problem+json, whatever the method.
    lifecycle.answerUnservedApiMethod(req.path).then((answer) => res.status(answer.status).set(answer.headers).send(answer.body), next);
  });

  // The capture page's own path: a cached, pre-compressed document per campaign (decision 092),
  // answered before Express for visitors without a session (decision 096).
  const captureFastPath = isDev ? null : await createCaptureFastPath();
  if (captureFastPath) {
    app.get("/capture/:campaignId", (req, res, next) => {
      lifecycle
        .serveCaptureDocument(req, res, {
          campaignId: req.params.campaignId,
          nonce: res.locals.cspNonce,
          render: captureFastPath.render,
          next: () => next(),
        })
        .catch(next);
    });
    app.get("/q/:code", (req, res, next) => {
      lifecycle
        .serveCaptureDocument(req, res, {
          shortCode: req.params.code,
          nonce: res.locals.cspNonce,
          render: captureFastPath.render,
          next: () => next(),
        })
        .catch(next);
    });
  }

  app.use(compression());

  if (vite) {
    app.use(vite.middlewares);
  } else {
    app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static("build/client", { maxAge: "1h", index: false }));
  }

  app.all(
    /.*/,
    createRequestHandler({
      build: isDev ? loadBuild : build,
      mode: isDev ? "development" : "production",
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce }),
    }),
  );

  // Never a stack trace to a user.
  app.use(
    /** @type {import("express").ErrorRequestHandler} */ (error, req, res, _next) => {
      // A refusal Express or its router decided (a path that is not valid percent-encoding is 400)
      // is the client's doing: no stack. Anything else is ours.
      if (error?.status >= 400 && error.status < 500) req.log?.info({ status: error.status, reason: error.message }, "request refused");
      else req.log?.error({ err: error }, "request failed");
      if (res.headersSent) return res.end();
      res
        .status(error?.status && error.status < 500 ? error.status : 500)
        .type("text/plain")
        .send("Something went wrong. Please try again.");
    },
  );

  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? "/").split("?", 1)[0] ?? "/";
    res.once("finish", () => lifecycle.countRequest(req.method ?? "GET", pathname, res.statusCode));
    // Operators' metrics (decision 302): answered before everything else, without a session.
    if (pathname === "/metrics" && (req.method === "GET" || req.method === "HEAD")) {
      lifecycle
        .answerMetrics(req.headers.authorization)
        .then((answer) => {
          res.writeHead(answer.status, answer.headers);
          res.end(req.method === "HEAD" ? undefined : answer.body);
        })
        .catch((error) => {
          lifecycle.logger.error({ err: error }, "metrics failed");
          res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8" });
          res.end("Metrics unavailable.");
        });
      return;
    }
    if (!captureFastPath?.serve(req, res)) app(req, res);
  });
  server.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    if (cluster.isWorker) process.send?.("leadqr:listening");
    else
      lifecycle.logger.info(
        `LeadQR listening on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}; public address ${env.appOrigin} (${env.appUrlReason})`,
      );
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 15_000;

  let stopping = false;
  /** @param {string} signal */
  async function shutdown(signal) {
    if (stopping) return;
    stopping = true;
    lifecycle.logger.info({ signal }, "shutting down");
    const hardStop = setTimeout(() => process.exit(1), 1_800);
    hardStop.unref();
    server.close();
    setTimeout(() => server.closeAllConnections(), 500).unref();
    server.closeIdleConnections();
    await vite?.close();
    await lifecycle.shutdown().catch((error) => lifecycle.logger.error({ err: error }, "shutdown failed"));
    process.exit(0);
  }
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  // A worker whose primary is gone (even by SIGKILL) stops too, instead of serving on alone.
  if (cluster.isWorker) process.on("disconnect", () => shutdown("disconnect"));
}
