import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { inputClass, primaryButton, secondaryButton } from "~/features/admin/admin-ui";
import { uploadProblemOf } from "~/features/uploads/limits";
import { slugify } from "./blog";
import { BANNER_MAX_BYTES, BANNER_MESSAGES, BANNER_URL_MAX, CONTENT_MAX, EXCERPT_MAX, SLUG_MAX, TITLE_MAX } from "./blog.schema";

export type EditorPost = { title: string; slug: string; excerpt: string; content: string; bannerImageUrl: string; publish: boolean };
type EditorResult = { fieldErrors?: Record<string, string>; formError?: string; values?: EditorPost };

const CONTENT_HINT = "One element per line: '## ' heading, '### ' subheading, '* ' bullet, anything else a paragraph.";

export function PostEditor({ post, result, submitLabel }: { post: EditorPost; result?: EditorResult; submitLabel: string }) {
  const values = result?.values ?? post;
  const errors = result?.fieldErrors ?? {};
  const [title, setTitle] = useState(values.title);
  const [fileError, setFileError] = useState<string | null>(null);
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting";
  const derivedSlug = slugify(title);

  const bannerFileError = fileError ?? errors.bannerFile;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-5 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
      noValidate
    >
      {result?.formError ? (
        <div role="alert" id="post-form-error" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {result.formError}
        </div>
      ) : null}
      <Field id="title" label="Title *" error={errors.title}>
        <input
          id="title"
          name="title"
          required
          maxLength={TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? "title-error" : undefined}
          className={inputClass}
        />
      </Field>
      <Field id="slug" label="Slug *" error={errors.slug} hint={`Leave empty to derive it from the title${derivedSlug ? `: ${derivedSlug}` : ""}.`}>
        <input
          id="slug"
          name="slug"
          maxLength={SLUG_MAX}
          defaultValue={values.slug}
          placeholder={derivedSlug || "my-first-post"}
          aria-invalid={errors.slug ? true : undefined}
          aria-describedby={errors.slug ? "slug-error slug-hint" : "slug-hint"}
          className={`${inputClass} font-mono`}
        />
      </Field>
      <Field id="excerpt" label="Excerpt" error={errors.excerpt}>
        <textarea
          id="excerpt"
          name="excerpt"
          rows={3}
          maxLength={EXCERPT_MAX}
          defaultValue={values.excerpt}
          aria-invalid={errors.excerpt ? true : undefined}
          aria-describedby={errors.excerpt ? "excerpt-error" : undefined}
          className={inputClass}
        />
      </Field>
      <Field id="content" label="Content *" error={errors.content} hint={CONTENT_HINT}>
        <textarea
          id="content"
          name="content"
          rows={20}
          required
          maxLength={CONTENT_MAX}
          defaultValue={values.content}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? "content-error content-hint" : "content-hint"}
          className={`${inputClass} font-mono`}
        />
      </Field>
      <fieldset className="space-y-4 rounded-lg border border-gray-200 p-4">
        <legend className="px-1 text-sm font-medium text-gray-700">Banner image</legend>
        <Field
          id="bannerFile"
          label="Upload an image"
          error={bannerFileError}
          hint="PNG, JPG, WebP or GIF up to 5MB. An upload replaces the URL below."
        >
          <input
            id="bannerFile"
            name="bannerFile"
            type="file"
            accept="image/*"
            aria-invalid={bannerFileError ? true : undefined}
            aria-describedby={bannerFileError ? "bannerFile-error bannerFile-hint" : "bannerFile-hint"}
            onChange={(event) => {
              const file = event.target.files?.[0];
              const reason = file ? uploadProblemOf(file, BANNER_MAX_BYTES) : null;
              const problem = reason ? BANNER_MESSAGES[reason] : null;
              if (problem) event.target.value = "";
              setFileError(problem);
            }}
            className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-lg file:border-0 file:bg-blue-50 file:px-3 file:py-2 file:font-medium file:text-blue-700 hover:file:bg-blue-100"
          />
        </Field>
        <Field id="bannerImageUrl" label="Or image URL" error={errors.bannerImageUrl} hint="https:// only. Clear it to remove the banner.">
          <input
            id="bannerImageUrl"
            name="bannerImageUrl"
            type="text"
            inputMode="url"
            maxLength={BANNER_URL_MAX}
            defaultValue={values.bannerImageUrl}
            placeholder="https://example.com/banner.jpg"
            aria-invalid={errors.bannerImageUrl ? true : undefined}
            aria-describedby={errors.bannerImageUrl ? "bannerImageUrl-error bannerImageUrl-hint" : "bannerImageUrl-hint"}
            className={inputClass}
          />
        </Field>
      </fieldset>
      <div className="flex items-center gap-2">
        <input
          id="publish"
          name="publish"
          type="checkbox"
          defaultChecked={values.publish}
          className="h-4 w-4 rounded border-gray-300 text-blue-600 focus:ring-blue-500"
        />
        <label htmlFor="publish" className="text-sm font-medium text-gray-700">
          Publish immediately
        </label>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to="/admin/blog" className={secondaryButton}>
          Cancel
        </Link>
        <button type="submit" disabled={isSaving} className={primaryButton}>
          {isSaving ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
          {isSaving ? "Saving..." : submitLabel}
        </button>
      </div>
    </Form>
  );
}

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-700">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
