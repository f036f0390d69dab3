import pino from "pino";

// Query parameters that carry a secret: OAuth's authorization code and state on the provider's
// return, the token of an emailed link (verify, reset) or of `/tls/ask`. Their values never reach a log.
const SECRET_QUERY_VALUES = /([?&](?:code|state|token)=)[^&#]*/gi;

/** A request target as the logs write it: the secret query values replaced by `[redacted]`. */
export function loggedUrl(url: string | undefined) {
  return url?.replace(SECRET_QUERY_VALUES, "$1[redacted]");
}

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: undefined,
  // A line's `url`; the request log lines (`req`, from Express's log and the edge's fast paths)
  // call `loggedUrl` where they are built.
  serializers: { url: loggedUrl },
});
