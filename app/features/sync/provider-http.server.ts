// One HTTP call to a provider, its failure put in plain words and sorted: worth retrying (429 with
// its Retry-After, 5xx, no answer in time, an answer too large or unreadable), needing the owner
// (401/403), gone (404), or refused for good. An answer is read as a stream and dropped past
// `maxAnswerBytes`, so a provider cannot make the process hold what it sends.
// Rules: docs/features/lead-sync.md ("The sync outbox").
import { logger } from "~/utils/logger.server";
import { ProviderError } from "./provider";

/** Per call: how long a provider has to answer in full, and how large its answer may be. Tests shorten them. */
export const PROVIDER_LIMITS = { timeoutMs: 15_000, maxAnswerBytes: 1024 * 1024 };

type CallOptions = {
  label: string;
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  /** A provider's own reading of a failure (Google's 403 reasons); null falls back to the common sorting. */
  explain?: (status: number, text: string) => ProviderError | null;
};

/** The answer's JSON (or null for an empty body); throws `ProviderError` for anything but a readable 2xx. */
export async function callProvider<T>(url: string, options: CallOptions): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...options.headers };
  let body: string | undefined;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  }
  // One deadline for the whole call, the answer's body included.
  const signal = AbortSignal.timeout(PROVIDER_LIMITS.timeoutMs);
  let response: Response;
  let answer: { text: string; cut: boolean };
  try {
    response = await fetch(url, { method: options.method ?? (body ? "POST" : "GET"), headers, body, signal });
    answer = await readBounded(response, PROVIDER_LIMITS.maxAnswerBytes);
  } catch {
    const when = signal.aborted ? " in time" : "";
    throw new ProviderError(`${options.label} did not answer${when}; we will try again.`, "retry");
  }
  if (!response.ok) throw options.explain?.(response.status, answer.text) ?? failureOf(response, answer.text, options.label);
  if (answer.cut) {
    logger.warn({ provider: options.label, host: new URL(url).host, limitBytes: PROVIDER_LIMITS.maxAnswerBytes }, "sync provider answer too large");
    throw new ProviderError(`${options.label} answered with more than ${megabytes(PROVIDER_LIMITS.maxAnswerBytes)}; we will try again.`, "retry");
  }
  try {
    return (answer.text ? JSON.parse(answer.text) : null) as T;
  } catch {
    throw unreadableAnswer(options.label, { host: new URL(url).host, contentType: response.headers.get("content-type") });
  }
}

/** An answer that is not what the provider documents (not JSON, or missing what we need): logged, and retried like an outage. */
export function unreadableAnswer(label: string, context: Record<string, unknown> = {}) {
  logger.warn({ provider: label, ...context }, "sync provider answer unreadable");
  return new ProviderError(`${label} answered with something we could not read; we will try again.`, "retry");
}

const megabytes = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.ceil(bytes / 1024)} KB`);

/** The answer's text, up to `limit` bytes; past it, the stream is cancelled and `cut` says so (the text is what came before). */
async function readBounded(response: Response, limit: number): Promise<{ text: string; cut: boolean }> {
  if (Number(response.headers.get("content-length")) > limit) {
    await response.body?.cancel().catch(() => {});
    return { text: "", cut: true };
  }
  if (!response.body) return { text: "", cut: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > limit) {
      await reader.cancel().catch(() => {});
      return { text: Buffer.concat(chunks).toString("utf8"), cut: true };
    }
    size += value.byteLength;
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString("utf8"), cut: false };
}

function failureOf(response: Response, text: string, label: string) {
  const detail = detailOf(text);
  const status = response.status;
  if (status === 429) {
    const wait = retryAfterMs(response.headers.get("retry-after"));
    return new ProviderError(`${label} asked us to slow down; we will try again.`, "retry", wait);
  }
  if (status >= 500) return new ProviderError(`${label} had a problem (${status}); we will try again.`, "retry");
  if (status === 401 || status === 403 || (status === 400 && /invalid_grant/.test(text)))
    return new ProviderError(`${label} no longer accepts our access${detail ? ` (${detail})` : ""}. Reconnect to resume.`, "auth");
  if (status === 404) return new ProviderError(`${label} could not find it${detail ? ` (${detail})` : ""}.`, "gone");
  return new ProviderError(`${label} refused it${detail ? `: ${detail}` : ` (${status})`}.`, "refused", undefined, titleOf(text));
}

/** A problem document's `title` (Mailchimp's stable name for a refusal, e.g. "Member In Compliance State"). */
function titleOf(text: string): string | undefined {
  try {
    const { title } = JSON.parse(text) as { title?: unknown };
    return typeof title === "string" ? title : undefined;
  } catch {
    return undefined;
  }
}

/** The provider's own explanation: Mailchimp's `detail`, Google's `error.message` or `error_description`. */
function detailOf(text: string): string {
  try {
    const parsed = JSON.parse(text) as { detail?: unknown; error?: unknown; error_description?: unknown };
    const error = parsed.error as { message?: unknown } | string | undefined;
    const found = parsed.detail ?? parsed.error_description ?? (typeof error === "object" ? error?.message : error);
    return typeof found === "string" ? found.slice(0, 200).replace(/\.+$/, "") : "";
  } catch {
    return "";
  }
}

/** Retry-After as seconds or as an HTTP date (both are allowed); undefined when absent or past. */
export function retryAfterMs(header: string | null, now = Date.now()) {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}
