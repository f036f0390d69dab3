// A new owner's dashboard: the four steps to a first lead instead of a chart of zeros
// (docs/features/the-owners-first-hour.md). Each step is done by what the database holds, never by a click on the list.
import { CheckCircle2, Circle } from "lucide-react";
import { Link } from "react-router";
import { cardClass } from "~/components/ui/card";
import { liveCampaignPath } from "~/features/campaigns/campaign-live";
import { useOwnerT } from "~/features/languages/owner/owner-language";

export type GettingStartedProgress = {
  /** The newest campaign, when there is one: where printing and testing happen. */
  campaignId: string | null;
  scans: number;
  leads: number;
};

/** Shown until the first lead arrives; then the dashboard has data to chart. */
export const showGettingStarted = (progress: GettingStartedProgress) => progress.leads === 0;

export function GettingStarted({ campaignId, scans, leads }: GettingStartedProgress) {
  const t = useOwnerT("dashboard");
  const steps: Array<{ label: string; done: boolean; hint: string; to?: string; action?: string }> = [
    {
      label: t("gettingStarted.create.label"),
      done: campaignId !== null,
      hint: t("gettingStarted.create.hint"),
      to: "/campaigns?new=1",
      action: t("gettingStarted.create.action"),
    },
    {
      label: t("gettingStarted.print.label"),
      // A scan is the first sign the code is out in the world.
      done: scans > 0,
      hint: t("gettingStarted.print.hint"),
      ...(campaignId ? { to: liveCampaignPath(campaignId), action: t("gettingStarted.print.action") } : {}),
    },
    { label: t("gettingStarted.scan.label"), done: scans > 0, hint: t("gettingStarted.scan.hint") },
    { label: t("gettingStarted.lead.label"), done: leads > 0, hint: t("gettingStarted.lead.hint") },
  ];
  const next = steps.findIndex((step) => !step.done);
  return (
    <section aria-labelledby="getting-started-title" className={cardClass({ padding: "md" })}>
      <h2 id="getting-started-title" className="text-lg font-semibold text-gray-900">
        {t("gettingStarted.title")}
      </h2>
      <p className="mt-1 text-sm text-gray-600">{t("gettingStarted.intro")}</p>
      <ol className="mt-4 space-y-3">
        {steps.map((step, index) => (
          <li key={step.label} className="flex items-start gap-3" aria-current={index === next ? "step" : undefined}>
            {step.done ? (
              <CheckCircle2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-green-600" />
            ) : (
              <Circle aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-gray-400" />
            )}
            <div className="min-w-0">
              <p className={`font-medium ${step.done ? "text-gray-500 line-through" : "text-gray-900"}`}>
                {step.label}
                <span className="sr-only">{step.done ? t("gettingStarted.done") : t("gettingStarted.toDo")}</span>
              </p>
              <p className="text-sm text-gray-600">{step.hint}</p>
              {index === next && step.to ? (
                <Link to={step.to} className="mt-1 inline-block text-sm font-medium text-blue-600 hover:text-blue-700">
                  {step.action}
                </Link>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
