import { UpgradeBanner } from "./campaign-limit-banner";

export type NearScanLimit = { id: string; title: string; scans: number; limit: number };

/** On the dashboard: the free campaigns at or near their scan limit, with the way to upgrade (decision 196). */
export function ScanLimitBanner({ campaigns }: { campaigns: NearScanLimit[] }) {
  if (campaigns.length === 0) return null;
  return (
    <UpgradeBanner action="Upgrade for unlimited scans">
      <ul className="space-y-1 text-sm">
        {campaigns.map((campaign) => (
          <li key={campaign.id}>
            <strong className="font-semibold">{campaign.title}</strong>{" "}
            {campaign.scans >= campaign.limit
              ? `has used all ${campaign.limit} free scans: visitors now see an upgrade message instead of your offer.`
              : `has used ${campaign.scans} of its ${campaign.limit} free scans.`}
          </li>
        ))}
      </ul>
    </UpgradeBanner>
  );
}
