// Rules: docs/features/emails.md ("Free scan notices").
import { useOwnerT } from "~/features/languages/owner/owner-language";
import { UpgradeBanner } from "./campaign-limit-banner";

export type NearScanLimit = { id: string; title: string; scans: number; limit: number };

/** On the dashboard: the free campaigns at or near their scan limit, with the way to upgrade. */
export function ScanLimitBanner({ campaigns }: { campaigns: NearScanLimit[] }) {
  const t = useOwnerT("banners");
  if (campaigns.length === 0) return null;
  return (
    <UpgradeBanner action={t("scanLimit.action")}>
      <ul className="space-y-1 text-sm">
        {campaigns.map((campaign) => (
          <li key={campaign.id}>
            <strong className="font-semibold">{campaign.title}</strong>{" "}
            {campaign.scans >= campaign.limit
              ? t("scanLimit.usedAll", { limit: campaign.limit })
              : t("scanLimit.used", { scans: campaign.scans, limit: campaign.limit })}
          </li>
        ))}
      </ul>
    </UpgradeBanner>
  );
}
