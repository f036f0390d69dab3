// Rules: docs/features/emails.md ("Free scan notices").
import { DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";
import { emailMarkup, emailPlain, emailT, render, type EmailContent } from "./lead-emails";

export type ScanLimitNotice = { campaignTitle: string; scans: number; limit: number; reached: boolean };

/** The owner hears before a visitor does: at 80 % of the free scans, and at the limit. In the owner's language. */
export function scanLimitEmail(notice: ScanLimitNotice, appUrl: string, language: Language = DEFAULT_LANGUAGE): EmailContent {
  const t = emailT(language);
  const pricing = `${appUrl}/pricing`;
  const title = notice.campaignTitle.replace(/\s+/g, " ").trim();
  const values = { title, scans: notice.scans, limit: notice.limit };
  const subject = notice.reached ? t("scanLimit.reachedSubject", values) : t("scanLimit.nearSubject", values);
  const what = notice.reached ? t("scanLimit.reached") : t("scanLimit.near", { count: notice.limit - notice.scans });
  const upgrade = t("scanLimit.upgrade");
  const used = emailMarkup(language, "scanLimit.used", values, { strong: (words) => <strong>{words}</strong> });
  return render(
    subject,
    <>
      <p>{used}</p>
      <p>{what}</p>
      <p>
        <a href={pricing}>{upgrade}</a>
      </p>
    </>,
    `${subject}.\n\n${emailPlain(language, "scanLimit.used", values)} ${what}\n\n${upgrade}: ${pricing}`,
    language,
  );
}
