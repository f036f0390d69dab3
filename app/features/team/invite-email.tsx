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

/** To the owner who offered the business, once the member answered (docs/features/team.md, "Handing the business over"). */
export function handoverAnsweredEmail(options: { business: string; member: string; accepted: boolean; paying: boolean; link: string }): EmailContent {
  const { business, member, link } = options;
  if (!options.accepted) {
    return render(
      `${member} declined to take over ${business}`,
      <>
        <p>
          {member} declined your offer: {business} stays yours. You can offer it to another member on Settings → Team.
        </p>
        <p>
          <a href={link}>Open your team</a>
        </p>
      </>,
      `${member} declined your offer: ${business} stays yours. You can offer it to another member on Settings → Team: ${link}`,
    );
  }
  const billing = options.paying
    ? ` Its subscription is still paid with the card you set up in Stripe until ${member} changes the payment details in Billing: ask them to, or cancel it there.`
    : "";
  return render(
    `${member} now owns ${business} on LeadQR`,
    <>
      <p>
        {member} accepted your hand-over: they now own {business}, its campaigns, leads, team and billing. You stay on the team as a Manager of every
        location.{billing}
      </p>
      <p>
        <a href={link}>Open LeadQR</a>
      </p>
    </>,
    `${member} accepted your hand-over: they now own ${business}, its campaigns, leads, team and billing. You stay on the team as a Manager of every location.${billing} Open LeadQR: ${link}`,
  );
}
