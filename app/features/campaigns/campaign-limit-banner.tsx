// Rules: docs/features/accounts-and-billing.md ("The free campaign limit").
import { AlertTriangle, Info } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CAMPAIGN_LIMIT_TEXT } from "~/features/billing/plan";
import { useOwnerT } from "~/features/languages/owner/owner-language";

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

/**
 * The campaign limit, shown when it matters: calm on the campaigns screen, and as the
 * amber notice, announced, when a free owner at the limit asks for a new campaign.
 */
export function CampaignLimitBanner({ tone }: { tone: "calm" | "alert" }) {
  const t = useOwnerT("banners");
  const text = (
    <p className="text-sm">
      <strong className="font-semibold">{t("campaignLimit.title")}</strong> {CAMPAIGN_LIMIT_TEXT} {t("campaignLimit.upgradeHint")}
    </p>
  );
  if (tone === "alert") return <UpgradeBanner action={t("campaignLimit.action")}>{text}</UpgradeBanner>;
  return (
    <div
      data-testid="campaign-limit-calm"
      className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white p-4 text-gray-700 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Info aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-gray-400" />
        {text}
      </div>
      <Link to="/pricing" className="shrink-0 text-sm font-semibold text-blue-700 underline hover:text-blue-900">
        {t("campaignLimit.action")}
      </Link>
    </div>
  );
}
