import type { Database } from "~/db/client.server";
import { MAX_INPUT_PIXELS, saveImageUpload } from "~/features/uploads/storage.server";
import { formFields, type FieldErrors } from "~/utils/http.server";
import { logger } from "~/utils/logger.server";
import { BANNER_MAX_BYTES, PostInputSchema, REQUIRED_FIELDS } from "./blog.schema";
import { createPost, updatePost } from "./blog.server";
import { isDomainError, type DomainErrorCode } from "~/utils/domain-error";

export type PostFormValues = { title: string; slug: string; excerpt: string; content: string; bannerImageUrl: string; publish: boolean };
export type PostFormResult = { fieldErrors: FieldErrors; formError?: string; values: PostFormValues };

export const SAVE_FAILED = "Failed to save post. Please try again.";
const UPLOAD_FAILED = "Failed to upload image. Please try again.";
const UPLOAD_MESSAGES: Partial<Record<DomainErrorCode, string>> = {
  upload_not_image: "Please select an image file",
  upload_too_large: "Image size must be less than 5MB",
  upload_too_many_pixels: `Image is too large. Please use one of at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`,
};

export type SavePostOptions = {
  userId: string;
  /** Absent: a new post. */
  postId?: string;
  /** The editor's posted form: its fields and the optional banner file. */
  form: FormData;
};

/** What the editor gets back: `saved`, the post to edit was not found (`missing`), or a refusal to show. */
export type SavePostOutcome = { kind: "saved" } | { kind: "missing" } | { kind: "refused"; status: number; result: PostFormResult };

/** Creates or updates a post from the editor's fields; every refusal keeps what the admin typed. */
export async function savePost(db: Database, { userId, postId, form }: SavePostOptions): Promise<SavePostOutcome> {
  const fields = formFields(form);
  const values: PostFormValues = {
    title: (fields.title ?? "").slice(0, 1_000),
    slug: (fields.slug ?? "").slice(0, 1_000),
    excerpt: (fields.excerpt ?? "").slice(0, 5_000),
    content: (fields.content ?? "").slice(0, 200_000),
    bannerImageUrl: (fields.bannerImageUrl ?? "").slice(0, 5_000),
    publish: fields.publish === "on",
  };
  const refused = (status: number, fieldErrors: FieldErrors, formError?: string): SavePostOutcome => ({
    kind: "refused",
    status,
    result: { fieldErrors, formError, values },
  });

  const parsed = PostInputSchema.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".") || "form"] ??= issue.message;
    const missing = Object.values(fieldErrors).includes(REQUIRED_FIELDS);
    return refused(400, fieldErrors, missing ? REQUIRED_FIELDS : "Please correct the highlighted fields");
  }
  const input = parsed.data;

  // Fields are checked first, so a rejected post never leaves an orphaned upload behind.
  const file = form.get("bannerFile");
  if (file instanceof File && (file.size > 0 || file.name)) {
    if (file.size > BANNER_MAX_BYTES) return refused(400, { bannerFile: UPLOAD_MESSAGES.upload_too_large! });
    try {
      input.bannerImageUrl = await saveImageUpload({ file, folder: "blog-banners", maxBytes: BANNER_MAX_BYTES, userId });
    } catch (error) {
      if (isDomainError(error)) return refused(error.status, { bannerFile: UPLOAD_MESSAGES[error.code] ?? error.message });
      logger.error({ err: error }, "blog banner upload failed");
      return refused(503, { bannerFile: UPLOAD_FAILED }, UPLOAD_FAILED);
    }
  }

  try {
    if (postId) {
      if (!(await updatePost({ db, actorId: userId, postId, input }))) return { kind: "missing" };
    } else {
      await createPost({ db, actorId: userId, input });
    }
  } catch (error) {
    if (isDomainError(error, "slug_taken")) return refused(error.status, { slug: error.message });
    logger.error({ err: error }, "blog post save failed");
    return refused(500, {}, SAVE_FAILED);
  }
  return { kind: "saved" };
}
