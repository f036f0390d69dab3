import { data } from "react-router";
import { LOGO_MAX_BYTES, LOGO_MESSAGES, type LogoUploadResponse } from "~/features/campaigns/campaigns.schema";
import { saveImageUpload, uploadProblem } from "~/features/uploads/storage.server";
import { readForm } from "~/utils/http.server";
import { logger } from "~/utils/logger.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { requireBusiness, ROLES } from "~/features/team/member.server";
import type { Route } from "./+types/api.logo";
import { isDomainError } from "~/utils/domain-error";

export async function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  // The campaign wizard's helpers: whoever may edit a campaign; budgets and uploads are the business's.
  const { businessId } = await requireBusiness(request, ROLES.manage);
  try {
    await consumeRateLimit("uploadByUser", businessId);
  } catch (error) {
    if (!isDomainError(error, "rate_limited")) throw error;
    // Read the upload before answering: a reply while the browser is still sending resets the
    // connection, and the browser would show a network error instead of this message.
    await request.arrayBuffer().catch(() => undefined);
    return data<LogoUploadResponse>(
      { ok: false, error: `Too many uploads. Please wait a moment and try again.` },
      { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
    );
  }
  const file = (await readForm(request)).get("logo");
  if (!(file instanceof File) || file.size === 0) return data<LogoUploadResponse>({ ok: false, error: LOGO_MESSAGES.not_image }, { status: 400 });
  try {
    const url = await saveImageUpload({ file, folder: "qr-logos", maxBytes: LOGO_MAX_BYTES, userId: businessId });
    return data<LogoUploadResponse>({ ok: true, url });
  } catch (error) {
    const problem = uploadProblem(error);
    if (problem) {
      return data<LogoUploadResponse>({ ok: false, error: LOGO_MESSAGES[problem] }, { status: 400 });
    }
    logger.error({ err: error }, "logo upload failed");
    return data<LogoUploadResponse>({ ok: false, error: LOGO_MESSAGES.failed }, { status: 500 });
  }
}
