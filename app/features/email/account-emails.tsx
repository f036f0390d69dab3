/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
// Emails about the account itself: verification, password reset, email change, probing notice.
import { oneLine, render, type EmailContent } from "./lead-emails";

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

/** The one email at sign-up (also sent again on request): the welcome and the confirmation link. */
export function verifyEmailEmail(link: string, appUrl: string): EmailContent {
  return render(
    "Confirm your email address",
    <>
      <p>Welcome to LeadQR! Your account is ready: create a QR campaign, print its code and collect leads from your first scan.</p>
      <p>Please confirm that this address belongs to your LeadQR account. Until you do, lead notifications are held.</p>
      <Button href={link}>Confirm my address</Button>
      <p>
        The link is valid for 24 hours. Then <a href={`${appUrl}/dashboard`}>open your dashboard</a> to create your first campaign. If you did not
        create a LeadQR account, ignore this email.
      </p>
    </>,
    [
      "Welcome to LeadQR! Your account is ready: create a QR campaign, print its code and collect leads from your first scan.",
      "",
      `Confirm your email address (valid for 24 hours): ${link}`,
      "",
      `Your dashboard: ${appUrl}/dashboard`,
      "",
      "If you did not create a LeadQR account, ignore this email.",
    ].join("\n"),
  );
}

export function resetPasswordEmail(link: string, appUrl: string): EmailContent {
  return render(
    "Reset your LeadQR password",
    <>
      <p>Someone (hopefully you) asked to reset the password of your LeadQR account.</p>
      <Button href={link}>Choose a new password</Button>
      <p>
        The link works once and is valid for 1 hour. If it has expired, <a href={`${appUrl}/forgot-password`}>ask for a new one</a>. If you did not
        ask, ignore this email: your password stays as it is.
      </p>
    </>,
    `Choose a new password (the link works once and is valid for 1 hour): ${link}\n\nIf you did not ask, ignore this email: your password stays as it is.`,
  );
}

export function signInLinkEmail(link: string, appUrl: string): EmailContent {
  return render(
    "Your LeadQR sign-in link",
    <>
      <p>Someone (hopefully you) asked for a link to sign in to your LeadQR account without a password.</p>
      <Button href={link}>Sign in to LeadQR</Button>
      <p>
        The link works once and is valid for 15 minutes. If it has expired, <a href={`${appUrl}/signin/email-link`}>ask for a new one</a>. If you did
        not ask, ignore this email: nobody can sign in without opening it.
      </p>
    </>,
    `Sign in to LeadQR (the link works once and is valid for 15 minutes): ${link}\n\nIf you did not ask, ignore this email: nobody can sign in without opening it.`,
  );
}

export function passwordChangedEmail(appUrl: string): EmailContent {
  return render(
    "Your password was changed",
    <>
      <p>The password of your LeadQR account was just changed, and every other signed-in device was signed out.</p>
      <p>
        If this was not you, <a href={`${appUrl}/forgot-password`}>reset your password now</a>.
      </p>
    </>,
    `Your password was changed. The password of your LeadQR account was just changed, and every other signed-in device was signed out. If this was not you, reset your password now: ${appUrl}/forgot-password`,
  );
}

export function emailChangeConfirmEmail(link: string, newEmail: string): EmailContent {
  return render(
    "Confirm your new email address",
    <>
      <p>You asked to use {newEmail} for your LeadQR account. The change happens when you open this link.</p>
      <Button href={link}>Use this address</Button>
      <p>The link is valid for 24 hours. If you did not ask for this, ignore this email.</p>
    </>,
    `Confirm your new email address ${oneLine(newEmail)} for LeadQR (valid for 24 hours): ${link}`,
  );
}

export function emailChangeNoticeEmail(newEmail: string, appUrl: string): EmailContent {
  return render(
    "Your LeadQR email address is being changed",
    <>
      <p>Someone signed in to your LeadQR account asked to change its email address to {newEmail}. Nothing changes until the new address confirms.</p>
      <p>
        If this was not you, <a href={`${appUrl}/forgot-password`}>reset your password</a> and sign out other sessions in Settings.
      </p>
    </>,
    `Someone signed in to your LeadQR account asked to change its email address to ${oneLine(newEmail)}. Nothing changes until the new address confirms. If this was not you, reset your password: ${appUrl}/forgot-password`,
  );
}

export function signUpAttemptEmail(appUrl: string): EmailContent {
  return render(
    "Someone tried to create an account with your address",
    <>
      <p>Someone tried to create a new LeadQR account with this email address, which already has an account. No new account was created.</p>
      <p>
        If it was you, <a href={`${appUrl}/signin`}>sign in</a> or <a href={`${appUrl}/forgot-password`}>reset your password</a>. Otherwise you can
        ignore this email.
      </p>
    </>,
    `Someone tried to create an account with your address. No new account was created. Sign in: ${appUrl}/signin. Forgot your password? ${appUrl}/forgot-password`,
  );
}

export type HeldLeadCount = { campaignTitle: string; leads: number };

export function leadSummaryEmail(campaigns: HeldLeadCount[], appUrl: string): EmailContent {
  const total = campaigns.reduce((sum, campaign) => sum + campaign.leads, 0);
  const subject = total === 1 ? "1 lead arrived while your address was unconfirmed" : `${total} leads arrived while your address was unconfirmed`;
  return render(
    subject,
    <>
      <p>Thanks for confirming your email address. While it was unconfirmed we held your lead notifications; here they are in one message.</p>
      <ul>
        {campaigns.map((campaign) => (
          <li key={campaign.campaignTitle}>
            {campaign.campaignTitle}: {campaign.leads} {campaign.leads === 1 ? "lead" : "leads"}
          </li>
        ))}
      </ul>
      <p>
        <a href={`${appUrl}/leads`}>See them on your Leads page</a>
      </p>
    </>,
    `${subject}.\n${campaigns.map((campaign) => `${oneLine(campaign.campaignTitle)}: ${campaign.leads}`).join("\n")}\n\nSee them: ${appUrl}/leads`,
  );
}
