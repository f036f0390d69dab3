// The team's emails, each in its recipient's language: an invitation in the inviter's (the invitee
// has no account to ask yet), a hand-over offer in the member's, its answer in the owner's.
// Rules: docs/features/visitor-languages.md ("The owner's screens"); docs/features/team.md.
import { emailT, render, type EmailContent } from "~/features/email/lead-emails";
import { DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";
import type { MemberRole } from "~/db/schema";

export function teamInviteEmail(
  options: { business: string; role: MemberRole; link: string; days: number },
  language: Language = DEFAULT_LANGUAGE,
): EmailContent {
  const { business, role, link, days } = options;
  const t = emailT(language);
  const body = t("invite.body", { business, role: t(`invite.roles.${role}`) });
  const accept = t("invite.accept");
  const lasts = t("invite.days", { count: days });
  return render(
    t("invite.subject", { business }),
    <>
      <p>{body}</p>
      <p>
        <a href={link}>{accept}</a>
      </p>
      <p>{lasts}</p>
    </>,
    `${body} ${accept}: ${link} ${lasts}`,
    language,
  );
}

export function handoverEmail(
  options: { business: string; owner: string; link: string; days: number },
  language: Language = DEFAULT_LANGUAGE,
): EmailContent {
  const { business, owner, link, days } = options;
  const t = emailT(language);
  const body = t("handover.body", { business, owner });
  const answer = t("handover.answer");
  const stands = t("handover.days", { count: days });
  return render(
    t("handover.subject", { business }),
    <>
      <p>{body}</p>
      <p>
        <a href={link}>{answer}</a>
      </p>
      <p>{stands}</p>
    </>,
    `${body} ${answer}: ${link} ${stands}`,
    language,
  );
}

/** To the owner who offered the business, once the member answered (docs/features/team.md, "Handing the business over"). */
export function handoverAnsweredEmail(
  options: { business: string; member: string; accepted: boolean; paying: boolean; link: string },
  language: Language = DEFAULT_LANGUAGE,
): EmailContent {
  const { business, member, link } = options;
  const t = emailT(language);
  if (!options.accepted) {
    return render(
      t("handoverDeclined.subject", { member, business }),
      <>
        <p>{t("handoverDeclined.body", { member, business })}</p>
        <p>
          <a href={link}>{t("handoverDeclined.link")}</a>
        </p>
      </>,
      `${t("handoverDeclined.textBody", { member, business })} ${link}`,
      language,
    );
  }
  const billing = options.paying ? t("handoverAccepted.billing", { member }) : "";
  const body = `${t("handoverAccepted.body", { member, business })}${billing}`;
  const open = t("handoverAccepted.link");
  return render(
    t("handoverAccepted.subject", { member, business }),
    <>
      <p>{body}</p>
      <p>
        <a href={link}>{open}</a>
      </p>
    </>,
    `${body} ${open}: ${link}`,
    language,
  );
}
