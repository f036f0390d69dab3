import { emailT, render, type EmailContent } from "~/features/email/lead-emails";
import { DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";

/** To the owner, once, when a connection stops working: leads wait until they reconnect. In the owner's language. */
export function syncBrokenEmail(providerLabel: string, problem: string, appUrl: string, language: Language = DEFAULT_LANGUAGE): EmailContent {
  const t = emailT(language);
  const page = `${appUrl}/settings/integrations/sync`;
  const kept = t("syncBroken.kept");
  return render(
    t("syncBroken.subject", { provider: providerLabel }),
    <>
      <p>{problem}</p>
      <p>{kept}</p>
      <p>
        <a href={page}>{t("syncBroken.link")}</a>
      </p>
    </>,
    `${problem} ${kept} ${page}`,
    language,
  );
}
