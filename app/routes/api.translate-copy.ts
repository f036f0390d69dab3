// Rules: docs/features/visitor-languages.md ("The owner's translations", "Translate with AI").
import { data } from "react-router";
import { draftTranslation } from "~/features/ai/translate-copy.server";
import type { TranslateCopyResponse } from "~/features/campaigns/campaign-wizard-languages";
import { COPY_FIELD_LIMITS, COPY_FIELDS, type CampaignCopy } from "~/features/campaigns/copy-translations";
import { isLanguage } from "~/features/languages/languages";
import { formFields, readForm } from "~/utils/http.server";
import { requireBusiness, ROLES } from "~/features/team/member.server";
import type { Route } from "./+types/api.translate-copy";

// The wizard's "Translate with AI": the copy as the form holds it, drafted into one
// language for the owner to review; the same budget and refusals as the Languages page.

export async function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  // The campaign wizard's helpers: whoever may edit a campaign; budgets and uploads are the business's.
  const { businessId } = await requireBusiness(request, ROLES.manage);
  const fields = formFields(await readForm(request));
  const { language, from } = fields;
  const copy: CampaignCopy = { headline: "", offer: "", condition: "", thankYou: "" };
  for (const field of COPY_FIELDS) copy[field] = (fields[field] ?? "").trim();
  if (!isLanguage(language) || !isLanguage(from)) return data<TranslateCopyResponse>({ ok: false, error: "Unknown action." }, { status: 400 });
  if (COPY_FIELDS.some((field) => !copy[field] || copy[field].length > COPY_FIELD_LIMITS[field])) {
    return data<TranslateCopyResponse>(
      { ok: false, language, error: "Write your offer, condition, headline and thank-you message first." },
      { status: 400 },
    );
  }
  const answer = await draftTranslation(businessId, { copy, from, to: language, businessType: (fields.businessType ?? "").slice(0, 100) });
  if (!answer.ok) {
    const headers: Record<string, string> = answer.retryAfterSeconds ? { "Retry-After": String(answer.retryAfterSeconds) } : {};
    return data<TranslateCopyResponse>({ ok: false, language, error: answer.error }, { status: answer.status, headers });
  }
  return data<TranslateCopyResponse>({ ok: true, language, draft: answer.draft });
}
