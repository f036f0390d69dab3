// The thank-you: after the claim, and whenever the browser that claimed opens the page again, with
// the code on screen or word of where it went (docs/features/offers-and-the-counter.md).
// Rules: docs/features/capture-and-leads.md ("One email is one lead per campaign").
import { useEffect, useRef } from "react";
import { Trans, useTranslation } from "react-i18next";
import { ClaimCard } from "~/features/redeem/claim-card";
import type { ClaimView } from "~/features/redeem/claim.server";
import type { CODE_BY_EMAIL_TEXT } from "~/features/redeem/offer";
import { CaptureFrame } from "./capture-frame";
import type { Offer } from "./capture-page";
import { LanguageSwitcher } from "./language-switcher";

type ThankYouProps = {
  offer: Offer;
  checkEmail: boolean;
  claim?: ClaimView;
  codeByEmail?: keyof typeof CODE_BY_EMAIL_TEXT;
  alreadyClaimed: boolean;
};

/** After the claim, and whenever the browser that claimed opens the page again. */
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
