/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { render, type EmailContent } from "~/features/email/lead-emails";

/** To the owner, once, when a connection stops working: leads wait until they reconnect. */
export function syncBrokenEmail(providerLabel: string, problem: string, appUrl: string): EmailContent {
  const page = `${appUrl}/settings/integrations/sync`;
  return render(
    `Lead sync to ${providerLabel} has stopped`,
    <>
      <p>{problem}</p>
      <p>New leads are kept and wait for it: nothing is lost. They are sent as soon as you fix the connection.</p>
      <p>
        <a href={page}>Open lead sync</a>
      </p>
    </>,
    `${problem} New leads are kept and wait for it: nothing is lost. They are sent as soon as you fix the connection. ${page}`,
  );
}
