// The wizard's "Languages": the owner's headline, offer, condition and thank-you in
// the other languages visitors may read, saved with the campaign by the rule and the function the
// Languages page uses. "Translate with AI" fills a draft here; only Launch saves it.
// Rules: docs/features/visitor-languages.md ("The owner's translations").
import { Loader2, Sparkles } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input, Textarea } from "~/components/ui/input";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "~/features/languages/languages";
import { useOwnerT } from "~/features/languages/owner/owner-language";
import type { Values } from "./campaign-wizard-state";
import {
  COPY_FIELD_LABELS,
  COPY_FIELD_LIMITS,
  COPY_FIELDS,
  translationFieldName,
  translationsFromFields,
  type CopyField,
  type CopyTranslation,
  type CopyTranslations,
} from "./copy-translations";

/** What the owner has typed per language, every field as text (an empty one shows their original words). */
export type TypedTranslations = Partial<Record<Language, Record<CopyField, string>>>;

/** The answer of POST /api/translate-copy. */
export type TranslateCopyResponse = { ok: true; language: Language; draft: CopyTranslation } | { ok: false; language?: string; error: string };

const EMPTY: Record<CopyField, string> = { headline: "", offer: "", condition: "", thankYou: "" };

/** The saved translations, or what a refused post gave back (a form without JavaScript keeps what was typed). */
export function initialTranslations(saved: CopyTranslations | undefined, echoed: Record<string, string | undefined> | undefined): TypedTranslations {
  const posted = Object.fromEntries(Object.entries(echoed ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  // A refused post gave back every language it showed: what was typed wins over what was saved.
  const typed = { ...saved, ...translationsFromFields(posted, "") };
  const out: TypedTranslations = {};
  for (const language of LANGUAGES) if (typed[language]) out[language] = { ...EMPTY, ...typed[language] };
  return out;
}

const isFilled = (translation: Record<CopyField, string> | undefined) => COPY_FIELDS.some((field) => (translation?.[field] ?? "").trim() !== "");

export function WizardLanguages(props: {
  values: Values;
  translations: TypedTranslations;
  setTranslations: React.Dispatch<React.SetStateAction<TypedTranslations>>;
  fieldErrors: Record<string, string>;
  /** "Translate with AI" is offered (a key is set, and JavaScript runs). */
  ai: boolean;
  /**
   * With JavaScript a closed language keeps its words in hidden inputs rather than 4 unseen fields
   * each (the other "Headline" fields of the form stay the only ones); without it every field is
   * there for the browser's own disclosure to show.
   */
  lazy: boolean;
  id: string;
}) {
  const t = useOwnerT("wizard");
  const { values, translations, setTranslations, fieldErrors } = props;
  const others = LANGUAGES.filter((language) => language !== values.language);
  const translated = others.filter((language) => isFilled(translations[language]));
  const refused = Object.keys(fieldErrors).some((name) => name.startsWith("translation"));
  const [open, setOpen] = useState(translated.length > 0 || refused);
  useEffect(() => {
    if (refused) setOpen(true);
  }, [refused]);
  const drafts = useAiDrafts(values, setTranslations);
  const setField = (language: Language, field: CopyField, value: string) =>
    setTranslations((current) => ({ ...current, [language]: { ...EMPTY, ...current[language], [field]: value } }));

  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="rounded-xl border border-gray-200 p-4">
      <summary className="cursor-pointer font-medium text-gray-900">
        {t("languages.title")}{" "}
        <span className="text-sm font-normal text-gray-600">
          {translated.length > 0
            ? t("languages.translatedList", { languages: translated.map((language) => LANGUAGE_NAMES[language]).join(", ") })
            : t("languages.optional")}
        </span>
      </summary>
      {props.lazy && !open
        ? others.map((language) => <KeptWords key={language} language={language} translation={translations[language] ?? EMPTY} />)
        : null}
      <div className="mt-3 space-y-3">
        <p className="text-sm text-gray-600">{t("languages.intro")}</p>
        {fieldErrors.translations ? (
          <p role="alert" className="text-sm text-red-600">
            {fieldErrors.translations}
          </p>
        ) : null}
        {props.lazy && !open
          ? null
          : others.map((language) => (
              <WizardLanguage
                key={language}
                lazy={props.lazy}
                original={{ headline: values.aiHeadline, offer: values.discount, condition: values.minOrder, thankYou: values.aiThankyou }}
                language={language}
                translation={translations[language] ?? EMPTY}
                onChange={(field, value) => setField(language, field, value)}
                fieldErrors={fieldErrors}
                id={props.id}
                ai={props.ai ? { busy: drafts.busy, translate: () => drafts.translate(language), answer: drafts.answerFor(language) } : null}
              />
            ))}
      </div>
    </details>
  );
}

/** A closed language's words, posted as typed. */
function KeptWords({ language, translation }: { language: Language; translation: Record<CopyField, string> }) {
  return COPY_FIELDS.map((field) => <input key={field} type="hidden" name={translationFieldName(language, field)} value={translation[field]} />);
}

type AiOffer = { busy: boolean; translate: () => void; answer: TranslateCopyResponse | null };

/** One language's four fields in its own disclosure, opened by the owner or by what it holds. */
function WizardLanguage(props: {
  language: Language;
  translation: Record<CopyField, string>;
  onChange: (field: CopyField, value: string) => void;
  fieldErrors: Record<string, string>;
  id: string;
  ai: AiOffer | null;
  lazy: boolean;
  /** The owner's own words: what an empty field shows visitors, so its placeholder. */
  original: Record<CopyField, string>;
}) {
  const t = useOwnerT("wizard");
  const { language, translation, fieldErrors, ai } = props;
  const languageError = fieldErrors[`translation.${language}`];
  const refused = Boolean(languageError) || COPY_FIELDS.some((field) => fieldErrors[translationFieldName(language, field)]);
  const [open, setOpen] = useState(isFilled(translation) || refused);
  useEffect(() => {
    if (refused) setOpen(true);
  }, [refused]);
  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="rounded-lg border border-gray-200 bg-white">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-gray-900">
        <span lang={language}>{LANGUAGE_NAMES[language]}</span> ({language}){isFilled(translation) ? t("languages.translated") : ""}
      </summary>
      {props.lazy && !open ? (
        <KeptWords language={language} translation={translation} />
      ) : (
        <fieldset className="space-y-3 px-3 pb-3" lang={language} dir={language === "ar" ? "rtl" : undefined}>
          <legend className="sr-only">{LANGUAGE_NAMES[language]}</legend>
          {languageError ? <p className="text-sm text-red-600">{languageError}</p> : null}
          {COPY_FIELDS.map((field) => {
            const name = translationFieldName(language, field);
            const Control = field === "thankYou" ? Textarea : Input;
            return (
              <Field
                key={field}
                id={`${props.id}-${name}`}
                label={t("languages.fieldLabel", { field: COPY_FIELD_LABELS[field], code: language })}
                errors={fieldErrors[name]}
              >
                {(control) => (
                  <Control
                    {...control}
                    name={name}
                    value={translation[field]}
                    onChange={(event: React.ChangeEvent<HTMLInputElement & HTMLTextAreaElement>) => props.onChange(field, event.target.value)}
                    maxLength={COPY_FIELD_LIMITS[field]}
                    placeholder={props.original[field]}
                    {...(field === "thankYou" ? { rows: 3 } : {})}
                  />
                )}
              </Field>
            );
          })}
          {ai ? <AiDraft language={language} {...ai} /> : null}
        </fieldset>
      )}
    </details>
  );
}

/** "Translate with AI" under one language, and what came of it there. */
function AiDraft({ language, busy, translate, answer }: AiOffer & { language: Language }) {
  const t = useOwnerT("wizard");
  return (
    <div className="space-y-2" dir="ltr" lang="en">
      <button type="button" onClick={translate} disabled={busy} className={buttonClass({ variant: "secondary", size: "md" })}>
        {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Sparkles aria-hidden className="h-4 w-4" />}{" "}
        {t("languages.translateWithAi")}
      </button>
      <div role="status">
        {answer?.ok ? (
          <p className="rounded-lg bg-blue-50 p-3 text-sm text-blue-800">
            {t("languages.drafted", { language: LANGUAGE_NAMES[language], code: language })}
          </p>
        ) : null}
      </div>
      {answer && !answer.ok ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {answer.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Asks the AI for one language's draft of the copy as the form holds it now, and puts the answer in
 * that language's fields for the owner to read and change. Saves nothing.
 */
function useAiDrafts(values: Values, setTranslations: React.Dispatch<React.SetStateAction<TypedTranslations>>) {
  const fetcher = useFetcher<TranslateCopyResponse>();
  const [asked, setAsked] = useState<Language | null>(null);
  const answer = fetcher.data;
  useEffect(() => {
    if (answer?.ok) setTranslations((current) => ({ ...current, [answer.language]: { ...EMPTY, ...answer.draft } }));
  }, [answer, setTranslations]);
  return {
    busy: fetcher.state !== "idle",
    answerFor: (language: Language) => (asked === language && fetcher.state === "idle" ? (answer ?? null) : null),
    translate(language: Language) {
      setAsked(language);
      fetcher.submit(
        {
          language,
          from: values.language,
          businessType: values.businessType,
          headline: values.aiHeadline,
          offer: values.discount,
          condition: values.minOrder,
          thankYou: values.aiThankyou,
        },
        { method: "post", action: "/api/translate-copy" },
      );
    },
  };
}
