/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { render, type EmailContent } from "~/features/email/lead-emails";

/** To the owner, once, when a channel refused for good and was switched off. */
export function channelDisabledEmail(channel: string, reason: string, appUrl: string): EmailContent {
  const page = `${appUrl}/settings/notifications`;
  return render(
    `Lead alerts on ${channel} have stopped`,
    <>
      <p>{reason}</p>
      <p>Your leads are safe and still emailed to you; only the {channel} alerts stopped.</p>
      <p>
        <a href={page}>Open notification settings</a>
      </p>
    </>,
    `${reason} Your leads are safe and still emailed to you; only the ${channel} alerts stopped. ${page}`,
  );
}
