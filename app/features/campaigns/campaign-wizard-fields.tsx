// Rules: docs/features/visitor-languages.md ("The switcher").
import { LANGUAGE_NAMES, LANGUAGES } from "~/features/languages/languages";
import { type OwnerT, useOwnerT } from "~/features/languages/owner/owner-language";
import { ImagePlus, Loader2, Sparkles } from "lucide-react";
import { cloneElement, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field as UiField } from "~/components/ui/field";
import { controlClass } from "~/components/ui/input";
import { BUTTON_STYLES, COLOR_PRESETS, FIELD_LIMITS, FONT_STYLES, LAYOUTS } from "./campaigns";
import { megabytesLabel, uploadProblemOf } from "~/features/uploads/limits";
import { LOGO_MAX_BYTES, LOGO_MESSAGES, type AiCopyResponse, type LogoUploadResponse } from "./campaigns.schema";
import { filled, LABELS, type Values } from "./campaign-wizard-state";

type SetValues = React.Dispatch<React.SetStateAction<Values>>;
export type Setter = (key: keyof Values) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;

export function DesignFields({
  values,
  setValues,
  set,
  fieldErrors,
  id,
}: {
  values: Values;
  setValues: SetValues;
  set: Setter;
  fieldErrors: Record<string, string>;
  id: string;
}) {
  const t = useOwnerT("wizard");
  const customColors = !values.colorPreset;
  return (
    <div className="space-y-4">
      <div role="radiogroup" aria-labelledby={`${id}-presets`}>
        <p id={`${id}-presets`} className="text-sm font-medium text-gray-700">
          {t("design.colourPreset")}
        </p>
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {COLOR_PRESETS.map((preset) => (
            <label
              key={preset.id}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-gray-200 p-2 text-sm has-[:checked]:border-blue-600 has-[:checked]:ring-2 has-[:checked]:ring-blue-200 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-500"
            >
              <input
                type="radio"
                name="colorPreset"
                value={preset.id}
                checked={values.colorPreset === preset.id}
                onChange={() =>
                  setValues((current) => ({ ...current, colorPreset: preset.id, primaryColor: preset.primary, secondaryColor: preset.secondary }))
                }
                className="sr-only"
              />
              <span
                aria-hidden
                className="h-6 w-10 shrink-0 rounded"
                style={{ backgroundImage: `linear-gradient(135deg, ${preset.primary}, ${preset.secondary})` }}
              />
              {preset.name}
            </label>
          ))}
        </div>
        {customColors ? (
          <>
            <input type="hidden" name="primaryColor" value={values.primaryColor} />
            <input type="hidden" name="secondaryColor" value={values.secondaryColor} />
          </>
        ) : null}
        {fieldErrors.colorPreset ? <p className="mt-1 text-sm text-red-600">{fieldErrors.colorPreset}</p> : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <ChoiceField
          label={t("design.buttonStyle")}
          name="buttonStyle"
          options={BUTTON_STYLES}
          values={values}
          set={set}
          fieldErrors={fieldErrors}
          id={id}
        />
        <ChoiceField
          label={t("design.fontStyle")}
          name="fontStyle"
          options={FONT_STYLES}
          values={values}
          set={set}
          fieldErrors={fieldErrors}
          id={id}
        />
        <ChoiceField label={t("design.layout")} name="layout" options={LAYOUTS} values={values} set={set} fieldErrors={fieldErrors} id={id} />
        <Field label={t("design.textColour")} name="textColor" error={fieldErrors.textColor} id={id} hint={colourName(values.textColor, t)}>
          {/* A white swatch on a white field is invisible: the swatch gets its own dark edge. */}
          <input
            type="color"
            value={values.textColor.toLowerCase()}
            onChange={set("textColor")}
            className="h-10 p-1 [&::-moz-color-swatch]:rounded [&::-moz-color-swatch]:border-2 [&::-moz-color-swatch]:border-gray-500 [&::-webkit-color-swatch]:rounded [&::-webkit-color-swatch]:border-2 [&::-webkit-color-swatch]:border-gray-500"
          />
        </Field>
      </div>
    </div>
  );
}

/** One design choice (button style, font, layout) as a labelled select. */
export function ChoiceField(props: {
  label: string;
  name: "buttonStyle" | "fontStyle" | "layout";
  options: readonly string[];
  values: Values;
  set: Setter;
  fieldErrors: Record<string, string>;
  id: string;
}) {
  return (
    <Field label={props.label} name={props.name} error={props.fieldErrors[props.name]} id={props.id}>
      <select value={props.values[props.name]} onChange={props.set(props.name)}>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {LABELS[option]}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The page's language when a visitor's phone asks for one the page does not have. */
export function LanguageField(props: { values: Values; set: Setter; fieldErrors: Record<string, string>; id: string }) {
  return <LanguageSelect {...props} />;
}

function LanguageSelect(props: { values: Values; set: Setter; fieldErrors: Record<string, string>; id: string }) {
  const t = useOwnerT("wizard");
  return (
    <Field label={t("design.pageLanguage")} name="language" error={props.fieldErrors.language} id={props.id} hint={t("design.pageLanguageHint")}>
      <select value={props.values.language} onChange={props.set("language")}>
        {LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function CopyFields(props: {
  values: Values;
  setValues: SetValues;
  set: Setter;
  fieldErrors: Record<string, string>;
  id: string;
  showGenerate: boolean;
}) {
  const t = useOwnerT("wizard");
  const { values, setValues, set, fieldErrors, id } = props;
  const copyFetcher = useFetcher<AiCopyResponse>();
  const [localError, setLocalError] = useState<string | null>(null);
  const [isTemplate, setIsTemplate] = useState(false);
  const generating = copyFetcher.state !== "idle";

  useEffect(() => {
    const answer = copyFetcher.data;
    if (!answer) return;
    if (answer.ok) {
      setValues((current) => ({ ...current, aiHeadline: answer.headline, aiThankyou: answer.thankyou }));
      setIsTemplate(answer.isTemplate);
      setLocalError(null);
    } else {
      setLocalError(answer.error);
    }
  }, [copyFetcher.data, setValues]);

  const generate = () => {
    if (!filled(values.businessType) || !filled(values.discount) || !filled(values.minOrder)) {
      setLocalError(t("copy.fillInFirst"));
      return;
    }
    setLocalError(null);
    copyFetcher.submit(
      { businessType: values.businessType, offer: values.discount, condition: values.minOrder, language: values.language },
      { method: "post", action: "/api/ai-copy" },
    );
  };

  return (
    <div className="space-y-4">
      {props.showGenerate ? (
        <div className="flex flex-col gap-2 rounded-xl border border-purple-200 bg-purple-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-purple-900">{t("copy.generateIntro")}</p>
          <button
            type="button"
            onClick={generate}
            disabled={generating}
            className="inline-flex items-center justify-center gap-2 rounded-lg bg-purple-600 px-4 py-2 text-sm font-medium text-white hover:bg-purple-700 disabled:opacity-60"
          >
            {generating ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <Sparkles aria-hidden className="h-4 w-4" />}
            {generating ? t("copy.generating") : t("copy.generate")}
          </button>
        </div>
      ) : null}
      {localError ? (
        <p role="alert" className="text-sm text-red-600">
          {localError}
        </p>
      ) : null}
      {isTemplate ? (
        <div role="status" className="rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          <p className="font-semibold">{t("copy.templateTitle")}</p>
          <p>{t("copy.templateNote")}</p>
        </div>
      ) : null}
      <Field label={t("copy.headline")} name="aiHeadline" error={fieldErrors.aiHeadline} id={id}>
        <textarea value={values.aiHeadline} onChange={set("aiHeadline")} maxLength={FIELD_LIMITS.aiHeadline} rows={2} required />
      </Field>
      <Field label={t("copy.thankYou")} name="aiThankyou" error={fieldErrors.aiThankyou} id={id}>
        <textarea value={values.aiThankyou} onChange={set("aiThankyou")} maxLength={FIELD_LIMITS.aiThankyou} rows={3} required />
      </Field>
    </div>
  );
}

/** Pictures are redrawn as PNG in the browser so the server can draw them into PNG QR codes. */
async function toPng(file: File): Promise<Blob> {
  if (file.type === "image/png") return file;
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, 240 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
    return blob ?? file;
  } catch {
    return file;
  }
}

export function LogoField({ values, setValues, error }: { values: Values; setValues: SetValues; error?: string }) {
  const t = useOwnerT("wizard");
  const logoFetcher = useFetcher<LogoUploadResponse>();
  const [localError, setLocalError] = useState<string | null>(null);
  const uploading = logoFetcher.state !== "idle";

  useEffect(() => {
    const answer = logoFetcher.data;
    if (!answer) return;
    if (answer.ok) {
      setValues((current) => ({ ...current, qrLogoUrl: answer.url }));
      setLocalError(null);
    } else {
      setLocalError(answer.error);
    }
  }, [logoFetcher.data, setValues]);

  const choose = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = uploadProblemOf(file, LOGO_MAX_BYTES);
    if (problem) return setLocalError(LOGO_MESSAGES[problem]);
    setLocalError(null);
    const form = new FormData();
    const png = await toPng(file);
    form.append("logo", png, png === file ? file.name : "logo.png");
    logoFetcher.submit(form, { method: "post", action: "/api/logo", encType: "multipart/form-data" });
  };

  const shownError = localError ?? error;
  return (
    <div>
      <p className="text-sm font-medium text-gray-700">{t("logo.title")}</p>
      <input type="hidden" name="qrLogoUrl" value={values.qrLogoUrl} />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        {values.qrLogoUrl ? (
          <img src={values.qrLogoUrl} alt={t("logo.alt")} className="h-12 w-12 rounded-lg border border-gray-200 object-contain" />
        ) : null}
        <label
          className={buttonClass({
            variant: "secondary",
            size: "md",
            className: "cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-500",
          })}
        >
          {uploading ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <ImagePlus aria-hidden className="h-4 w-4" />}
          {uploading ? t("logo.uploading") : values.qrLogoUrl ? t("logo.change") : t("logo.upload")}
          <input type="file" accept="image/*" onChange={choose} className="sr-only" aria-describedby="logo-hint" />
        </label>
        {values.qrLogoUrl ? (
          <button
            type="button"
            onClick={() => setValues((current) => ({ ...current, qrLogoUrl: "" }))}
            className="text-sm text-gray-600 underline hover:text-gray-900"
          >
            {t("logo.remove")}
          </button>
        ) : null}
      </div>
      <p id="logo-hint" className="mt-1 text-xs text-gray-500">
        {t("logo.hint", { size: megabytesLabel(LOGO_MAX_BYTES) })}
      </p>
      {shownError ? (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}

/** A label, the control (given as the only child, without id/name), its hint and its error. */
export function Field(props: {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  id: string;
  children: React.ReactElement<Record<string, unknown>>;
}) {
  const child = props.children;
  return (
    <UiField id={`${props.id}-${props.name}`} label={props.label} hint={props.hint} errors={props.error}>
      {(control) =>
        cloneElement(child, { ...control, name: props.name, className: controlClass({ className: child.props.className as string | undefined }) })
      }
    </UiField>
  );
}

/** Why Next is disabled, next to it (the button points here with aria-describedby). */
export function MissingFields({ id, labels }: { id: string; labels: string[] }) {
  const t = useOwnerT("wizard");
  if (labels.length === 0) return null;
  return (
    <p id={id} className="text-right text-sm text-gray-600">
      {t("missing", { fields: labels.join(", ") })}
    </p>
  );
}

export function Summary({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-gray-500">{label}</dt>
      <dd className="font-medium break-words text-gray-900">{value || "—"}</dd>
    </div>
  );
}

/** The chosen colour in words under its swatch, since a white swatch on a white page is easy to miss. */
function colourName(hex: string, t: OwnerT<"wizard">) {
  const upper = hex.toUpperCase();
  if (upper === "#FFFFFF") return t("design.white");
  if (upper === "#000000") return t("design.black");
  return upper;
}
