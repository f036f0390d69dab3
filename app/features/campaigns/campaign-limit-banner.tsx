import { AlertTriangle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CAMPAIGN_LIMIT_TEXT } from "~/features/billing/plan";

/** An amber notice for free owners with the way to upgrade (/pricing). */
export function UpgradeBanner({ children, action }: { children: ReactNode; action: string }) {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <AlertTriangle aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" />
        {children}
      </div>
      <Link to="/pricing" className="shrink-0 rounded-lg bg-amber-700 px-4 py-2 text-center text-sm font-medium text-white hover:bg-amber-800">
        {action}
      </Link>
    </div>
  );
}

/** Shown to free owners at the campaign limit, on the campaigns screen and the dashboard. */
export function CampaignLimitBanner() {
  return (
    <UpgradeBanner action="Upgrade to Pro">
      <p className="text-sm">
        <strong className="font-semibold">Campaign Limit Reached:</strong> {CAMPAIGN_LIMIT_TEXT} Upgrade to Pro to create unlimited campaigns and
        unlock premium or advanced features.
      </p>
    </UpgradeBanner>
  );
}
