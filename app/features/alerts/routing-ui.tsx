// Which campaigns and locations alert a channel (docs/features/alerts.md, "Routing"): a folded
// form under each proven channel; the server keeps only the owner's own ids and enforces it.
import { Form, useLoaderData } from "react-router";
import { SubmitButton } from "~/features/integrations/integrations-ui";
import { useOwnerT } from "~/features/languages/owner/owner-language";
import type { ChannelView } from "./alert-settings.server";
import type { RoutingOption } from "./routing.server";

type Busy = string | null;

function Choice({
  legend,
  name,
  scope,
  options,
  chosen,
}: {
  legend: string;
  name: string;
  scope: string;
  options: RoutingOption[];
  chosen: string[] | null;
}) {
  const t = useOwnerT("notifications");
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-gray-800">{legend}</legend>
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input type="radio" name={scope} value="all" defaultChecked={chosen === null} className="h-5 w-5" />
        {t("routing.all")}
      </label>
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input type="radio" name={scope} value="some" defaultChecked={chosen !== null} className="h-5 w-5" />
        {t("routing.some")}
      </label>
      <div className="ml-7 space-y-1">
        {options.map((option) => (
          <label key={option.id} className="flex items-center gap-2 break-words text-sm text-gray-700">
            <input type="checkbox" name={name} value={option.id} defaultChecked={chosen?.includes(option.id) ?? false} className="h-5 w-5 shrink-0" />
            {option.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function RoutingForm({ channel, name, busy }: { channel: ChannelView; name: string; busy: Busy }) {
  const t = useOwnerT("notifications");
  const { routing } = useLoaderData() as { routing: { campaigns: RoutingOption[]; locations: RoutingOption[] } };
  const some = (ids: string[] | null, of: RoutingOption[]) =>
    ids === null ? t("routing.every") : t("routing.count", { count: ids.length, total: of.length });
  const summary = [
    `${t("routing.campaigns")}: ${some(channel.campaignIds, routing.campaigns)}`,
    routing.locations.length > 0 ? `${t("routing.locations")}: ${some(channel.locationIds, routing.locations)}` : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm text-blue-700" aria-label={`${t("routing.title")} (${name}): ${summary}`}>
        {summary}
      </summary>
      <Form method="post" className="mt-2 space-y-3">
        <input type="hidden" name="intent" value="route" />
        <input type="hidden" name="kind" value={channel.kind} />
        <input type="hidden" name="channel" value={channel.id} />
        <Choice legend={t("routing.campaigns")} name="campaign" scope="campaignScope" options={routing.campaigns} chosen={channel.campaignIds} />
        {routing.locations.length > 0 ? (
          <Choice legend={t("routing.locations")} name="location" scope="locationScope" options={routing.locations} chosen={channel.locationIds} />
        ) : null}
        <SubmitButton variant="secondary" busy={busy === "route"} label={`${t("routing.save")} (${name})`}>
          {t("routing.save")}
        </SubmitButton>
      </Form>
    </details>
  );
}
