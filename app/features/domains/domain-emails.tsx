import { emailT, render, type EmailContent } from "~/features/email/lead-emails";
import { DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";

/** To the owner, in their language, once their domain is verified. */
export function domainVerifiedEmail(hostname: string, appUrl: string, language: Language = DEFAULT_LANGUAGE): EmailContent {
  const t = emailT(language);
  const body = t("domainVerified.body", { hostname });
  return render(
    t("domainVerified.subject", { hostname }),
    <>
      <p>{body}</p>
      <p>
        <a href={`${appUrl}/settings/domains`}>{t("domainVerified.link")}</a>
      </p>
    </>,
    `${body} ${appUrl}/settings/domains`,
    language,
  );
}

/** To the owner, in their language, when their verified domain stops pointing at LeadQR. */
export function domainBrokenEmail(hostname: string, problem: string, appUrl: string, language: Language = DEFAULT_LANGUAGE): EmailContent {
  const t = emailT(language);
  return render(
    t("domainBroken.subject", { hostname }),
    <>
      <p>{problem}</p>
      <p>{t("domainBroken.body", { hostname })}</p>
      <p>
        <a href={`${appUrl}/settings/domains`}>{t("domainBroken.link")}</a>
      </p>
    </>,
    `${problem} ${t("domainBroken.textBody", { hostname })} ${appUrl}/settings/domains`,
    language,
  );
}
