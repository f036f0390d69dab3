import { data } from "react-router";
import { generateCampaignCopy } from "~/features/ai/ai-copy.server";
import { CopyRequestSchema, type AiCopyResponse } from "~/features/campaigns/campaigns.schema";
import { answerDomainError, formFields, readForm } from "~/utils/http.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { requireBusiness, ROLES } from "~/features/team/member.server";
import type { Route } from "./+types/api.ai-copy";

export async function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  // The campaign wizard's helpers: whoever may edit a campaign; budgets and uploads are the business's.
  const { businessId } = await requireBusiness(request, ROLES.manage);
  const parsed = CopyRequestSchema.safeParse(formFields(await readForm(request)));
  if (!parsed.success) return data<AiCopyResponse>({ ok: false, error: "Please fill in all fields first" }, { status: 400 });
  return answerDomainError(
    async () => {
      // Each call may cost money: a budget per owner.
      await consumeRateLimit("aiCopyByUser", businessId);
      return generateCopy(parsed.data);
    },
    (): AiCopyResponse => ({ ok: false, error: "You have generated a lot of copy recently. Please write your own or try again later." }),
  );
}

async function generateCopy(request: Parameters<typeof generateCampaignCopy>[0]) {
  try {
    const copy = await generateCampaignCopy(request);
    return data<AiCopyResponse>({ ok: true, headline: copy.headline, thankyou: copy.thankyou, isTemplate: copy.source === "template" });
  } catch {
    return data<AiCopyResponse>({ ok: false, error: "Unable to generate copy. Please enter your own copy or try again later." }, { status: 500 });
  }
}
