import { renderToStaticMarkup } from "react-dom/server";
import { emailMarkup, emailPlain, emailT, type EmailContent } from "~/features/email/lead-emails";
import { DEFAULT_LANGUAGE, directionOf, type Language } from "~/features/languages/languages";

/** To the owner when an endpoint is paused after repeated failures; in the owner's language. */
export function webhookPausedEmail(
  endpoint: { url: string; failures: number; endpointId: string },
  appUrl: string,
  language: Language = DEFAULT_LANGUAGE,
): EmailContent {
  const t = emailT(language);
  const subject = t("webhookPaused.subject");
  const link = `${appUrl}/settings/integrations/webhooks/${endpoint.endpointId}`;
  const values = { url: endpoint.url, count: endpoint.failures };
  const body = emailMarkup(language, "webhookPaused.body", values, { strong: (words) => <strong>{words}</strong> }, endpoint.failures);
  const html =
    "<!doctype html>" +
    renderToStaticMarkup(
      <html lang={language} dir={language === DEFAULT_LANGUAGE ? undefined : directionOf(language)}>
        <body style={{ fontFamily: "Arial, sans-serif", color: "#111827" }}>
          <h1 style={{ color: "#1E40AF", fontSize: 22 }}>{subject}</h1>
          <p>{body}</p>
          <p>
            <a href={link}>{t("webhookPaused.link")}</a>
          </p>
        </body>
      </html>,
    );
  const text = `${subject}. ${emailPlain(language, "webhookPaused.body", values, endpoint.failures)} ${t("webhookPaused.link")}: ${link}`;
  return { subject, html, text };
}
