// The lead post's own parse answers exactly as the actions' `submit` (Conform) would.
import { describe, expect, it } from "vitest";
import { submit } from "~/utils/http.server";
import { LeadSchema } from "./capture.schema";
import { parseLeadFields } from "./lead-fields.server";

const CASES: Record<string, string>[] = [
  { name: "Ada Lovelace", email: "ada@example.com", phone: "" },
  { name: "  Ada  ", email: " ADA@Example.COM ", phone: "+44 (0)20 7946-0958" },
  { name: "Ada", email: "ada@example.com" },
  {},
  { name: "", email: "", phone: "" },
  { name: "   ", email: "   ", phone: "   " },
  { name: "x".repeat(201), email: "ada@example.com", phone: "" },
  { name: "Ada", email: `${"a".repeat(300)}@example.com`, phone: "" },
  { name: "Ada", email: "not an email", phone: "" },
  { name: "Ada", email: "ada@example", phone: "" },
  { name: "Ada", email: "ada@example.com", phone: "call me" },
  { name: "Ada", email: "ada@example.com", phone: "1".repeat(61) },
  { name: "Ada", email: "ada@example.com", phone: "---" },
  { name: "Ada", email: "ada@example.com", phone: "", scanToken: "c1.x", consent: "yes", website: "" },
  { name: "مريم", email: "maryam@مثال.com", phone: "٠١٢" },
];

describe("a lead post's fields", () => {
  it.each(CASES.map((fields) => [JSON.stringify(fields).slice(0, 80), fields]))("%s: the same answer as submit()", (_, fields) => {
    const conform = submit(LeadSchema, fields as Record<string, string>);
    const own = parseLeadFields(fields as Record<string, string>);
    if (conform.ok) expect(own).toEqual({ ok: true, value: conform.value });
    else expect(own).toEqual({ ok: false, fieldErrors: conform.fieldErrors });
  });
});
