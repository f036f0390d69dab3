import { data } from "react-router";
import { requireUser } from "~/features/auth/session.server";
import { LOGO_MAX_BYTES, type LogoUploadResponse } from "~/features/campaigns/campaigns.schema";
import { saveImageUpload, UploadRejectedError } from "~/features/uploads/storage.server";
import { logger } from "~/utils/logger.server";
import { consumeRateLimit, RateLimitedError } from "~/utils/rate-limit.server";
import type { Route } from "./+types/api.logo";

const NOT_IMAGE = "Please select an image file for the logo";
const TOO_LARGE = "Logo size must be less than 2MB";
const FAILED = "Failed to upload logo. Please try again.";

export async function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  const sessionUser = await requireUser(request);
  try {
    await consumeRateLimit("uploadByUser", sessionUser.id);
  } catch (error) {
    if (error instanceof RateLimitedError) return data<LogoUploadResponse>({ ok: false, error: error.message }, { status: 429 });
    throw error;
  }
  let file: FormDataEntryValue | null;
  try {
    file = (await request.formData()).get("logo");
  } catch {
    return data<LogoUploadResponse>({ ok: false, error: NOT_IMAGE }, { status: 400 });
  }
  if (!(file instanceof File) || file.size === 0) return data<LogoUploadResponse>({ ok: false, error: NOT_IMAGE }, { status: 400 });
  try {
    const url = await saveImageUpload({ file, folder: "qr-logos", maxBytes: LOGO_MAX_BYTES, userId: sessionUser.id });
    return data<LogoUploadResponse>({ ok: true, url });
  } catch (error) {
    if (error instanceof UploadRejectedError) {
      return data<LogoUploadResponse>({ ok: false, error: error.reason === "too_large" ? TOO_LARGE : NOT_IMAGE }, { status: 400 });
    }
    logger.error({ err: error }, "logo upload failed");
    return data<LogoUploadResponse>({ ok: false, error: FAILED }, { status: 500 });
  }
}
