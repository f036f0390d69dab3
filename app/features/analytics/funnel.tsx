/* eslint-disable i18next/no-literal-string -- not on a catalogue yet (docs/features/visitor-languages.md "The owner's screens") */
import { ArrowRight } from "lucide-react";
import { conversionRate } from "~/features/campaigns/campaigns";

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
  const steps = [
    { label: "Scans", text: scansLabel ?? scans.toLocaleString("en-US"), rate: null },
    { label: "Leads", text: leads.toLocaleString("en-US"), rate: leadRate ?? conversionRate(leads, scans) },
    { label: "Redeemed", text: redeemed.toLocaleString("en-US"), rate: conversionRate(redeemed, leads) },
  ];
  return (
    <ol aria-label="Funnel: scans, leads, redeemed" className={`flex items-stretch gap-1 ${compact ? "text-xs" : "text-sm"}`}>
      {steps.map((step, index) => (
        <li key={step.label} className="flex min-w-0 flex-1 items-center gap-1">
          {index > 0 ? <ArrowRight aria-hidden className="h-3.5 w-3.5 shrink-0 text-gray-400" /> : null}
          <div className="min-w-0 flex-1 rounded-lg bg-gray-50 px-2 py-1.5 text-center">
            <p className="text-gray-500">{step.label}</p>
            <p className={`font-semibold text-gray-900 ${compact ? "text-sm" : "text-lg"}`} data-testid={`funnel-${step.label.toLowerCase()}`}>
              {step.text}
            </p>
            {step.rate !== null ? <p className="text-gray-500">{step.rate}%</p> : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
