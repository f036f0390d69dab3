import { Loader2 } from "lucide-react";
import { useMemo, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { numberFormat } from "~/features/languages/languages";
import { useOwnerLanguage, useOwnerT } from "~/features/languages/owner/owner-language";
import { megabytesLabel, uploadProblemOf } from "~/features/uploads/limits";
import { type FormResult, getFormProps, serverOnlyErrors, useValidatedForm } from "~/utils/form";
import { slugify } from "./blog";
import {
  BANNER_MAX_BYTES,
  BANNER_URL_MAX,
  bannerMessage,
  CONTENT_MAX,
  EXCERPT_MAX,
  postInputSchemaIn,
  type PostMessages,
  SLUG_MAX,
  TITLE_MAX,
} from "./blog.schema";

export type EditorPost = { title: string; slug: string; excerpt: string; content: string; bannerImageUrl: string; publish: boolean };
type EditorResult = { fieldErrors?: Record<string, string>; formError?: string; values?: EditorPost; result?: FormResult };

const BANNER_URL_EXAMPLE = "https://example.com/banner.jpg";
const SLUG_EXAMPLE = "my-first-post";

export function PostEditor({ post, result, submitLabel }: { post: EditorPost; result?: EditorResult; submitLabel: string }) {
  const t = useOwnerT("adminBlog");
  const language = useOwnerLanguage();
  const messages = useMemo<PostMessages>(() => (key, values) => t(`errors.${key}`, values), [t]);
  // The same schema as the action's, with its messages in the admin's language.
  const schema = useMemo(() => postInputSchemaIn(messages, (value) => numberFormat(language).format(value)), [messages, language]);
  const values = result?.values ?? post;
  // Errors of the schema are Conform's (from `result`); the rest (a taken slug, an upload) only the server knows.
  const serverOnly = serverOnlyErrors(result?.fieldErrors, result?.result);
  const [form, fields] = useValidatedForm(schema, { id: "post-editor", lastResult: result?.result, browserChecks: false });
  const errorsOf = (name: keyof typeof fields & string) => fields[name].errors ?? serverOnly[name];
  const [title, setTitle] = useState(values.title);
  const [fileError, setFileError] = useState<string | null>(null);
  const navigation = useNavigation();
  const isSaving = navigation.state === "submitting";
  const derivedSlug = slugify(title);

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className={cardClass({ padding: "sm", className: "space-y-5 sm:p-6" })}>
      {result?.formError ? (
        <div role="alert" id="post-form-error" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {result.formError}
        </div>
      ) : null}
      <Field id="title" label={t("editor.title")} errors={errorsOf("title")}>
        {(control) => (
          <Input
            {...control}
            name="title"
            required
            maxLength={TITLE_MAX}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            size="sm"
          />
        )}
      </Field>
      <Field
        id="slug"
        label={t("editor.slug")}
        errors={errorsOf("slug")}
        hint={derivedSlug ? t("editor.slugHintDerived", { slug: derivedSlug }) : t("editor.slugHint")}
      >
        {(control) => (
          <Input
            {...control}
            name="slug"
            maxLength={SLUG_MAX}
            defaultValue={values.slug}
            placeholder={derivedSlug || SLUG_EXAMPLE}
            size="sm"
            className="font-mono"
          />
        )}
      </Field>
      <Field id="excerpt" label={t("editor.excerpt")} errors={errorsOf("excerpt")}>
        {(control) => <Textarea {...control} name="excerpt" rows={3} maxLength={EXCERPT_MAX} defaultValue={values.excerpt} size="sm" />}
      </Field>
      <Field id="content" label={t("editor.content")} errors={errorsOf("content")} hint={t("editor.contentHint")}>
        {(control) => (
          <Textarea
            {...control}
            name="content"
            rows={20}
            required
            maxLength={CONTENT_MAX}
            defaultValue={values.content}
            size="sm"
            className="font-mono"
          />
        )}
      </Field>
      <fieldset className="space-y-4 rounded-lg border border-gray-200 p-4">
        <legend className="px-1 text-sm font-medium text-gray-700">{t("editor.banner")}</legend>
        <Field
          id="bannerFile"
          label={t("editor.upload")}
          errors={fileError ?? serverOnly.bannerFile}
          hint={t("editor.uploadHint", { size: megabytesLabel(BANNER_MAX_BYTES) })}
        >
          {(control) => (
            <input
              {...control}
              name="bannerFile"
              type="file"
              accept="image/*"
              onChange={(event) => {
                const file = event.target.files?.[0];
                const reason = file ? uploadProblemOf(file, BANNER_MAX_BYTES) : null;
                const problem = reason ? bannerMessage(messages, reason) : null;
                if (problem) event.target.value = "";
                setFileError(problem);
              }}
              className="block w-full text-sm text-gray-700 file:mr-3 file:rounded-lg file:border-0 file:bg-blue-50 file:px-3 file:py-2 file:font-medium file:text-blue-700 hover:file:bg-blue-100"
            />
          )}
        </Field>
        <Field id="bannerImageUrl" label={t("editor.url")} errors={errorsOf("bannerImageUrl")} hint={t("editor.urlHint")}>
          {(control) => (
            <Input
              {...control}
              name="bannerImageUrl"
              type="text"
              inputMode="url"
              maxLength={BANNER_URL_MAX}
              defaultValue={values.bannerImageUrl}
              placeholder={BANNER_URL_EXAMPLE}
              size="sm"
            />
          )}
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
          {t("editor.publish")}
        </label>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to="/admin/blog" className={buttonClass({ variant: "secondary", size: "sm" })}>
          {t("editor.cancel")}
        </Link>
        <Button type="submit" size="md" disabled={isSaving}>
          {isSaving ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
          {isSaving ? t("editor.saving") : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
