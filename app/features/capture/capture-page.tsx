// The public capture page. It carries its own small stylesheet so that the first response alone
// renders the offer and the form (no app-wide CSS, no client fetches): see decision 033.
import { useEffect, useRef, type CSSProperties, type ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { PRO_PRICE_USD } from "~/features/billing/plan";
import { CONSENT_FIELD, type ConsentMode } from "~/features/consent/consent";
import { isLanguage, LANGUAGE_FIELD, LANGUAGE_NAMES, LANGUAGE_PARAM, numberFormat, type Language } from "~/features/languages/languages";
import { useOfferedLanguages } from "~/features/languages/page-language";
import { useNonce } from "~/utils/nonce";
import type { PageDesign } from "./capture";
import { HONEYPOT_FIELD, LEAD_LIMITS, SCAN_TOKEN_FIELD, SUBMISSION_ERRORS } from "./capture-fields";
import { ClaimCard } from "~/features/redeem/claim-card";
import type { CODE_BY_EMAIL_TEXT } from "~/features/redeem/offer";
import type { ClaimView } from "~/features/redeem/claim.server";
import type { LeadFormResult } from "./capture";

const CSS = `body{margin:0}
.cq{--sans:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:24px 16px;box-sizing:border-box;background:linear-gradient(135deg,var(--p),var(--s));font-family:var(--font);color:#111827;line-height:1.5}
.cq *{box-sizing:border-box}
.cq-modern{--font:var(--sans);--w:700}.cq-classic{--font:Georgia,"Times New Roman",serif;--w:700}.cq-bold{--font:var(--sans);--w:900}
.cq-main{width:100%;max-width:28rem}
.cq-card{background:#fff;border-radius:16px;padding:32px 24px;box-shadow:0 20px 40px rgba(0,0,0,.18);text-align:center}
.cq h1,.cq h2{font-weight:var(--w);line-height:1.2;margin:0 0 12px}
.cq h1,.cq .cq-h1{font-size:1.75rem;color:var(--p)}
.cq .cq-h1{font-weight:var(--w);line-height:1.2;margin:0 0 12px}
.cq p{margin:0 0 16px;color:#374151}
.cq-logo{display:block;max-height:64px;max-width:160px;margin:0 auto 16px;object-fit:contain}
.cq form{text-align:start;margin-top:8px}
.cq label{display:block;font-size:.875rem;font-weight:600;margin:12px 0 4px;color:#111827}
.cq input{display:block;width:100%;font:inherit;font-size:1rem;padding:12px;border:1px solid #D1D5DB;border-radius:8px;background:#fff;color:#111827}
.cq input:focus{outline:3px solid var(--s);outline-offset:1px;border-color:var(--p)}
.cq input[aria-invalid=true]{border-color:#DC2626}
.cq-err{color:#B91C1C;font-size:.875rem;margin:4px 0 0}
.cq-alert{background:#FEF2F2;border:1px solid #FECACA;color:#991B1B;border-radius:8px;padding:12px;margin:0 0 12px;font-size:.9rem}
.cq-btn{display:block;width:100%;margin-top:20px;padding:14px 16px;border:0;border-radius:var(--r);background:var(--p);color:var(--t);font:inherit;font-size:1.05rem;font-weight:var(--w);cursor:pointer;text-align:center;text-decoration:none;transition:background .15s}
.cq-btn:hover,.cq-btn:focus-visible{background:var(--h)}
.cq-btn:focus-visible{outline:3px solid #111827;outline-offset:2px}
.cq-btn[disabled]{opacity:.7;cursor:progress}
.cq-note{font-size:.75rem;color:#6B7280;margin:16px 0 0;text-align:center}
.cq-hp{position:absolute;inset-inline-start:-10000px;width:1px;height:1px;overflow:hidden}
.cq-box{background:#F3F4F6;border-radius:8px;padding:12px;font-size:.875rem;color:#4B5563;margin:0}
.cq ul{text-align:start;margin:0 0 20px;padding-inline-start:20px;color:#374151}
.cq-count{font-size:1.5rem;font-weight:800;color:#111827}
.cq-split .cq-main{max-width:60rem;display:grid;gap:24px;align-items:center}
.cq-split .cq-side{color:var(--t);text-align:center}
.cq-split .cq-side h1,.cq-split .cq-side .cq-h1{color:var(--t);font-size:2rem}.cq-split .cq-side p{color:var(--t);opacity:.92;font-size:1.1rem}
@media (min-width:768px){.cq-split .cq-main{grid-template-columns:1fr 1fr}.cq-split .cq-side{text-align:start}.cq-split .cq-side .cq-logo{margin-inline-start:0}}
.cq-minimal{background:#fff;border-top:8px solid var(--p);border-image:linear-gradient(90deg,var(--p),var(--s)) 1}
.cq-minimal .cq-card{box-shadow:none;padding:8px 0}
.cq-biz{font-size:.8rem;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#6B7280;margin:0 0 8px}
.cq-split .cq-side .cq-biz{color:var(--t)}
.cq-offer{display:inline-block;background:#F3F4F6;color:#111827;border-radius:9999px;padding:6px 14px;font-weight:600;font-size:.95rem}
.cq .cq-check{display:flex;gap:10px;align-items:flex-start;margin-top:16px}
.cq .cq-check input{width:20px;height:20px;flex:none;margin:2px 0 0;padding:0}
.cq .cq-check label{margin:0;font-weight:400}
.cq-note a{color:inherit}
.cq-lang{display:flex;justify-content:flex-end;margin:-20px -12px 4px;font-size:.875rem;text-align:start}
.cq-lang details{position:relative}
.cq-lang summary{display:flex;align-items:center;gap:6px;min-height:44px;padding:0 10px;border-radius:8px;color:#374151;cursor:pointer;list-style:none}
.cq-lang summary::-webkit-details-marker{display:none}
.cq-lang summary:hover{background:#F3F4F6}.cq-lang summary:focus-visible,.cq-lang a:focus-visible{outline:3px solid #111827;outline-offset:1px}
.cq .cq-lang ul{position:absolute;inset-inline-end:0;z-index:1;min-width:11rem;margin:0;padding:6px;list-style:none;background:#fff;border:1px solid #D1D5DB;border-radius:8px;box-shadow:0 10px 24px rgba(0,0,0,.16)}
.cq-lang a{display:block;padding:10px 12px;border-radius:6px;color:#111827;text-decoration:none}
.cq-lang a:hover{background:#F3F4F6}.cq-lang [aria-current]{font-weight:700}
.cq-preview{min-height:0;padding:16px;border-radius:0 0 16px 16px}
.cq-preview.cq-split .cq-main{grid-template-columns:1fr}.cq-preview.cq-split .cq-side{text-align:center}
.cq-preview .cq-card{padding:20px 16px}
@media (max-width:480px){.cq{padding:12px}.cq-card{padding:20px 16px}.cq h1,.cq .cq-h1{font-size:1.5rem}.cq p{margin-bottom:12px}.cq label{margin:8px 0 2px}.cq input{padding:10px 12px}.cq .cq-check{margin-top:12px}.cq-btn{margin-top:16px}.cq-note{margin-top:10px}}`;

const RADIUS = { square: "0", pill: "9999px", rounded: "8px" } as const;

/** The page frame: design variables (validated #RRGGBB values only) and the stylesheet. */
export function CaptureFrame({ design, children, preview = false }: { design: PageDesign; children: ReactNode; preview?: boolean }) {
  const nonce = useNonce();
  const variables = {
    "--p": design.primary,
    "--s": design.secondary,
    "--t": design.text,
    "--h": design.hover,
    "--r": RADIUS[design.buttonStyle],
  } as CSSProperties;
  return (
    <div className={`cq cq-${design.fontStyle} cq-${design.layout}${preview ? " cq-preview" : ""}`} style={variables}>
      <style nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: CSS }} />
      {children}
    </div>
  );
}

/** The page's language as the translations know it (English where none is set, as in the wizard). */
export function usePageLanguage(): Language {
  const { i18n } = useTranslation("capture");
  return isLanguage(i18n.language) ? i18n.language : "en";
}

/**
 * The visitor's language switcher (decision 411), at the top of the card where people look: a
 * globe and the page's language, opening to the others the page has the owner's words in. A
 * `<details>` of plain links, so it works without JavaScript; the server remembers the choice in
 * a cookie and the next load is in that language at once. Nothing to switch: nothing shown.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation("capture");
  const current = usePageLanguage();
  const offered = useOfferedLanguages();
  if (offered.length < 2) return null;
  return (
    <nav className="cq-lang" aria-label={t("form.language")}>
      <details>
        <summary>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <circle cx="12" cy="12" r="10" />
            <path d="M2 12h20M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20" />
          </svg>
          <span lang={current}>{LANGUAGE_NAMES[current]}</span>
        </summary>
        <ul>
          {offered.map((language) => (
            <li key={language}>
              <a
                href={`?${LANGUAGE_PARAM}=${language}`}
                lang={language}
                hrefLang={language}
                aria-current={language === current ? "true" : undefined}
                rel="nofollow"
              >
                {LANGUAGE_NAMES[language]}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}

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

/** How this page asks for marketing consent, and where its privacy notice lives (decision 110). */
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

/**
 * What the wizard shows while the owner designs: the very page a visitor gets (the same intro,
 * form and consent), with the spec's "Claim Offer" button leading to /pricing.
 */
export function CapturePreview({ offer, terms, consent }: { offer: Offer; terms: OfferTerms; consent: ConsentView }) {
  const form = (
    <div aria-label="Claim your offer (preview)" role="group">
      <LeadFormBody
        businessName={offer.businessName}
        consent={consent}
        errors={{}}
        values={undefined}
        preview
        submit={
          <a className="cq-btn" href="/pricing">
            Claim Offer
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
      {/* The owner's thank-you is for after the claim (decision 342): the form invites. */}
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
  return (
    <>
      {field("name", t("form.name"), { type: "text", required: !preview, maxLength: LEAD_LIMITS.name, autoComplete: "name" })}
      {field("email", t("form.email"), { type: "email", required: !preview, maxLength: LEAD_LIMITS.email, autoComplete: "email" })}
      {field("phone", t("form.phone"), { type: "tel", maxLength: LEAD_LIMITS.phone, autoComplete: "tel", inputMode: "tel" })}
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

type ThankYouProps = {
  offer: Offer;
  checkEmail: boolean;
  claim?: ClaimView;
  codeByEmail?: keyof typeof CODE_BY_EMAIL_TEXT;
  alreadyClaimed: boolean;
};

/** After the claim, and whenever the browser that claimed opens the page again (decision 344). */
export function ThankYouScreen(props: ThankYouProps) {
  return (
    <CaptureFrame design={props.offer.design}>
      <main className="cq-main">
        <div className="cq-card">
          <LanguageSwitcher />
          <ThankYou {...props} />
        </div>
      </main>
    </CaptureFrame>
  );
}

function ThankYou({ offer, checkEmail, claim, codeByEmail, alreadyClaimed }: ThankYouProps) {
  const { t } = useTranslation("capture");
  const heading = useRef<HTMLHeadingElement>(null);
  // After an in-place submit, move focus to the outcome so screen readers announce it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status">
      <h1 ref={heading} tabIndex={-1}>
        {t("thanks.title")}
      </h1>
      {/* First: where the code is, when this screen does not show it; the owner's thank-you below
          often says to show one. */}
      {alreadyClaimed ? (
        <p data-testid="code-by-email">
          {codeByEmail === "sent" ? t("thanks.alreadyClaimedSent") : `${t("thanks.alreadyClaimed")} ${t("thanks.codeNotSent")}`}
        </p>
      ) : codeByEmail ? (
        <p data-testid="code-by-email">{t(codeByEmail === "sent" ? "thanks.codeSent" : "thanks.codeNotSent")}</p>
      ) : null}
      <p dir="auto">{offer.thankYou}</p>
      <p>
        <Trans t={t} i18nKey="thanks.updates" values={{ business: offer.businessName }} components={{ strong: <strong /> }} />
      </p>
      {checkEmail ? <p>{t("thanks.checkEmail")}</p> : null}
      {claim ? <ClaimCard claim={claim} lead={t("claim.show")} qrLabel={t("claim.qrLabel")} /> : null}
    </div>
  );
}
