// @ts-check
// The HTTP server: security headers, client address, same-origin checks, static files, React Router.
import crypto from "node:crypto";
import path from "node:path";

const isDev = process.env.NODE_ENV === "development";
// Set before React and React Router load: they pick their build by it.
process.env.NODE_ENV ??= "production";

const { createRequestHandler } = await import("@react-router/express");
const { default: compression } = await import("compression");
const { default: express } = await import("express");
const { default: helmet } = await import("helmet");
const { pinoHttp } = await import("pino-http");

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Requests that legitimately come from other sites (Stripe signs its webhooks instead).
const CROSS_SITE_ALLOWED = new Set(["/webhooks/stripe"]);

/** @typedef {import("react-router").ServerBuild & { entry: { module: typeof import("./app/entry.server") } }} Build */

/** @type {import("vite").ViteDevServer | undefined} */
let vite;
/** @type {() => Promise<Build>} */
let loadBuild;
if (isDev) {
  const { createServer } = await import("vite");
  vite = await createServer({ server: { middlewareMode: true } });
  const devServer = vite;
  loadBuild = async () => /** @type {Build} */ (await devServer.ssrLoadModule("virtual:react-router/server-build"));
} else {
  const build = /** @type {Build} */ (await import(path.resolve("build/server/index.js")));
  loadBuild = async () => build;
}

const build = await loadBuild();
const lifecycle = build.entry.module;

/** @type {ReturnType<typeof lifecycle.getEnv>} */
let env;
try {
  env = lifecycle.getEnv();
  await lifecycle.boot();
} catch (error) {
  console.error(`LeadQR could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
await lifecycle.startBackgroundWork?.();

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
  req.headers[lifecycle.CLIENT_IP_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
});

app.use(
  helmet({
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
  }),
);

app.use((req, res, next) => {
  // Every body must declare its length, so the cap below holds while streaming: Node stops
  // reading at Content-Length, and no form or webhook sender needs chunked uploads.
  if (req.headers["transfer-encoding"] !== undefined && req.headers["content-length"] === undefined) {
    res.status(411).type("text/plain").send("Length required.");
    return;
  }
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > lifecycle.maxBodyBytes(req.path)) {
    res.status(413).type("text/plain").send("Request too large.");
    return;
  }
  if (SAFE_METHODS.has(req.method) || CROSS_SITE_ALLOWED.has(req.path)) return next();
  if (!isSameOrigin(req)) {
    res.status(403).type("text/plain").send("Cross-site request refused.");
    return;
  }
  next();
});

/** @param {import("express").Request} req */
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
app.use(/** @type {import("express").ErrorRequestHandler} */ ((error, req, res, _next) => {
  req.log?.error({ err: error }, "request failed");
  if (res.headersSent) return res.end();
  res.status(error?.status && error.status < 500 ? error.status : 500).type("text/plain").send("Something went wrong. Please try again.");
}));

const server = app.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  lifecycle.logger.info(`LeadQR listening on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port} (${env.appOrigin})`);
});
server.requestTimeout = 30_000;
server.headersTimeout = 15_000;

let stopping = false;
/** @param {NodeJS.Signals} signal */
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
