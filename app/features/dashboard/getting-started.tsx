// A new owner's dashboard: the four steps to a first lead instead of a chart of zeros
// (docs/features/the-owners-first-hour.md). Each step is done by what the database holds, never by a click on the list.
import { CheckCircle2, Circle } from "lucide-react";
import { Link } from "react-router";
import { cardClass } from "~/components/ui/card";
import { liveCampaignPath } from "~/features/campaigns/campaign-live";

export type GettingStartedProgress = {
  /** The newest campaign, when there is one: where printing and testing happen. */
  campaignId: string | null;
  scans: number;
  leads: number;
};

/** Shown until the first lead arrives; then the dashboard has data to chart. */
export const showGettingStarted = (progress: GettingStartedProgress) => progress.leads === 0;

export function GettingStarted({ campaignId, scans, leads }: GettingStartedProgress) {
  const steps: Array<{ label: string; done: boolean; hint: string; to?: string; action?: string }> = [
    {
      label: "Create a campaign",
      done: campaignId !== null,
      hint: "Your offer, your page and its QR code.",
      to: "/campaigns?new=1",
      action: "Create campaign",
    },
    {
      label: "Print your code",
      // A scan is the first sign the code is out in the world.
      done: scans > 0,
      hint: "Put it where customers wait: the counter, the table, the window.",
      ...(campaignId ? { to: liveCampaignPath(campaignId), action: "Print and test" } : {}),
    },
    { label: "Get your first scan", done: scans > 0, hint: "Test it now: scan the code with your phone." },
    { label: "Get your first lead", done: leads > 0, hint: "A visitor claims your offer; you get an email." },
  ];
  const next = steps.findIndex((step) => !step.done);
  return (
    <section aria-labelledby="getting-started-title" className={cardClass({ padding: "md" })}>
      <h2 id="getting-started-title" className="text-lg font-semibold text-gray-900">
        Getting started
      </h2>
      <p className="mt-1 text-sm text-gray-600">Four steps to your first lead. Your chart appears here once leads come in.</p>
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
                <span className="sr-only">{step.done ? " (done)" : " (to do)"}</span>
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
