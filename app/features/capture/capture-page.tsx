// The public capture page. It carries its own small stylesheet so that the first response alone
// renders the offer and the form (no app-wide CSS, no client fetches): see decision 033.
import { useEffect, useRef, type CSSProperties, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { PRO_PRICE_USD } from "~/features/billing/plan";
import { useNonce } from "~/utils/nonce";
import type { PageDesign } from "./capture";
import { HONEYPOT_FIELD, LEAD_LIMITS, SCAN_TOKEN_FIELD } from "./capture.schema";
import { ClaimCard } from "~/features/redeem/claim-card";
import type { ClaimView } from "~/features/redeem/claim.server";

const CSS = `body{margin:0}
.cq{--sans:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:24px 16px;box-sizing:border-box;background:linear-gradient(135deg,var(--p),var(--s));font-family:var(--font);color:#111827;line-height:1.5}
.cq *{box-sizing:border-box}
.cq-modern{--font:var(--sans);--w:700}.cq-classic{--font:Georgia,"Times New Roman",serif;--w:700}.cq-bold{--font:var(--sans);--w:900}
.cq-main{width:100%;max-width:28rem}
.cq-card{background:#fff;border-radius:16px;padding:32px 24px;box-shadow:0 20px 40px rgba(0,0,0,.18);text-align:center}
.cq h1,.cq h2{font-weight:var(--w);line-height:1.2;margin:0 0 12px}
.cq h1{font-size:1.75rem;color:var(--p)}
.cq p{margin:0 0 16px;color:#374151}
.cq-logo{display:block;max-height:64px;max-width:160px;margin:0 auto 16px;object-fit:contain}
.cq form{text-align:left;margin-top:8px}
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
.cq-hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
.cq-box{background:#F3F4F6;border-radius:8px;padding:12px;font-size:.875rem;color:#4B5563;margin:0}
.cq ul{text-align:left;margin:0 0 20px;padding-left:20px;color:#374151}
.cq-count{font-size:1.5rem;font-weight:800;color:#111827}
.cq-split .cq-main{max-width:60rem;display:grid;gap:24px;align-items:center}
.cq-split .cq-side{color:var(--t);text-align:center}
.cq-split .cq-side h1{color:var(--t);font-size:2rem}.cq-split .cq-side p{color:var(--t);opacity:.92;font-size:1.1rem}
@media (min-width:768px){.cq-split .cq-main{grid-template-columns:1fr 1fr}.cq-split .cq-side{text-align:left}.cq-split .cq-side .cq-logo{margin-left:0}}
.cq-minimal{background:#fff;border-top:8px solid var(--p);border-image:linear-gradient(90deg,var(--p),var(--s)) 1}
.cq-minimal .cq-card{box-shadow:none;padding:8px 0}`;

const RADIUS = { square: "0", pill: "9999px", rounded: "8px" } as const;

/** The page frame: design variables (validated #RRGGBB values only) and the stylesheet. */
export function CaptureFrame({ design, children }: { design: PageDesign; children: ReactNode }) {
  const nonce = useNonce();
  const variables = {
    "--p": design.primary,
    "--s": design.secondary,
    "--t": design.text,
    "--h": design.hover,
    "--r": RADIUS[design.buttonStyle],
  } as CSSProperties;
  return (
    <div className={`cq cq-${design.fontStyle} cq-${design.layout}`} style={variables}>
      <style nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: CSS }} />
      {children}
    </div>
  );
}

export function NotFoundScreen({ design }: { design: PageDesign }) {
  return (
    <CaptureFrame design={{ ...design, layout: "centered" }}>
      <main className="cq-main">
        <div className="cq-card">
          <h1>Campaign Loading Error: Campaign Not Found</h1>
          <p>The QR code you scanned is not valid or has expired.</p>
          <p className="cq-box">Campaign not found or inactive</p>
        </div>
      </main>
    </CaptureFrame>
  );
}

const PRO_BENEFITS = ["Unlimited QR code scans", "Unlimited campaigns", "Advanced analytics", "Custom branding", "Priority support"];

export function ScanLimitScreen({ design, scanCount, limit }: { design: PageDesign; scanCount: number; limit: number }) {
  return (
    <CaptureFrame design={{ ...design, layout: "centered" }}>
      <main className="cq-main">
        <div className="cq-card">
          <h1>Scan Limit Reached!</h1>
          <p>This campaign has reached its free scan limit.</p>
          <p>
            Current scans: <span className="cq-count">{`${scanCount} / ${limit}`}</span>
          </p>
          <h2>Upgrade to Pro for:</h2>
          <ul>
            {PRO_BENEFITS.map((benefit) => (
              <li key={benefit}>{benefit}</li>
            ))}
          </ul>
          {/* A full page load: the pricing page needs the app's stylesheet this page leaves out. */}
          <a className="cq-btn" href="/pricing">
            {`Upgrade to Pro - $${PRO_PRICE_USD}/month`}
          </a>
        </div>
      </main>
    </CaptureFrame>
  );
}

export type Offer = { headline: string; thankYou: string; businessName: string; design: PageDesign; logoUrl: string | null };

export type LeadFormResult = {
  ok: boolean;
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: { name: string; email: string; phone: string };
  scanToken?: string;
  claim?: ClaimView;
};

export function CaptureForm({
  offer,
  scanToken,
  postResult,
}: {
  offer: Offer;
  scanToken: string | null;
  /** The action's answer after a plain (no-JavaScript) form post. */
  postResult: LeadFormResult | undefined;
}) {
  const fetcher = useFetcher<LeadFormResult>();
  const result = fetcher.data ?? postResult;
  const busy = fetcher.state !== "idle";
  const token = result?.scanToken ?? scanToken;
  const errors = result?.ok ? {} : (result?.fieldErrors ?? {});
  const values = result?.values;

  const intro = (
    <>
      {offer.logoUrl ? <img className="cq-logo" src={offer.logoUrl} alt={`${offer.businessName} logo`} /> : null}
      <h1>{offer.headline}</h1>
      <p>{offer.thankYou}</p>
    </>
  );

  if (result?.ok) {
    return (
      <CaptureFrame design={offer.design}>
        <main className="cq-main">
          <ThankYou offer={offer} claim={result.claim} />
        </main>
      </CaptureFrame>
    );
  }

  const field = (name: "name" | "email" | "phone", label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => {
    const error = errors[name];
    const id = `lead-${name}`;
    return (
      <>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={name}
          defaultValue={values?.[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
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

  const form = (
    <fetcher.Form method="post" aria-label="Claim your offer">
      {result?.error ? (
        <p className="cq-alert" role="alert">
          {result.error}
        </p>
      ) : null}
      {token ? <input type="hidden" name={SCAN_TOKEN_FIELD} value={token} /> : null}
      {field("name", "Full Name *", { type: "text", required: true, maxLength: LEAD_LIMITS.name, autoComplete: "name" })}
      {field("email", "Email Address *", { type: "email", required: true, maxLength: LEAD_LIMITS.email, autoComplete: "email" })}
      {field("phone", "Phone Number", { type: "tel", maxLength: LEAD_LIMITS.phone, autoComplete: "tel", inputMode: "tel" })}
      <div className="cq-hp" aria-hidden="true">
        <label htmlFor="lead-website">Leave this field empty</label>
        <input id="lead-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button className="cq-btn" type="submit" disabled={busy}>
        {busy ? "Submitting..." : "Claim My Offer"}
      </button>
      <p className="cq-note">
        By submitting this form, you agree to receive marketing communications from us. You can unsubscribe at any time.
      </p>
    </fetcher.Form>
  );

  return (
    <CaptureFrame design={offer.design}>
      {offer.design.layout === "split" ? (
        <main className="cq-main">
          <div className="cq-side">{intro}</div>
          <div className="cq-card">{form}</div>
        </main>
      ) : (
        <main className="cq-main">
          <div className="cq-card">
            {intro}
            {form}
          </div>
        </main>
      )}
    </CaptureFrame>
  );
}

function ThankYou({ offer, claim }: { offer: Offer; claim?: ClaimView }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // After an in-place submit, move focus to the outcome so screen readers announce it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="cq-card" role="status">
      <h1 ref={heading} tabIndex={-1}>
        Thank You!
      </h1>
      <p>{offer.thankYou}</p>
      <p>
        Keep an eye on your email for exclusive offers and updates from <strong>{offer.businessName}</strong>
      </p>
      {claim ? <ClaimCard claim={claim} /> : null}
    </div>
  );
}
