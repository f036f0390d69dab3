// The public capture page's screens: the form (in place, or its own post without JavaScript), the
// limit screen and not-found; the frame with its own stylesheet is capture-frame.tsx, the thank-you
// thank-you-screen.tsx.
// Rules: docs/features/consent-and-erasure.md ("What is recorded"); docs/features/capture-and-leads.md ("What the form
//   says").
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { PRO_PRICE_USD } from "~/features/billing/plan";
import { CONSENT_FIELD, type ConsentMode } from "~/features/consent/consent";
import { LANGUAGE_FIELD, numberFormat } from "~/features/languages/languages";
import type { PageDesign } from "./capture";
import { CaptureFrame } from "./capture-frame";
import { LanguageSwitcher, usePageLanguage } from "./language-switcher";
import { ThankYouScreen } from "./thank-you-screen";
import { HONEYPOT_FIELD, LEAD_LIMITS, SCAN_TOKEN_FIELD, SUBMISSION_ERRORS } from "./capture-fields";
import type { LeadFormResult } from "./capture";

export function NotFoundScreen({ design }: { design: PageDesign }) {
  const { t } = useTranslation("capture");
  return (
    <CaptureFrame design={{ ...design, layout: "centered" }}>
      <main className="cq-main">
        <div className="cq-card">
          <LanguageSwitcher />
          <h1>{t("notFound.title")}</h1>
          <p>{t("notFound.body")}</p>
          <p className="cq-box">{t("notFound.box")}</p>
        </div>
      </main>
    </CaptureFrame>
  );
}

const PRO_BENEFITS = ["benefitScans", "benefitCampaigns", "benefitAnalytics", "benefitBranding", "benefitSupport"] as const;

export function ScanLimitScreen({ design, scanCount, limit }: { design: PageDesign; scanCount: number; limit: number }) {
  const { t } = useTranslation("capture");
  const language = usePageLanguage();
  const count = numberFormat(language);
  const price = numberFormat(language, { style: "currency", currency: "USD" }).format(PRO_PRICE_USD);
  return (
    <CaptureFrame design={{ ...design, layout: "centered" }}>
      <main className="cq-main">
        <div className="cq-card">
          <LanguageSwitcher />
          <h1>{t("limit.title")}</h1>
          <p>{t("limit.body")}</p>
          <p>
            {t("limit.current")} <span className="cq-count">{`${count.format(scanCount)} / ${count.format(limit)}`}</span>
          </p>
          <h2>{t("limit.upgradeFor")}</h2>
          <ul>
            {PRO_BENEFITS.map((benefit) => (
              <li key={benefit}>{t(`limit.${benefit}`)}</li>
            ))}
          </ul>
          {/* A full page load: the pricing page needs the app's stylesheet this page leaves out. */}
          <a className="cq-btn" href="/pricing">
            {t("limit.upgrade", { price })}
          </a>
        </div>
      </main>
    </CaptureFrame>
  );
}

export type Offer = { headline: string; thankYou: string; businessName: string; design: PageDesign; logoUrl: string | null };

/** The offer itself (discount and its condition): shown on the page as in the wizard's preview. */
export type OfferTerms = { discount: string; minOrder: string };

/** How this page asks for marketing consent, and where its privacy notice lives. */
export type ConsentView = { mode: ConsentMode; offerRequiresConsent: boolean; privacyHref: string };

export const NOTICE_ONLY: ConsentView = { mode: "notice", offerRequiresConsent: false, privacyHref: "" };

export function CaptureForm({
  offer,
  terms,
  consent = NOTICE_ONLY,
  scanToken,
  postResult,
}: {
  offer: Offer;
  terms?: OfferTerms;
  consent?: ConsentView;
  scanToken: string | null;
  /** The action's answer after a plain (no-JavaScript) form post. */
  postResult: LeadFormResult | undefined;
}) {
  const { t } = useTranslation("capture");
  const language = usePageLanguage();
  const fetcher = useFetcher<LeadFormResult>();
  const result = fetcher.data ?? postResult;
  const busy = fetcher.state !== "idle";
  const token = result?.scanToken ?? scanToken;

  if (result?.ok) {
    return (
      <ThankYouScreen
        offer={offer}
        checkEmail={Boolean(result.checkEmail)}
        claim={result.claim}
        codeByEmail={result.codeByEmail}
        alreadyClaimed={Boolean(result.alreadyClaimed)}
      />
    );
  }

  const form = (
    <fetcher.Form method="post" aria-label={t("form.label")}>
      {result?.error ? (
        <p className="cq-alert" role="alert">
          {/* The one error the browser itself writes (the post did not arrive): in English until translated here. */}
          {result.error === SUBMISSION_ERRORS.failed ? t("errors.failed") : result.error}
        </p>
      ) : null}
      {token ? <input type="hidden" name={SCAN_TOKEN_FIELD} value={token} /> : null}
      <input type="hidden" name={LANGUAGE_FIELD} value={language} />
      <LeadFormBody
        businessName={offer.businessName}
        consent={consent}
        errors={result?.ok ? {} : (result?.fieldErrors ?? {})}
        values={result?.values}
        submit={
          <button className="cq-btn" type="submit" disabled={busy}>
            {busy ? t("form.submitting") : t("form.submit")}
          </button>
        }
      />
    </fetcher.Form>
  );

  return <OfferLayout offer={offer} terms={terms} form={form} switcher />;
}

/** The preview's own words, in the owner's language: the owner's component passes them in (this page never loads the owner catalogue). */
export type PreviewWords = { group: string; claim: string };

/**
 * What the wizard shows while the owner designs: the very page a visitor gets (the same intro,
 * form and consent), with the spec's "Claim Offer" button leading to /pricing.
 */
export function CapturePreview({ offer, terms, consent, words }: { offer: Offer; terms: OfferTerms; consent: ConsentView; words: PreviewWords }) {
  const form = (
    <div aria-label={words.group} role="group">
      <LeadFormBody
        businessName={offer.businessName}
        consent={consent}
        errors={{}}
        values={undefined}
        preview
        submit={
          <a className="cq-btn" href="/pricing">
            {words.claim}
          </a>
        }
      />
    </div>
  );
  return <OfferLayout offer={offer} terms={terms} form={form} preview />;
}

function OfferLayout({
  offer,
  terms,
  form,
  preview = false,
  switcher = false,
}: {
  offer: Offer;
  terms?: OfferTerms;
  form: ReactNode;
  preview?: boolean;
  switcher?: boolean;
}) {
  const { t } = useTranslation("capture");
  const intro = (
    <>
      {offer.logoUrl ? <img className="cq-logo" src={offer.logoUrl} alt={t("form.logoAlt", { business: offer.businessName })} /> : null}
      <p className="cq-biz" dir="auto">
        {offer.businessName}
      </p>
      {preview ? (
        <h3 className="cq-h1" dir="auto">
          {offer.headline}
        </h3>
      ) : (
        <h1 dir="auto">{offer.headline}</h1>
      )}
      {terms && terms.discount ? (
        <p>
          <span className="cq-offer" dir="auto">
            {terms.discount}
            {terms.minOrder ? ` · ${terms.minOrder}` : ""}
          </span>
        </p>
      ) : null}
      {/* The owner's thank-you is for after the claim: the form invites. */}
      <p>{t("form.invitation")}</p>
    </>
  );
  // Inside the wizard the preview is one region of the owner's page, not a second <main>.
  const Main = preview ? "div" : "main";
  return (
    <CaptureFrame design={offer.design} preview={preview}>
      {offer.design.layout === "split" ? (
        <Main className="cq-main">
          <div className="cq-side">{intro}</div>
          <div className="cq-card">
            {switcher ? <LanguageSwitcher /> : null}
            {form}
          </div>
        </Main>
      ) : (
        <Main className="cq-main">
          <div className="cq-card">
            {switcher ? <LanguageSwitcher /> : null}
            {intro}
            {form}
          </div>
        </Main>
      )}
    </CaptureFrame>
  );
}

/** The form's fields, consent and privacy line: one body for the page and the preview. */
function LeadFormBody({
  businessName,
  consent,
  errors,
  values,
  submit,
  preview = false,
}: {
  businessName: string;
  consent: ConsentView;
  errors: Record<string, string>;
  values: LeadFormResult["values"];
  submit: ReactNode;
  preview?: boolean;
}) {
  const { t } = useTranslation("capture");
  const prefix = preview ? "preview" : "lead";
  const field = (name: "name" | "email" | "phone", label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => {
    const error = errors[name];
    const id = `${prefix}-${name}`;
    return (
      <>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={preview ? undefined : name}
          defaultValue={values?.[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          readOnly={preview}
          {...props}
        />
        {error ? (
          <p className="cq-err" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </>
    );
  };
  const consentError = errors[CONSENT_FIELD];
  const consentId = `${prefix}-consent`;
  const nameField = field("name", t("form.name"), { type: "text", required: !preview, maxLength: LEAD_LIMITS.name, autoComplete: "name" });
  const emailField = field("email", t("form.email"), { type: "email", required: !preview, maxLength: LEAD_LIMITS.email, autoComplete: "email" });
  const phoneField = field("phone", t("form.phone"), { type: "tel", maxLength: LEAD_LIMITS.phone, autoComplete: "tel", inputMode: "tel" });
  return (
    <>
      {nameField}
      {emailField}
      {phoneField}
      {consent.mode !== "notice" ? (
        <>
          <div className="cq-check">
            <input
              id={consentId}
              type="checkbox"
              name={preview ? undefined : CONSENT_FIELD}
              value="yes"
              defaultChecked={values?.marketingConsent ?? false}
              required={consent.offerRequiresConsent && !preview}
              aria-invalid={consentError ? true : undefined}
              aria-describedby={consentError ? `${consentId}-error` : undefined}
            />
            <label htmlFor={consentId}>{t("consent.checkbox", { business: businessName })}</label>
          </div>
          {consentError ? (
            <p className="cq-err" id={`${consentId}-error`}>
              {consentError}
            </p>
          ) : null}
          {consent.offerRequiresConsent ? <p className="cq-note">{t("form.consentRequiredNote")}</p> : null}
        </>
      ) : null}
      {preview ? null : (
        <div className="cq-hp" aria-hidden="true">
          <label htmlFor="lead-website">{t("form.honeypot")}</label>
          <input id="lead-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
      )}
      {submit}
      {/* Below the button: on a phone the button stays above the fold with the box shown. */}
      {consent.mode === "double_opt_in" ? <p className="cq-note">{t("consent.doubleOptInHint")}</p> : null}
      {consent.mode === "notice" ? <p className="cq-note">{t("consent.notice")}</p> : null}
      {preview ? (
        <p className="cq-note">
          <bdi>{businessName}</bdi> · {t("form.privacy")}
        </p>
      ) : consent.privacyHref ? (
        <p className="cq-note">
          <bdi>{businessName}</bdi> · <a href={consent.privacyHref}>{t("form.privacy")}</a>
        </p>
      ) : null}
    </>
  );
}
