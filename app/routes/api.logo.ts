import { data } from "react-router";
import { requireUser } from "~/features/auth/session.server";
import { LOGO_MAX_BYTES, type LogoUploadResponse } from "~/features/campaigns/campaigns.schema";
import { MAX_INPUT_PIXELS, saveImageUpload } from "~/features/uploads/storage.server";
import { readForm } from "~/utils/http.server";
import { logger } from "~/utils/logger.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import type { Route } from "./+types/api.logo";
import { isDomainError, type DomainErrorCode } from "~/utils/domain-error";

const NOT_IMAGE = "Please select an image file for the logo";
const TOO_LARGE = "Logo size must be less than 2MB";
const FAILED = "Failed to upload logo. Please try again.";
const TOO_MANY_PIXELS = `Logo image is too large. Please use one of at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`;
const MESSAGES: Partial<Record<DomainErrorCode, string>> = {
  upload_not_image: NOT_IMAGE,
  upload_too_large: TOO_LARGE,
  upload_too_many_pixels: TOO_MANY_PIXELS,
};

export async function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  const sessionUser = await requireUser(request);
  try {
    await consumeRateLimit("uploadByUser", sessionUser.id);
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
  if (!(file instanceof File) || file.size === 0) return data<LogoUploadResponse>({ ok: false, error: NOT_IMAGE }, { status: 400 });
  try {
    const url = await saveImageUpload({ file, folder: "qr-logos", maxBytes: LOGO_MAX_BYTES, userId: sessionUser.id });
    return data<LogoUploadResponse>({ ok: true, url });
  } catch (error) {
    if (isDomainError(error, "upload_not_image", "upload_too_large", "upload_too_many_pixels")) {
      return data<LogoUploadResponse>({ ok: false, error: MESSAGES[error.code]! }, { status: 400 });
    }
    logger.error({ err: error }, "logo upload failed");
    return data<LogoUploadResponse>({ ok: false, error: FAILED }, { status: 500 });
  }
}
