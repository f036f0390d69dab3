// Rules: docs/features/tests.md ("The PGlite dump"); docs/features/http-edge.md ("Trust proxy and the client address",
//   "The public address"); docs/features/capture-and-leads.md ("Visitor ids", "Overload answers fast");
//   docs/features/crowds.md ("What one network adds to the counts"); docs/decisions/302-metrics-with-prom-client.md;
//   docs/features/domains.md ("White label", "Verified by TXT and CNAME", "What a name serves");
//   docs/features/emails.md ("Sending at the provider's rate"); docs/features/lead-sync.md ("The sync outbox").
import path from "node:path";
import proxyAddr from "proxy-addr";
import { z } from "zod";
import { publicAddressVerdict } from "./public-address";

/** Values people paste from examples; they count as unset. */
const PLACEHOLDER = /^(your[-_].*|.*your[-_]?(key|secret|project).*|sk_(test|live)_x+|pk_(test|live)_x+|x{3,}|changeme|placeholder|todo|<.*>)$/i;

const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value && !PLACEHOLDER.test(value) ? value : undefined));

const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const url = (name: string) =>
  optional.refine((value) => value === undefined || URL.canParse(value), {
    message: `${name} must be a URL`,
  });

const TRUST_PROXY_FORMS =
  "the number of proxies in front (1 for one nginx or load balancer), loopback, or a comma-separated list of the proxies' addresses and CIDRs (e.g. 10.0.0.0/8,fd00::/8)";

/**
 * What `TRUST_PROXY` trusts, in the form Express's `trust proxy` takes: false (no proxy: the
 * socket's address), a hop count, or addresses/CIDRs/names (`loopback`, `linklocal`,
 * `uniquelocal`). The client is then the right-most X-Forwarded-For entry that is not trusted,
 * never the left-most (the client writes that one). `true` trusted every hop, which let any client
 * name its own address, and is refused.
 */
export function parseTrustProxy(raw: string): false | number | string[] | { problem: string } {
  const value = raw.trim().toLowerCase();
  if (value === "" || value === "false" || value === "0") return false;
  if (value === "true") return { problem: `"true" would trust every hop, so a client could choose its own address; set ${TRUST_PROXY_FORMS}` };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 16 ? hops : { problem: `at most 16 hops; set ${TRUST_PROXY_FORMS}` };
  }
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(entries);
  } catch (error) {
    return { problem: `${error instanceof Error ? error.message : String(error)}; set ${TRUST_PROXY_FORMS}` };
  }
  return entries;
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  APP_URL: url("APP_URL"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional,
  /**
   * A streaming replica of DATABASE_URL (a hot standby): dashboards, analytics, CSV exports and
   * API reads go there while it is at most 30 s behind (docs/operations.md, "Read replica").
   */
  DATABASE_REPLICA_URL: url("DATABASE_REPLICA_URL"),
  /** With `DATABASE_URL=memory://`: a PGlite data-dir dump the database starts from (tests). */
  PGLITE_DUMP: optional,
  BETTER_AUTH_SECRET: optional.refine((v) => v === undefined || v.length >= 32, {
    message: "BETTER_AUTH_SECRET must be at least 32 characters",
  }),
  ADMIN_EMAILS: z.string().default(""),
  /** Which proxies in front may name the client: see `parseTrustProxy`. */
  TRUST_PROXY: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === "object" && "problem" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.problem });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Scales every rate-limit budget; test environments that sign up many accounts from one address raise it. */
  RATE_LIMIT_MULTIPLIER: z.coerce.number().min(1).max(10_000).default(1),
  /**
   * How a capture-page visitor is recognised: "cookie" (a first-party random id) or
   * "hash" (no cookie: a daily-salted hash of address and agent, undercounting shared Wi-Fi).
   */
  VISITOR_ID: z.preprocess(emptyToUndefined, z.enum(["cookie", "hash"]).default("cookie")),
  /**
   * Distinct visitors one client (an IPv4 address or an IPv6 /64) may add to counting per 10
   * minutes, whatever its ids do; the rest of its new visitors are excluded as a burst.
   */
  CAPTURE_BURST_LOADS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(30)),
  /** Months of raw scans kept before the current one; older months' partitions are dropped whole (counting.md, "Partitions and retention"). */
  SCAN_RETENTION_MONTHS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: "SCAN_RETENTION_MONTHS must be a whole number of months" })
      .int("SCAN_RETENTION_MONTHS must be a whole number of months")
      .min(1, "SCAN_RETENTION_MONTHS must be at least 1")
      .max(1200, "SCAN_RETENTION_MONTHS must be at most 1200")
      .default(13),
  ),
  /** Development and tests only: lets webhooks reach http:// and private or loopback addresses. */
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Bearer token for GET /metrics; unset, /metrics answers 404. */
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional()),
  /** Server processes on PostgreSQL (one per core when unset); PGlite always runs one. */
  WEB_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).optional()),
  /** Connections per process reserved for recording scans. */
  CAPTURE_POOL_SIZE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(8)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PRICE_ID: optional,
  STRIPE_API_BASE: url("STRIPE_API_BASE"),
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: url("OPENAI_BASE_URL"),
  AI_MODEL: z.string().default("gpt-3.5-turbo"),
  SMTP_URL: url("SMTP_URL"),
  RESEND_API_KEY: optional,
  EMAIL_FROM: z.string().default("LeadQR <hello@leadqr.local>"),
  /** The address visitor mail is sent from (its name is the business's); unset: EMAIL_FROM's. */
  VISITOR_EMAIL_FROM: optional,
  /** Emails per second all processes together may hand to the provider; 0: no cap. */
  EMAIL_RATE_PER_SECOND: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(10_000).default(10)),
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ENDPOINT: url("S3_ENDPOINT"),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_PUBLIC_URL: url("S3_PUBLIC_URL"),
  /** Lead sync: each provider's OAuth client; unset, its Connect button says so. */
  MAILCHIMP_CLIENT_ID: optional,
  MAILCHIMP_CLIENT_SECRET: optional,
  /** Authorize, token and metadata; the API address comes from the metadata answer. */
  MAILCHIMP_LOGIN_BASE: url("MAILCHIMP_LOGIN_BASE"),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_AUTH_BASE: url("GOOGLE_AUTH_BASE"),
  /** Token and revoke. */
  GOOGLE_TOKEN_BASE: url("GOOGLE_TOKEN_BASE"),
  GOOGLE_SHEETS_BASE: url("GOOGLE_SHEETS_BASE"),
  /** Lead alerts on Telegram (docs/features/alerts.md): the bot's token from @BotFather; unset, the Telegram section says so. */
  TELEGRAM_BOT_TOKEN: optional,
  /** A Bot API-compatible server (tests); default https://api.telegram.org. */
  TELEGRAM_API_BASE: url("TELEGRAM_API_BASE"),
  /**
   * Lead alerts by Web Push (docs/features/alerts.md, "This phone or browser"): the VAPID key pair,
   * base64url as `web-push generate-vapid-keys` prints it; unset, one pair is made and stored sealed.
   */
  VAPID_PUBLIC_KEY: optional,
  VAPID_PRIVATE_KEY: optional,
  /** Who push services may contact about our pushes: a mailto: or https: URL; default the https APP_URL, else EMAIL_FROM's address. */
  VAPID_SUBJECT: optional,
  /** The DNS server custom domains are checked with, `host:port`; unset: the system's. */
  DNS_RESOLVER: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(?:[0-9.]+|\[[0-9a-f:]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i, "DNS_RESOLVER must be host:port, e.g. 127.0.0.1:53 or [::1]:53")
      .optional(),
  ),
  /** The name owners' CNAME records point at; unset: the host of APP_URL. */
  CUSTOM_DOMAIN_TARGET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9.-]+$/i, "CUSTOM_DOMAIN_TARGET must be a host name, e.g. domains.leadqr.com")
      .optional(),
  ),
  /**
   * Where the "HTTPS live" check connects instead of the domain's own address, `host:port` (decision
   * 430): the local Caddy when the app cannot reach its public address from inside. The certificate
   * is still checked for the domain's name. Unset: the domain's own address.
   */
  HTTPS_CHECK_ADDRESS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(?:[0-9.]+|\[[0-9a-f:]+\]|[a-z0-9.-]+):\d{1,5}$/i, "HTTPS_CHECK_ADDRESS must be host:port, e.g. 127.0.0.1:443")
      .optional(),
  ),
  /** A token that lets /tls/ask answer callers outside loopback and TRUST_PROXY. */
  TLS_ASK_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, "TLS_ASK_TOKEN must be at least 16 characters").optional()),
});

export type Env = ReturnType<typeof parseEnv>;

export function parseEnv(source: NodeJS.ProcessEnv) {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = result.data;
  if (env.DATABASE_REPLICA_URL && (!env.DATABASE_URL || env.DATABASE_URL === "memory://")) {
    throw new Error(
      "Invalid configuration:\n  DATABASE_REPLICA_URL: needs DATABASE_URL (the PostgreSQL primary it replicates); the embedded database has no replica",
    );
  }
  const publicAddress = choosePublicAddress(env);
  const appUrl = new URL(publicAddress.origin);
  return {
    ...env,
    appUrl,
    appOrigin: appUrl.origin,
    /** Why the public address is what it is: logged once at start. */
    appUrlReason: publicAddress.reason,
    dataDir: path.resolve(env.DATA_DIR),
    adminEmails: env.ADMIN_EMAILS.split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    isProduction: env.NODE_ENV === "production",
  };
}

/** Hosts that mean "every interface": a link cannot point at them. */
const WILDCARD_HOSTS = new Set(["", "0.0.0.0", "::", "[::]"]);

/**
 * The public address every printed or mailed link carries: APP_URL when set;
 * otherwise derived from HOST and PORT, which is right on the embedded database (one machine, the
 * owner's own browser and phone on the same network). `getServerEnv` adds what only serving needs.
 */
function choosePublicAddress(env: z.output<typeof EnvSchema>): { origin: string; reason: string } {
  if (env.APP_URL) {
    const url = new URL(env.APP_URL);
    const problem =
      url.protocol !== "http:" && url.protocol !== "https:"
        ? "must start with http:// or https://"
        : url.username || url.password
          ? "must not contain a user name or password"
          : url.pathname.replace(/\/+$/, "") !== "" || url.search || url.hash
            ? `must be an origin only (scheme, host and port), e.g. ${url.origin}`
            : null;
    if (problem) throw new Error(`Invalid configuration:\n  APP_URL: ${problem}`);
    // An address some phones cannot open is allowed (a test on the same Wi-Fi), but said at start too.
    const { warning } = publicAddressVerdict(url.origin);
    return { origin: url.origin, reason: warning ? `from APP_URL; ${warning.title.toLowerCase()}` : "from APP_URL" };
  }
  const host = WILDCARD_HOSTS.has(env.HOST.trim()) ? "localhost" : env.HOST.includes(":") && !env.HOST.startsWith("[") ? `[${env.HOST}]` : env.HOST;
  const origin = new URL(`http://${host}:${env.PORT}`).origin;
  return { origin, reason: `APP_URL is not set: derived from HOST and PORT; set APP_URL to your public https address before printing codes` };
}

let cached: Env | undefined;

/**
 * The configuration `npm start` serves with. A PostgreSQL deployment serves real visitors: there a
 * derived address would be printed on codes nobody can open, so APP_URL is refused at start rather
 * than discovered on paper. (Command-line tools on the same database need no public address.)
 */
export function getServerEnv(): Env {
  const env = getEnv();
  assertServable(env);
  return env;
}

export function assertServable(env: Env) {
  const onPostgres = env.DATABASE_URL !== undefined && env.DATABASE_URL !== "memory://";
  if (onPostgres && env.isProduction && !env.APP_URL) {
    throw new Error(
      "Invalid configuration:\n  APP_URL: is required with DATABASE_URL in production: set it to the public address visitors open (e.g. https://app.example.com); QR codes, emails and API links carry it",
    );
  }
}

/** The configuration, parsed once. A bad value throws a message naming the variable. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
