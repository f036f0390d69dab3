/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
// Rules: docs/features/emails.md ("Free scan notices").
import { render, type EmailContent } from "./lead-emails";

export type ScanLimitNotice = { campaignTitle: string; scans: number; limit: number; reached: boolean };

/** The owner hears before a visitor does: at 80 % of the free scans, and at the limit. */
export function scanLimitEmail(notice: ScanLimitNotice, appUrl: string): EmailContent {
  const pricing = `${appUrl}/pricing`;
  const title = notice.campaignTitle.replace(/\s+/g, " ").trim();
  const subject = notice.reached
    ? `${title} has reached its ${notice.limit} free scans`
    : `${title} has used ${notice.scans} of its ${notice.limit} free scans`;
  const what = notice.reached
    ? "Visitors who scan the code now see an upgrade message instead of your offer, and no new leads are collected."
    : `After ${notice.limit - notice.scans} more ${notice.limit - notice.scans === 1 ? "scan" : "scans"}, visitors will see an upgrade message instead of your offer.`;
  return render(
    subject,
    <>
      <p>
        Your campaign <strong>{title}</strong> has used {notice.scans} of the {notice.limit} scans included in the free plan.
      </p>
      <p>{what}</p>
      <p>
        <a href={pricing}>Upgrade to Pro for unlimited scans</a>
      </p>
    </>,
    `${subject}.\n\nYour campaign ${title} has used ${notice.scans} of the ${notice.limit} scans included in the free plan. ${what}\n\nUpgrade to Pro for unlimited scans: ${pricing}`,
  );
}
