// Rules: docs/features/visitor-languages.md ("The owner's translations", "Translate with AI").
import { ArrowLeft, Languages, Sparkles } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { canTranslateWithAi, draftTranslation } from "~/features/ai/translate-copy.server";
import { requireBusiness, requireCampaignAccess, ROLES } from "~/features/team/member.server";
import {
  COPY_FIELD_LABELS,
  COPY_FIELD_LIMITS,
  COPY_FIELDS,
  checkTranslations,
  translationFieldErrors,
  translationFieldName,
  translationsFromFields,
  type CampaignCopy,
  type CopyTranslations,
} from "~/features/campaigns/copy-translations";
import { getCopyTranslations, saveCopyTranslations } from "~/features/campaigns/copy-translations.server";
import { ownerT, useOwnerT, ownerLanguageIn } from "~/features/languages/owner/owner-language";
import { ownerLanguageFor } from "~/features/languages/owner/owner-language.server";
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, offeredLanguagesOf, type Language } from "~/features/languages/languages";
import { formFields, notFound, readForm } from "~/utils/http.server";
import { getServices, type Services } from "~/utils/services.server";
import type { Route } from "./+types/campaign-languages";

// The owner's translations of their own copy, and "Translate with AI" to draft one
// for review. The dashboard itself stays English.

export async function loader({ request, params }: Route.LoaderArgs) {
  // The campaign's copy: the owner's, or a manager's for a campaign wholly at their locations.
  const acting = await requireBusiness(request, ROLES.manage);
  await requireCampaignAccess(acting, params.campaignId, "write");
  const { db } = await getServices();
  const found = await getCopyTranslations(db, { userId: acting.businessId, campaignId: params.campaignId });
  if (!found) notFound("Campaign not found");
  return {
    campaign: { id: found.id, title: found.title, language: isLanguage(found.language) ? found.language : "en" },
    original: found.original,
    translations: found.translations,
    ai: canTranslateWithAi(),
  };
}

type LanguagesPost = {
  userId: string;
  found: NonNullable<Awaited<ReturnType<typeof getCopyTranslations>>>;
  /** The translations as the form holds them now: every answer gives them back. */
  typed: CopyTranslations;
};

/** "save" stores the form; "translate:<language>" drafts one language with AI into it. */
export async function action({ request, params }: Route.ActionArgs) {
  const acting = await requireBusiness(request, ROLES.manage);
  await requireCampaignAccess(acting, params.campaignId, "write");
  const { db } = await getServices();
  const found = await getCopyTranslations(db, { userId: acting.businessId, campaignId: params.campaignId });
  if (!found) notFound("Campaign not found");
  const fields = formFields(await readForm(request));
  const post: LanguagesPost = { userId: acting.businessId, found, typed: translationsFromFields(fields, found.language) };
  const intent = fields.intent ?? "";
  const language = intent.startsWith("translate:") ? intent.slice("translate:".length) : "";
  switch (language ? "translate" : intent) {
    case "save":
      return saveTranslations(db, post);
    case "translate":
      if (isLanguage(language)) return draftWithAi(post, language);
      break;
  }
  // Anything else, a language we do not know among it, is an unknown action.
  const t = ownerT("refusals", ownerLanguageFor(acting.user, request.headers.get("accept-language")));
  return data({ formError: t("answers.unknownActionDot"), translations: post.typed }, { status: 400 });
}

async function saveTranslations(db: Services["db"], { userId, found, typed }: LanguagesPost) {
  const checked = checkTranslations(typed, found.language);
  if (!checked.ok) return data({ fieldErrors: translationFieldErrors(checked.problems), translations: typed }, { status: 400 });
  await saveCopyTranslations(db, { userId, campaignId: found.id, translations: checked.value });
  return { saved: true as const, translations: checked.value };
}

/** A draft: shown in the form for the owner to read and change; saved only with Save. */
async function draftWithAi({ userId, found, typed }: LanguagesPost, target: Language) {
  const from = isLanguage(found.language) ? found.language : "en";
  const answer = await draftTranslation(userId, { copy: found.original, from, to: target, businessType: found.businessType });
  if (!answer.ok) return data({ formError: answer.error, translations: typed, language: target }, { status: answer.status });
  return { drafted: target, translations: { ...typed, [target]: answer.draft } };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const t = ownerT("languagesPage", ownerLanguageIn(matches));
  return [{ title: t("pageTitle", { campaign: loaded?.campaign.title ?? t("fallbackTitle") }) }];
};

type ActionResult = { saved?: true; drafted?: Language; formError?: string; fieldErrors?: Record<string, string>; translations?: CopyTranslations };

export default function CampaignLanguages({ loaderData, actionData }: Route.ComponentProps) {
  const t = useOwnerT("languagesPage");
  const { campaign, original, ai } = loaderData;
  const result = actionData as ActionResult | undefined;
  const translations = result?.translations ?? loaderData.translations;
  const busy = useNavigation().state === "submitting";
  // Inputs are uncontrolled: a new answer (a draft, a save) gives them new defaults.
  const generation = JSON.stringify(translations);
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <Link to={`/campaigns/${campaign.id}`} className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline">
        <ArrowLeft aria-hidden className="h-4 w-4" /> {campaign.title}
      </Link>
      <header>
        <h1 className="flex items-center gap-2 text-2xl font-bold text-gray-900 sm:text-3xl">
          <Languages aria-hidden className="h-6 w-6" /> {t("title")}
        </h1>
        <p className="mt-1 text-gray-600">{t("intro")}</p>
      </header>
      <WhoSeesWhat language={campaign.language} translations={loaderData.translations} />
      <OriginalCopy copy={original} language={campaign.language} />
      {result?.saved ? (
        <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-800">
          {t("saved")}
        </p>
      ) : null}
      {result?.drafted ? (
        <p role="status" className="rounded-lg bg-blue-50 p-3 text-sm text-blue-800">
          {t("drafted", { language: LANGUAGE_NAMES[result.drafted], code: result.drafted })}
        </p>
      ) : null}
      {result?.formError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {result.formError}
        </p>
      ) : null}
      <Form method="post" className="space-y-4">
        {LANGUAGES.filter((language) => language !== campaign.language).map((language) => (
          <LanguageFields
            key={`${language}:${generation}`}
            language={language}
            translation={translations[language]}
            errors={result?.fieldErrors ?? {}}
            ai={ai}
            busy={busy}
          />
        ))}
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {t("save")}
        </Button>
      </Form>
    </main>
  );
}

/** Which phones read the page in which language, as saved (one language per page). */
function WhoSeesWhat({ language, translations }: { language: Language; translations: CopyTranslations }) {
  const t = useOwnerT("languagesPage");
  const [, ...translated] = offeredLanguagesOf(language, Object.keys(translations));
  const names = (languages: Language[]) => languages.map((each) => LANGUAGE_NAMES[each]).join(", ");
  return (
    <section aria-labelledby="who-sees-heading" className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
      <h2 id="who-sees-heading" className="font-semibold">
        {t("whoSees.title")}
      </h2>
      {translated.length === 0 ? (
        <p className="mt-1">{t("whoSees.onlyOne", { language: LANGUAGE_NAMES[language] })}</p>
      ) : (
        <ul className="mt-1 list-disc space-y-1 ps-5">
          <li>{t("whoSees.translated", { languages: names([language, ...translated]) })}</li>
          <li>{t("whoSees.others", { language: LANGUAGE_NAMES[language] })}</li>
          <li>{t("whoSees.switcher")}</li>
        </ul>
      )}
    </section>
  );
}

function OriginalCopy({ copy, language }: { copy: CampaignCopy; language: Language }) {
  const t = useOwnerT("languagesPage");
  return (
    <section aria-labelledby="original-heading" className={cardClass({ padding: "md", className: "space-y-2 text-sm" })}>
      <h2 id="original-heading" className="font-semibold text-gray-900">
        {t("original", { language: LANGUAGE_NAMES[language] })}
      </h2>
      <dl className="grid gap-1 sm:grid-cols-[10rem_1fr]">
        {COPY_FIELDS.map((field) => (
          <div key={field} className="contents">
            <dt className="text-gray-500">{COPY_FIELD_LABELS[field]}</dt>
            <dd className="break-words text-gray-900">{copy[field]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function LanguageFields({
  language,
  translation = {},
  errors,
  ai,
  busy,
}: {
  language: Language;
  translation?: CopyTranslations[string];
  errors: Record<string, string>;
  ai: boolean;
  busy: boolean;
}) {
  const t = useOwnerT("languagesPage");
  const filled = Object.values(translation).some(Boolean);
  const refused = COPY_FIELDS.some((field) => errors[translationFieldName(language, field)]);
  return (
    <details open={filled || refused} className={cardClass({ padding: "md" })}>
      <summary className="cursor-pointer font-semibold text-gray-900">
        <span lang={language}>{LANGUAGE_NAMES[language]}</span> ({language}){filled ? t("translated") : ""}
      </summary>
      <fieldset className="mt-3 space-y-3" lang={language} dir={language === "ar" ? "rtl" : undefined}>
        <legend className="sr-only">{LANGUAGE_NAMES[language]}</legend>
        {COPY_FIELDS.map((field) => {
          const name = translationFieldName(language, field);
          const Control = field === "thankYou" ? Textarea : Input;
          return (
            <Field key={field} id={name} label={t("fieldLabel", { field: COPY_FIELD_LABELS[field], code: language })} errors={errors[name]}>
              {(control) => <Control {...control} name={name} defaultValue={translation[field] ?? ""} maxLength={COPY_FIELD_LIMITS[field]} />}
            </Field>
          );
        })}
        {ai ? (
          <Button type="submit" name="intent" value={`translate:${language}`} variant="secondary" disabled={busy} formNoValidate>
            <Sparkles aria-hidden className="h-4 w-4" /> {t("translateWithAi")}
          </Button>
        ) : null}
      </fieldset>
    </details>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const t = useOwnerT("languagesPage");
  return (
    <GeneralErrorBoundary
      error={error}
      statusHandlers={{ 404: { title: t("notFound.title"), message: t("notFound.message") } }}
      back={{ to: "/campaigns", label: t("back") }}
    />
  );
}
