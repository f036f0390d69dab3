import { data, redirect } from "react-router";
import type { SessionUser } from "~/features/auth/session.server";
import { saveImageUpload, UploadRejectedError } from "~/features/uploads/storage.server";
import type { FormResult } from "~/utils/form";
import { formFields, parseSubmission, type FieldErrors } from "~/utils/http.server";
import { logger } from "~/utils/logger.server";
import { getServices } from "~/utils/services.server";
import { BANNER_MAX_BYTES, BANNER_MESSAGES, PostInputSchema, REQUIRED_FIELDS } from "./blog.schema";
import { createPost, SlugTakenError, updatePost } from "./blog.server";

export type PostFormValues = { title: string; slug: string; excerpt: string; content: string; bannerImageUrl: string; publish: boolean };
export type PostFormResult = { fieldErrors: FieldErrors; formError?: string; values: PostFormValues; result?: FormResult };

export const SAVE_FAILED = "Failed to save post. Please try again.";

/** Creates (no postId) or updates a post from the editor's form; answers like a route action. */
export async function savePostFromForm({ request, admin, postId }: { request: Request; admin: SessionUser; postId?: string }) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ fieldErrors: {}, formError: "The form could not be read. Please try again.", values: emptyValues() } satisfies PostFormResult, {
      status: 400,
    });
  }
  const fields = formFields(form);
  const values: PostFormValues = {
    title: (fields.title ?? "").slice(0, 1_000),
    slug: (fields.slug ?? "").slice(0, 1_000),
    excerpt: (fields.excerpt ?? "").slice(0, 5_000),
    content: (fields.content ?? "").slice(0, 200_000),
    bannerImageUrl: (fields.bannerImageUrl ?? "").slice(0, 5_000),
    publish: fields.publish === "on",
  };
  const failure = (status: number, fieldErrors: FieldErrors, formError?: string) =>
    data({ fieldErrors, formError, values } satisfies PostFormResult, { status });

  const parsed = parseSubmission(PostInputSchema, fields);
  if (!parsed.ok) {
    const missing = Object.values(parsed.fieldErrors).includes(REQUIRED_FIELDS);
    return data(
      {
        fieldErrors: parsed.fieldErrors,
        formError: missing ? REQUIRED_FIELDS : "Please correct the highlighted fields",
        values,
        result: parsed.result,
      } satisfies PostFormResult,
      { status: 400 },
    );
  }
  const input = parsed.value;

  // Fields are checked first, so a rejected post never leaves an orphaned upload behind.
  const file = form.get("bannerFile");
  if (file instanceof File && (file.size > 0 || file.name)) {
    if (file.size > BANNER_MAX_BYTES) return failure(400, { bannerFile: BANNER_MESSAGES.too_large });
    try {
      input.bannerImageUrl = await saveImageUpload({ file, folder: "blog-banners", maxBytes: BANNER_MAX_BYTES, userId: admin.id });
    } catch (error) {
      if (error instanceof UploadRejectedError) return failure(400, { bannerFile: BANNER_MESSAGES[error.reason] });
      logger.error({ err: error }, "blog banner upload failed");
      return failure(503, { bannerFile: BANNER_MESSAGES.failed }, BANNER_MESSAGES.failed);
    }
  }

  const { db } = await getServices();
  try {
    if (postId) {
      const saved = await updatePost(db, { actorId: admin.id, postId, input });
      if (!saved) throw data("Blog post not found", { status: 404 });
    } else {
      await createPost(db, { actorId: admin.id, input });
    }
  } catch (error) {
    if (error instanceof SlugTakenError) return failure(400, { slug: "This slug is already used by another post. Choose another one." });
    if (!(error instanceof Error)) throw error;
    logger.error({ err: error }, "blog post save failed");
    return failure(500, {}, SAVE_FAILED);
  }
  return redirect("/admin/blog?notice=saved");
}

function emptyValues(): PostFormValues {
  return { title: "", slug: "", excerpt: "", content: "", bannerImageUrl: "", publish: false };
}
