// One schema, two places: the browser validates with it for instant field errors, the action
// validates with it again as the authority.
// Rules: docs/decisions/166-client-validation-with-conform.md.
import { useForm, type SubmissionResult } from "@conform-to/react";

export { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * Parses posted fields with a schema. Values are read as the strings the form posted (no
 * coercion of "" to undefined), so the browser and the server see exactly the same input and
 * a schema's messages for an empty field are the ones it declares.
 */
export function parseFormWith<S extends z.ZodType>(schema: S, form: FormData | URLSearchParams) {
  return parseWithZod(form, { schema, disableAutoCoercion: true });
}

export type FormResult = SubmissionResult<string[]>;

/**
 * A form validated in the browser with `schema`: a field is checked when it loses focus, then on
 * every keystroke; submitting checks all fields and posts only when they pass. `lastResult` is the
 * action's answer, so the server's errors show in the same place (also without JavaScript).
 * `browserChecks` keeps the browser's own checks (required, type=email) until hydration.
 */
export function useValidatedForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: S,
  { id, lastResult, browserChecks = true }: { id?: string; lastResult?: FormResult | null; browserChecks?: boolean } = {},
) {
  return useForm<z.input<S>, z.output<S>>({
    id,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultNoValidate: !browserChecks,
    onValidate: ({ formData }) => parseFormWith(schema, formData),
  });
}

/**
 * The server's field errors that the form's own result does not hold (a rule checked only on the
 * server, a taken address): shown beside Conform's, which clear themselves as the field is fixed.
 */
export function serverOnlyErrors(fieldErrors: Record<string, string> | undefined, result: FormResult | null | undefined) {
  const known = result?.error ?? {};
  return Object.fromEntries(Object.entries(fieldErrors ?? {}).filter(([key]) => !(key in known)));
}

/** A form's current errors, first message per field. */
export function firstErrors(allErrors: Record<string, string[]>) {
  const errors: Record<string, string> = {};
  for (const [key, messages] of Object.entries(allErrors)) if (messages[0]) errors[key] = messages[0];
  return errors;
}
