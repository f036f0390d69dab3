// One HTTP call to a provider, its failure put in plain words and sorted: worth retrying (429 with
// its Retry-After, 5xx, no answer), needing the owner (401/403), gone (404), or refused for good.
import { ProviderError } from "./provider";

export const PROVIDER_TIMEOUT_MS = 15_000;

type CallOptions = {
  label: string;
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
};

/** The answer's JSON (or null for an empty body); throws `ProviderError` for anything but 2xx. */
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
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? (body ? "POST" : "GET"),
      headers,
      body,
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch {
    throw new ProviderError(`${options.label} did not answer; we will try again.`, "retry");
  }
  const text = await response.text();
  if (response.ok) return (text ? JSON.parse(text) : null) as T;
  throw failureOf(response, text, options.label);
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
  return new ProviderError(`${label} refused it${detail ? `: ${detail}` : ` (${status})`}.`, "refused");
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
