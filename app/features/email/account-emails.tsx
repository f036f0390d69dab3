// Emails about the account itself: verification, password reset, email change, probing notice; each
// in the member's language (docs/features/visitor-languages.md, "The owner's screens").
import { DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";
import { emailMarkup, emailT, oneLine, render, type EmailContent } from "./lead-emails";

function Button({ href, children }: { href: string; children: string }) {
  return (
    <p>
      <a
        href={href}
        style={{ display: "inline-block", background: "#2563EB", color: "#FFFFFF", padding: "10px 18px", borderRadius: 8, textDecoration: "none" }}
      >
        {children}
      </a>
    </p>
  );
}

/** A tag of a sentence made a link. */
const linkTo = (href: string) => (words: string) => <a href={href}>{words}</a>;

/** The one email at sign-up (also sent again on request): the welcome and the confirmation link. */
export function verifyEmailEmail(link: string, appUrl: string, language: Language = DEFAULT_LANGUAGE): EmailContent {
  const t = emailT(language);
  const valid = emailMarkup(language, "verify.valid", {}, { link: linkTo(`${appUrl}/dashboard`) });
  return render(
    t("verify.subject"),
    <>
      <p>{t("verify.welcome")}</p>
      <p>{t("verify.confirm")}</p>
      <Button href={link}>{t("verify.button")}</Button>
      <p>{valid}</p>
    </>,
    [
      t("verify.welcome"),
      "",
      t("verify.textConfirm", { link }),
      "",
      t("verify.textDashboard", { link: `${appUrl}/dashboard` }),
      "",
      t("verify.textIgnore"),
    ].join("\n"),
    language,
  );
}

export function resetPasswordEmail(link: string, appUrl: string, language: Language = DEFAULT_LANGUAGE): EmailContent {
  const t = emailT(language);
  const valid = emailMarkup(language, "reset.valid", {}, { link: linkTo(`${appUrl}/forgot-password`) });
  return render(
    t("reset.subject"),
    <>
      <p>{t("reset.asked")}</p>
      <Button href={link}>{t("reset.button")}</Button>
      <p>{valid}</p>
    </>,
    t("reset.text", { link }),
    language,
  );
}

export function signInLinkEmail(link: string, appUrl: string, language: Language = DEFAULT_LANGUAGE): EmailContent {
  const t = emailT(language);
  const valid = emailMarkup(language, "signInLink.valid", {}, { link: linkTo(`${appUrl}/signin/email-link`) });
  return render(
    t("signInLink.subject"),
    <>
      <p>{t("signInLink.asked")}</p>
      <Button href={link}>{t("signInLink.button")}</Button>
      <p>{valid}</p>
    </>,
    t("signInLink.text", { link }),
    language,
  );
}

export function passwordChangedEmail(appUrl: string, language: Language = DEFAULT_LANGUAGE): EmailContent {
  const t = emailT(language);
  const notYou = emailMarkup(language, "passwordChanged.notYou", {}, { link: linkTo(`${appUrl}/forgot-password`) });
  return render(
    t("passwordChanged.subject"),
    <>
      <p>{t("passwordChanged.body")}</p>
      <p>{notYou}</p>
    </>,
    t("passwordChanged.text", { link: `${appUrl}/forgot-password` }),
    language,
  );
}

export function emailChangeConfirmEmail(link: string, newEmail: string, language: Language = DEFAULT_LANGUAGE): EmailContent {
  const t = emailT(language);
  return render(
    t("emailChangeConfirm.subject"),
    <>
      <p>{t("emailChangeConfirm.body", { email: newEmail })}</p>
      <Button href={link}>{t("emailChangeConfirm.button")}</Button>
      <p>{t("emailChangeConfirm.valid")}</p>
    </>,
    t("emailChangeConfirm.text", { email: oneLine(newEmail), link }),
    language,
  );
}

export function emailChangeNoticeEmail(newEmail: string, appUrl: string, language: Language = DEFAULT_LANGUAGE): EmailContent {
  const t = emailT(language);
  const notYou = emailMarkup(language, "emailChangeNotice.notYou", {}, { link: linkTo(`${appUrl}/forgot-password`) });
  return render(
    t("emailChangeNotice.subject"),
    <>
      <p>{t("emailChangeNotice.body", { email: newEmail })}</p>
      <p>{notYou}</p>
    </>,
    t("emailChangeNotice.text", { email: oneLine(newEmail), link: `${appUrl}/forgot-password` }),
    language,
  );
}

export function signUpAttemptEmail(appUrl: string, language: Language = DEFAULT_LANGUAGE): EmailContent {
  const t = emailT(language);
  const ifYou = emailMarkup(language, "signUpAttempt.ifYou", {}, { signin: linkTo(`${appUrl}/signin`), reset: linkTo(`${appUrl}/forgot-password`) });
  return render(
    t("signUpAttempt.subject"),
    <>
      <p>{t("signUpAttempt.body")}</p>
      <p>{ifYou}</p>
    </>,
    t("signUpAttempt.text", { signin: `${appUrl}/signin`, reset: `${appUrl}/forgot-password` }),
    language,
  );
}

export type HeldLeadCount = { campaignTitle: string; leads: number };

export function leadSummaryEmail(campaigns: HeldLeadCount[], appUrl: string, language: Language = DEFAULT_LANGUAGE): EmailContent {
  const t = emailT(language);
  const total = campaigns.reduce((sum, campaign) => sum + campaign.leads, 0);
  const subject = t("heldLeads.subject", { count: total });
  return render(
    subject,
    <>
      <p>{t("heldLeads.thanks")}</p>
      <ul>
        {campaigns.map((campaign) => (
          <li key={campaign.campaignTitle}>{t("heldLeads.campaign", { campaign: campaign.campaignTitle, count: campaign.leads })}</li>
        ))}
      </ul>
      <p>
        <a href={`${appUrl}/leads`}>{t("heldLeads.link")}</a>
      </p>
    </>,
    `${subject}.\n${campaigns.map((campaign) => `${oneLine(campaign.campaignTitle)}: ${campaign.leads}`).join("\n")}\n\n${t("heldLeads.textLink", { link: `${appUrl}/leads` })}`,
    language,
  );
}
