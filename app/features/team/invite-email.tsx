/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { render, type EmailContent } from "~/features/email/lead-emails";

export function teamInviteEmail(options: { business: string; role: string; link: string; days: number }): EmailContent {
  const { business, role, link, days } = options;
  return render(
    `Join ${business} on LeadQR`,
    <>
      <p>
        {business} invites you to its team on LeadQR as {role}.
      </p>
      <p>
        <a href={link}>Accept the invitation</a>
      </p>
      <p>The link works for {days} days. If you did not expect it, ignore this email.</p>
    </>,
    `${business} invites you to its team on LeadQR as ${role}. Accept the invitation: ${link} The link works for ${days} days. If you did not expect it, ignore this email.`,
  );
}

export function handoverEmail(options: { business: string; owner: string; link: string; days: number }): EmailContent {
  const { business, owner, link, days } = options;
  return render(
    `${business} is being handed over to you on LeadQR`,
    <>
      <p>
        {owner} offers you the ownership of {business} on LeadQR: its campaigns, leads, team and billing. They would stay on the team as a Manager.
      </p>
      <p>
        <a href={link}>Accept or decline</a>
      </p>
      <p>The offer stands for {days} days. If you did not expect it, decline it or ignore this email.</p>
    </>,
    `${owner} offers you the ownership of ${business} on LeadQR: its campaigns, leads, team and billing. They would stay on the team as a Manager. Accept or decline: ${link} The offer stands for ${days} days. If you did not expect it, decline it or ignore this email.`,
  );
}
