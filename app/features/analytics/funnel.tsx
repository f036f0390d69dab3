import { ArrowRight } from "lucide-react";
import { conversionRate } from "~/features/campaigns/campaigns";
import { useOwnerNumbers, useOwnerT } from "~/features/languages/owner/owner-language";

/**
 * Scans → leads → redeemed, each step with its share of the one before. `scansLabel` replaces the
 * scan count's text (a Free plan's "4 / 5"); `leadRate` the leads' share (the campaign's one
 * conversion, counted on unique visitors).
 */
export function RedeemFunnel({
  scans,
  leads,
  redeemed,
  compact = false,
  scansLabel,
  leadRate,
}: {
  scans: number;
  leads: number;
  redeemed: number;
  compact?: boolean;
  scansLabel?: string;
  leadRate?: number;
}) {
  const t = useOwnerT("analytics");
  const { count, percent } = useOwnerNumbers();
  // `id` names the step for tests (`funnel-scans`) in every language.
  const steps = [
    { id: "scans", label: t("funnel.scans"), text: scansLabel ?? count(scans), rate: null },
    { id: "leads", label: t("funnel.leads"), text: count(leads), rate: leadRate ?? conversionRate(leads, scans) },
    { id: "redeemed", label: t("funnel.redeemed"), text: count(redeemed), rate: conversionRate(redeemed, leads) },
  ];
  return (
    <ol aria-label={t("funnel.label")} className={`flex items-stretch gap-1 ${compact ? "text-xs" : "text-sm"}`}>
      {steps.map((step, index) => (
        <li key={step.id} className="flex min-w-0 flex-1 items-center gap-1">
          {index > 0 ? <ArrowRight aria-hidden className="h-3.5 w-3.5 shrink-0 text-gray-400" /> : null}
          <div className="min-w-0 flex-1 rounded-lg bg-gray-50 px-2 py-1.5 text-center">
            <p className="text-gray-500">{step.label}</p>
            <p className={`font-semibold text-gray-900 ${compact ? "text-sm" : "text-lg"}`} data-testid={`funnel-${step.id}`}>
              {step.text}
            </p>
            {step.rate !== null ? <p className="text-gray-500">{percent(step.rate)}</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
