// Shared by the hardening tests (fuzzing, hostile content, access matrix): hostile inputs, hostile
// bodies and queries built from them.
import fc from "fast-check";
import { ORIGIN } from "./http";

/** Strings that have broken servers before: NUL, lone surrogates, RTL overrides, traversal, huge. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "%00",
  "\uD800",
  "x\uDFFFy",
  "\u202Egnp.exe\u202C",
  "مرحبا بالعالم",
  "😀👍🏽👨‍👩‍👧‍👦",
  "../../etc/passwd",
  "..%2F..%2Fetc%2Fpasswd",
  "....//....//etc/passwd",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  '=HYPERLINK("http://evil.example")',
  "\r\nBcc: x@y.z",
  "' OR 1=1 --",
  "%",
  "%E0%A4%A",
  "null",
  "[object Object]",
  "NaN",
  "-1",
  "1e309",
  "00000000-0000-0000-0000-000000000000",
  "x".repeat(100_000),
  "é".repeat(60_000),
  "\u0000".repeat(1_000),
];

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.uuid().map(String) },
  { weight: 1, arbitrary: fc.integer().map(String) },
);

const fileArb = fc
  .record({
    name: fc.constantFrom("logo.png", "../../etc/passwd", "a.svg", "x\u0000.png", ""),
    type: fc.constantFrom("image/png", "text/html", "image/svg+xml", "application/octet-stream", ""),
    bytes: fc.uint8Array({ maxLength: 2_000 }),
  })
  .map(({ name, type, bytes }) => new File([bytes], name, { type }));

type Value = string | File;

/** A form's entries: known keys and random ones, each once or repeated, strings or files. */
export function formEntries(keys: readonly string[]): fc.Arbitrary<Array<[string, Value]>> {
  const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: nastyString.map((k) => k.slice(0, 40)) });
  const value: fc.Arbitrary<Value[]> = fc.oneof(
    { weight: 6, arbitrary: nastyString.map((v) => [v]) },
    { weight: 2, arbitrary: fc.array(nastyString, { minLength: 2, maxLength: 3 }) },
    { weight: 1, arbitrary: fileArb.map((f) => [f]) },
  );
  return fc
    .array(fc.tuple(key, value), { maxLength: 8 })
    .map((pairs) => pairs.flatMap(([k, values]) => values.map((v) => [k, v] as [string, Value])));
}

/** Valid fields, each one possibly replaced by something hostile, possibly repeated. */
export function mutatedFields(valid: Record<string, string>): fc.Arbitrary<Array<[string, Value]>> {
  const entries = Object.entries(valid).map(([key, good]) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant([[key, good]] as Array<[string, Value]>) },
      { weight: 2, arbitrary: nastyString.map((v) => [[key, v]] as Array<[string, Value]>) },
      { weight: 1, arbitrary: fc.constant([] as Array<[string, Value]>) },
      { weight: 1, arbitrary: fc.array(nastyString, { minLength: 2, maxLength: 3 }).map((vs) => vs.map((v) => [key, v] as [string, Value])) },
      { weight: 1, arbitrary: fileArb.map((f) => [[key, f]] as Array<[string, Value]>) },
    ),
  );
  return fc.tuple(...entries).map((groups) => groups.flat());
}

export type Body =
  | { kind: "form"; entries: Array<[string, Value]> }
  | { kind: "urlencoded"; raw: string }
  | { kind: "json"; raw: string }
  | { kind: "broken-multipart"; raw: string }
  | { kind: "binary"; bytes: Uint8Array }
  | { kind: "none" };

/** A request body: mostly forms, sometimes bodies a form parser chokes on. */
export function bodyArb(form: fc.Arbitrary<Array<[string, Value]>>): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 8, arbitrary: form.map((entries) => ({ kind: "form" as const, entries })) },
    { weight: 1, arbitrary: nastyString.map((raw) => ({ kind: "urlencoded" as const, raw })) },
    { weight: 1, arbitrary: fc.json().map((raw) => ({ kind: "json" as const, raw })) },
    { weight: 1, arbitrary: nastyString.map((raw) => ({ kind: "broken-multipart" as const, raw })) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 500 }).map((bytes) => ({ kind: "binary" as const, bytes })) },
    { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
  );
}

/** A POST with the given body; headers as a browser (or a script) might send them. */
export function postRequest(path: string, body: Body, headers: Record<string, string> = {}) {
  const init: RequestInit = { method: "POST", headers: new Headers(headers) };
  const h = init.headers as Headers;
  switch (body.kind) {
    case "form": {
      const form = new FormData();
      for (const [key, value] of body.entries) form.append(key, value);
      init.body = form;
      break;
    }
    case "urlencoded":
      h.set("content-type", "application/x-www-form-urlencoded");
      init.body = body.raw;
      break;
    case "json":
      h.set("content-type", "application/json");
      init.body = body.raw;
      break;
    case "broken-multipart":
      h.set("content-type", "multipart/form-data; boundary=----nope");
      init.body = body.raw;
      break;
    case "binary":
      h.set("content-type", "application/octet-stream");
      init.body = new Blob([new Uint8Array(body.bytes)]);
      break;
    case "none":
      break;
  }
  return new Request(new URL(path, ORIGIN), init);
}

/** A query string built from hostile keys and values (repeated keys included). */
export function queryArb(keys: readonly string[]): fc.Arbitrary<string> {
  return fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...keys),
          nastyString.map((k) => k.slice(0, 20)),
        ),
        nastyString.map((v) => v.slice(0, 5_000)),
      ),
      { maxLength: 5 },
    )
    .map((pairs) => {
      const params = new URLSearchParams();
      for (const [key, value] of pairs) params.append(key, value);
      const text = params.toString();
      return text ? `?${text}` : "";
    });
}

/** Path segments as a router would pass them: hostile, invalid uuids, traversal. */
export const paramArb: fc.Arbitrary<string> = fc.oneof(
  nastyString.map((v) => v.slice(0, 2_000)),
  fc.uuid().map(String),
);
