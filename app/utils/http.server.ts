// Rules: docs/decisions/061-input-boundary-rules.md; docs/features/webhooks-and-api.md ("Fair scheduling");
//   docs/decisions/370-one-submit-helper-and-an-action-per-intent.md.
import { data, type HeadersFunction } from "react-router";
import type { z } from "zod";
import { DomainError } from "./domain-error";
import { parseFormWith, type FormResult } from "./form";
import { cleanInput } from "./text";

/** Header the HTTP server sets from the socket (or the trusted proxy); clients cannot forge it. */
export const CLIENT_IP_HEADER = "x-leadqr-client-ip";

/** Largest body of an ordinary form or webhook; upload routes get their own limit (see entry.server). */
export const FORM_MAX_BYTES = 1024 * 1024;

/** 404 for anything missing or not the caller's: never reveal which. */
export function notFound(message = "Not found"): never {
  throw data(message, { status: 404 });
}

/** 403: the caller is known but their role may not do this (the team's page text, docs/features/team.md). */
export function forbidden(message: string): never {
  throw data(message, { status: 403 });
}

export type FieldErrors = Record<string, string>;

/**
 * The posted form; an unreadable body (no or another content type, broken multipart) reads as an
 * empty form, so the action answers its usual 400 instead of a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

/** Form fields as plain strings (files and repeated keys dropped, NUL and bidi controls removed: docs/decisions/061-input-boundary-rules.md): what schemas parse. */
export function formFields(form: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && !(key in fields)) fields[key] = cleanInput(value);
  return fields;
}

/**
 * The one way a route answers a refused domain operation: the status (and Retry-After) from
 * CODE_TO_STATUS, the body the screen shows. Anything that is not a DomainError is rethrown.
 */
export function domainErrorData<T>(error: unknown, body: (error: DomainError) => T) {
  if (!(error instanceof DomainError)) throw error;
  return data(body(error), { status: error.status, headers: error.headers });
}

/**
 * The one way an action or loader answers the domain's refusals: runs `work` and answers what it
 * returns; a DomainError it throws becomes `body(error)` with the error's status (and Retry-After),
 * anything else is rethrown. Pages pass `body`; resource routes leave it out and answer the
 * message as plain text.
 */
export async function answerDomainError<R, T>(work: () => Promise<R>, body: (error: DomainError) => T): Promise<R | ReturnType<typeof data<T>>>;
export async function answerDomainError<R>(work: () => Promise<R>): Promise<R | Response>;
export async function answerDomainError<R, T>(work: () => Promise<R>, body?: (error: DomainError) => T) {
  try {
    return await work();
  } catch (error) {
    return body ? domainErrorData(error, body) : domainErrorText(error);
  }
}

/**
 * A page route's `headers` export for refusals answered by `domainErrorData`: React Router sends a
 * loader's or action's own headers only through this export, so without it a 429 lost its
 * Retry-After. `fixed` are the route's own headers for every answer.
 */
export function withRefusalHeaders(fixed: Record<string, string> = {}): HeadersFunction {
  return ({ actionHeaders, loaderHeaders, parentHeaders }) => {
    const headers = new Headers(parentHeaders);
    for (const [name, value] of Object.entries(fixed)) headers.set(name, value);
    const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
    return headers;
  };
}

/**
 * A resource route's answer to a DomainError: its message as plain text with its status; anything
 * else is rethrown. `text` words it otherwise (an owner's download: the refusal in their language).
 */
export function domainErrorText(error: unknown, text: (error: DomainError) => string = (refused) => refused.message) {
  if (!(error instanceof DomainError)) throw error;
  return textResponse(text(error), error.status, error.headers);
}

/** `answerDomainError` for a resource route whose refusal `text` words (plain text, with its status). */
export async function answerDomainErrorAsText<R>(work: () => Promise<R>, text: (error: DomainError) => string): Promise<R | Response> {
  try {
    return await work();
  } catch (error) {
    return domainErrorText(error, text);
  }
}

/** A plain-text answer (resource routes: downloads, links opened outside the app). */
export function textResponse(body: string, status: number, headers: Record<string, string> = {}) {
  return new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });
}

/** The caller's own file as a download: never cached, never sniffed; "Not found" when there is none. */
export function privateDownload(file: { body: Uint8Array<ArrayBuffer> | string; contentType: string; contentDisposition: string } | null) {
  if (!file) return textResponse("Not found", 404);
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Content-Disposition": file.contentDisposition,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  };
  if (typeof file.body !== "string") headers["Content-Length"] = String(file.body.length);
  // Opened directly, an SVG may show its embedded images but run nothing.
  if (file.contentType.startsWith("image/svg+xml"))
    headers["Content-Security-Policy"] = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox";
  return new Response(file.body, { headers });
}

/** Headers that set each cookie (Better Auth answers several Set-Cookie lines; they must stay separate). */
export function setCookieHeaders(setCookies: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** A refused submission: the first message per field, Conform's reply, and the route's 400 answer carrying both. */
export type Refused<E> = {
  ok: false;
  fieldErrors: FieldErrors;
  result: FormResult;
  response: ReturnType<typeof data<E & { fieldErrors: FieldErrors; result: FormResult }>>;
};

/**
 * The one way an action parses what was posted, with the schema the browser also
 * validates with (see `~/utils/form`). A field given as a list (checkboxes) is posted once per
 * value, as the browser posts it. Refused, it carries `fieldErrors` (first message per field),
 * `result` (Conform's reply, which the page hands back to its form; `hideFields` are never
 * echoed) and `response`: both, with `reply`'s fields (which form, the typed values; given the
 * field errors when it is a function), as a 400.
 */
export function submit<S extends z.ZodType, E extends object = object>(
  schema: S,
  fields: Record<string, string | string[]>,
  options: { hideFields?: string[]; reply?: E | ((fieldErrors: FieldErrors) => E) } = {},
): { ok: true; value: z.output<S> } | Refused<E> {
  const posted = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const one of [value].flat()) posted.append(key, one);
  const submission = parseFormWith(schema, posted);
  if (submission.status === "success") return { ok: true as const, value: submission.value as z.output<S> };
  const fieldErrors: FieldErrors = {};
  for (const [key, messages] of Object.entries(submission.error ?? {})) {
    if (messages?.[0]) fieldErrors[key || "form"] ??= messages[0];
  }
  const result = submission.reply({ hideFields: options.hideFields });
  const reply = typeof options.reply === "function" ? options.reply(fieldErrors) : options.reply;
  const body = { ...(reply as E), fieldErrors, result };
  return { ok: false as const, fieldErrors, result, response: data(body, { status: 400 }) };
}

/** The name the form tests know `submit` by. */
export const parseSubmission = submit;
