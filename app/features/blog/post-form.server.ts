import type { Database } from "~/db/client.server";
import { saveImageUpload, uploadProblem } from "~/features/uploads/storage.server";
import type { FormResult } from "~/utils/form";
import { formFields, submit, type FieldErrors } from "~/utils/http.server";
import { logger } from "~/utils/logger.server";
import { ownerT } from "~/features/languages/owner/owner-language";
import type { Language } from "~/features/languages/languages";
import { numberFormat } from "~/features/languages/languages";
import { BANNER_MAX_BYTES, bannerMessage, postInputSchemaIn, type PostMessages } from "./blog.schema";
import { createPost, updatePost } from "./blog.server";
import { isDomainError } from "~/utils/domain-error";

export type PostFormValues = { title: string; slug: string; excerpt: string; content: string; bannerImageUrl: string; publish: boolean };
export type PostFormResult = { fieldErrors: FieldErrors; formError?: string; values: PostFormValues; result?: FormResult };

export type SavePostOptions = {
  userId: string;
  /** Absent: a new post. */
  postId?: string;
  /** The editor's posted form: its fields and the optional banner file. */
  form: FormData;
  /** The admin's language, for every message the editor shows (`ownerLanguageFor`). */
  language: Language;
};

/**
 * What the editor gets back: `saved`; the post to edit was not found (`missing`); `refused`, what
 * the admin typed or chose must change; or `failed`, our side failed and the same form may be
 * sent again. Both of the last two carry what the editor shows.
 */
export type SavePostOutcome = { kind: "saved" } | { kind: "missing" } | { kind: "refused" | "failed"; result: PostFormResult };

/** Creates or updates a post from the editor's fields; every refusal keeps what the admin typed. */
export async function savePost(db: Database, { userId, postId, form, language }: SavePostOptions): Promise<SavePostOutcome> {
  const t = ownerT("adminBlog", language);
  const messages: PostMessages = (key, values) => t(`errors.${key}`, values);
  const fields = formFields(form);
  const values: PostFormValues = {
    title: (fields.title ?? "").slice(0, 1_000),
    slug: (fields.slug ?? "").slice(0, 1_000),
    excerpt: (fields.excerpt ?? "").slice(0, 5_000),
    content: (fields.content ?? "").slice(0, 200_000),
    bannerImageUrl: (fields.bannerImageUrl ?? "").slice(0, 5_000),
    publish: fields.publish === "on",
  };
  const refused = (fieldErrors: FieldErrors, formError?: string): SavePostOutcome => ({
    kind: "refused",
    result: { fieldErrors, formError, values },
  });
  const failed = (fieldErrors: FieldErrors, formError: string): SavePostOutcome => ({
    kind: "failed",
    result: { fieldErrors, formError, values },
  });

  const parsed = submit(
    postInputSchemaIn(messages, (value) => numberFormat(language).format(value)),
    fields,
  );
  if (!parsed.ok) {
    const missing = Object.values(parsed.fieldErrors).includes(messages("required"));
    return {
      kind: "refused",
      result: {
        fieldErrors: parsed.fieldErrors,
        formError: messages(missing ? "required" : "correct"),
        values,
        result: parsed.result,
      },
    };
  }
  const input = parsed.value;

  // Fields are checked first, so a rejected post never leaves an orphaned upload behind.
  const file = form.get("bannerFile");
  if (file instanceof File && (file.size > 0 || file.name)) {
    if (file.size > BANNER_MAX_BYTES) return refused({ bannerFile: bannerMessage(messages, "too_large") });
    try {
      input.bannerImageUrl = await saveImageUpload({ file, folder: "blog-banners", maxBytes: BANNER_MAX_BYTES, userId });
    } catch (error) {
      const problem = uploadProblem(error);
      if (problem) return refused({ bannerFile: bannerMessage(messages, problem) });
      logger.error({ err: error }, "blog banner upload failed");
      return failed({ bannerFile: bannerMessage(messages, "failed") }, bannerMessage(messages, "failed"));
    }
  }

  try {
    if (postId) {
      if (!(await updatePost(db, { actorId: userId, postId, input }))) return { kind: "missing" };
    } else {
      await createPost(db, { actorId: userId, input });
    }
  } catch (error) {
    if (isDomainError(error, "slug_taken")) return refused({ slug: messages("slugTaken") });
    logger.error({ err: error }, "blog post save failed");
    return failed({}, messages("saveFailed"));
  }
  return { kind: "saved" };
}
