/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { render, type EmailContent } from "~/features/email/lead-emails";

export function domainVerifiedEmail(hostname: string, appUrl: string): EmailContent {
  return render(
    `${hostname} is verified`,
    <>
      <p>
        Your domain {hostname} points to LeadQR. New QR codes, short links and print kits now use https://{hostname}. Codes you printed before keep
        working.
      </p>
      <p>
        <a href={`${appUrl}/settings/domains`}>See your domain</a>
      </p>
    </>,
    `Your domain ${hostname} points to LeadQR. New QR codes, short links and print kits now use https://${hostname}. Codes you printed before keep working. ${appUrl}/settings/domains`,
  );
}

export function domainBrokenEmail(hostname: string, problem: string, appUrl: string): EmailContent {
  return render(
    `${hostname} no longer points to LeadQR`,
    <>
      <p>{problem}</p>
      <p>Codes printed with {hostname} don't open until its records are back. Put the records back and press Verify.</p>
      <p>
        <a href={`${appUrl}/settings/domains`}>See the records to publish</a>
      </p>
    </>,
    `${problem} Codes printed with ${hostname} don't open until its records are back. Put the records back and press Verify: ${appUrl}/settings/domains`,
  );
}
