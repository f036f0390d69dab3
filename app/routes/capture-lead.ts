// Rules: docs/features/capture-and-leads.md ("Two ways in for a lead").
import { answerLeadPost, UNREADABLE_POST } from "~/features/capture/lead-post.server";
import { formFields } from "~/utils/http.server";
import { clientAddress } from "~/utils/rate-limit.server";
import { getServices } from "~/utils/services.server";
import type { Route } from "./+types/capture-lead";

// POST /capture/:campaignId/lead and /q/:code/lead: the capture form's script posts here
//. The HTTP edge answers visitors' posts before Express (app/server/http/);
// this route answers the rest (signed-in viewers, other encodings) the same way.
export async function action({ request, params }: Route.ActionArgs) {
  let fields: Record<string, string>;
  try {
    fields = formFields(await request.formData());
  } catch {
    return answer(UNREADABLE_POST);
  }
  const { db } = await getServices();
  return answer(
    await answerLeadPost(db, {
      params,
      fields,
      clientAddress: clientAddress(request),
      userAgent: request.headers.get("user-agent"),
      cookie: request.headers.get("cookie"),
    }),
  );
}

function answer({ status, headers, body }: Awaited<ReturnType<typeof answerLeadPost>>) {
  return Response.json(body, { status, headers: { ...headers, "Cache-Control": "no-store" } });
}
