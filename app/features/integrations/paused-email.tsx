/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { renderToStaticMarkup } from "react-dom/server";
import type { EmailContent } from "~/features/email/lead-emails";

/** To the owner when an endpoint is paused after repeated failures. */
export function webhookPausedEmail(endpoint: { url: string; failures: number; endpointId: string }, appUrl: string): EmailContent {
  const subject = "Your LeadQR webhook endpoint was paused";
  const link = `${appUrl}/settings/integrations/webhooks/${endpoint.endpointId}`;
  const html =
    "<!doctype html>" +
    renderToStaticMarkup(
      <html lang="en">
        <body style={{ fontFamily: "Arial, sans-serif", color: "#111827" }}>
          <h1 style={{ color: "#1E40AF", fontSize: 22 }}>{subject}</h1>
          <p>
            We paused deliveries to <strong>{endpoint.url}</strong> after {endpoint.failures} failed attempts in a row. New events are kept and will
            be delivered when you resume the endpoint.
          </p>
          <p>
            <a href={link}>Review the delivery log and resume</a>
          </p>
        </body>
      </html>,
    );
  const text = `${subject}. We paused deliveries to ${endpoint.url} after ${endpoint.failures} failed attempts in a row. New events are kept and will be delivered when you resume the endpoint. Review the delivery log and resume: ${link}`;
  return { subject, html, text };
}
