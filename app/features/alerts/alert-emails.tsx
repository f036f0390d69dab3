import { emailT, render, type EmailContent } from "~/features/email/lead-emails";
import { DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";

/** To the owner, once, when a channel refused for good and was switched off; in the owner's language. */
export function channelDisabledEmail(channel: string, reason: string, appUrl: string, language: Language = DEFAULT_LANGUAGE): EmailContent {
  const t = emailT(language);
  const page = `${appUrl}/settings/notifications`;
  const safe = t("channelDisabled.safe", { channel });
  return render(
    t("channelDisabled.subject", { channel }),
    <>
      <p>{reason}</p>
      <p>{safe}</p>
      <p>
        <a href={page}>{t("channelDisabled.link")}</a>
      </p>
    </>,
    `${reason} ${safe} ${page}`,
    language,
  );
}
