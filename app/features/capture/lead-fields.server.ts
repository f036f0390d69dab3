// A lead post's three fields checked without Conform: its form parse (the URLSearchParams round
// trip and schema walk) was a tenth of a millisecond of every lead in a surge, Zod alone 2 µs. The
// answers are Conform's (`submit`) — empty fields are missing, first message per field — which
// `lead-fields.server.test.ts` holds it to.
import type { FieldErrors } from "~/utils/http.server";
import { LeadSchema, type Lead } from "./capture.schema";

const LEAD_FIELDS = ["name", "email", "phone"] as const;

export function parseLeadFields(fields: Record<string, string>): { ok: true; value: Lead } | { ok: false; fieldErrors: FieldErrors } {
  const posted: Record<string, string | undefined> = {};
  for (const name of LEAD_FIELDS) posted[name] = fields[name] === "" ? undefined : fields[name];
  const parsed = LeadSchema.safeParse(posted);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".") || "form"] ??= issue.message;
  return { ok: false, fieldErrors };
}
