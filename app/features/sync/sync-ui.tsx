// Lead sync on Settings → Integrations: one card per provider, the per-campaign switches and the
// sync log. Each is its own component, so the integrations screen can place them as it likes.
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { formatWhen, Section, SubmitButton } from "~/features/integrations/integrations-ui";
import { leadsWord, type SyncLogView, type SyncProviderView } from "./sync-view";

/** The link from the integrations screen to the lead sync page. */
export function SyncSectionLink() {
  return (
    <Section title="Lead sync" description="Send every lead to your Mailchimp audience or a Google Sheet, with its consent, as it arrives.">
      <Link to="/settings/integrations/sync" className={buttonClass({ variant: "secondary", size: "sm" })}>
        Mailchimp and Google Sheets
      </Link>
    </Section>
  );
}

const hidden = (name: string, value: string) => <input type="hidden" name={name} value={value} />;

/** One provider: connect, choose where leads go, see its state, disconnect. */
export function SyncProviderCard({ provider, disabled }: { provider: SyncProviderView; disabled: boolean }) {
  const connection = provider.connection;
  const connectLabel = `${connection ? "Reconnect" : "Connect"} ${provider.label}`;
  const connect = (
    <Form method="post">
      {hidden("intent", "connect")}
      {hidden("provider", provider.id)}
      <SubmitButton variant={connection ? "secondary" : "primary"} disabled={disabled || provider.missingConfiguration.length > 0}>
        {connectLabel}
      </SubmitButton>
    </Form>
  );
  return (
    <Section title={provider.label}>
      {provider.missingConfiguration.length > 0 ? (
        <p role="note" className="mb-3 text-sm text-amber-800">
          {provider.label} is not configured: the operator must set {provider.missingConfiguration.join(" and ")}.
        </p>
      ) : null}
      {!connection ? (
        connect
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
            <Badge color={connection.status === "active" ? "green" : "red"}>{connection.status === "active" ? "Connected" : "Needs attention"}</Badge>
            {connection.accountName ? <span>{connection.accountName}</span> : null}
            <span>· last sync {formatWhen(connection.lastSyncAt)}</span>
            {connection.failures > 0 ? <span className="text-red-700">· {connection.failures} failed (see the sync log)</span> : null}
          </div>
          {connection.status === "broken" ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {connection.brokenReason} Leads wait here until it is fixed.
            </p>
          ) : null}
          <p className="text-sm text-gray-900">
            {connection.destinationName
              ? `Leads go to the ${provider.destinationNoun} “${connection.destinationName}”.`
              : `Choose a ${provider.destinationNoun} for your leads.`}
          </p>
          <BackfillOffer provider={provider} disabled={disabled} />
          <DestinationChoice provider={provider} disabled={disabled} />
          <div className="flex flex-wrap gap-2">
            {connect}
            <Form method="post">
              {hidden("intent", "disconnect")}
              {hidden("provider", provider.id)}
              <SubmitButton variant="danger">Disconnect {provider.label}</SubmitButton>
            </Form>
          </div>
        </div>
      )}
    </Section>
  );
}

/** "Send my N existing leads" once a destination is chosen, and the progress of the last such send. */
function BackfillOffer({ provider, disabled }: { provider: SyncProviderView; disabled: boolean }) {
  const backfill = provider.connection?.backfill;
  if (!backfill) return null;
  const running = backfill.done < backfill.queued;
  return (
    <div className="space-y-2">
      {backfill.queued > 0 ? (
        <p role="status" className="text-sm text-gray-700">
          {running
            ? `Sending your existing leads: ${backfill.done} of ${backfill.queued} done.`
            : `Existing leads: ${backfill.done} of ${backfill.queued} done. The sync log shows each one.`}
        </p>
      ) : null}
      {backfill.waiting > 0 && !running ? (
        <Form method="post" className="flex flex-wrap items-center gap-2">
          {hidden("intent", "backfill")}
          {hidden("provider", provider.id)}
          <SubmitButton disabled={disabled}>Send my {leadsWord(backfill.waiting)}</SubmitButton>
          {provider.needsMarketingConsent ? <span className="text-sm text-gray-600">Only leads who agreed to marketing are counted.</span> : null}
        </Form>
      ) : null}
    </div>
  );
}

function DestinationChoice({ provider, disabled }: { provider: SyncProviderView; disabled: boolean }) {
  if (provider.canCreate)
    return (
      <div className="space-y-3">
        <Form method="post">
          {hidden("intent", "create")}
          {hidden("provider", provider.id)}
          <SubmitButton variant="secondary" disabled={disabled}>
            Create a new sheet
          </SubmitButton>
        </Form>
        <Form method="post" className="flex flex-wrap items-end gap-2">
          {hidden("intent", "existing")}
          {hidden("provider", provider.id)}
          <div className="w-full min-w-0 sm:w-auto sm:flex-1">
            <label htmlFor={`${provider.id}-existing`} className="block text-sm font-medium text-gray-700">
              Or use an existing sheet (its link or ID)
            </label>
            <Input
              id={`${provider.id}-existing`}
              name="sheet"
              required
              maxLength={500}
              placeholder="https://docs.google.com/spreadsheets/d/…"
              className="mt-1 w-full"
            />
          </div>
          <SubmitButton variant="secondary" disabled={disabled}>
            Use this sheet
          </SubmitButton>
        </Form>
      </div>
    );
  if (provider.destinationsError)
    return (
      <p role="alert" className="text-sm text-red-600">
        {provider.destinationsError}
      </p>
    );
  if (!provider.destinations)
    return (
      <Link to={`?choose=${provider.id}`} className="text-sm font-medium text-blue-700 hover:underline">
        Choose another {provider.destinationNoun}
      </Link>
    );
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      {hidden("intent", "choose")}
      {hidden("provider", provider.id)}
      <label className="text-sm font-medium text-gray-700">
        Audience
        <Select name="destinationId" size="sm" className="mt-1 block">
          {provider.destinations.map((destination) => (
            <option key={destination.id} value={destination.id}>
              {destination.name}
            </option>
          ))}
        </Select>
      </label>
      <SubmitButton disabled={disabled || provider.destinations.length === 0}>Use this audience</SubmitButton>
    </Form>
  );
}

/** Per campaign, each connected destination on or off. */
export function SyncCampaignSwitches({ providers, campaigns }: { providers: SyncProviderView[]; campaigns: Array<{ id: string; title: string }> }) {
  const connected = providers.filter((provider) => provider.connection?.destinationName);
  if (connected.length === 0 || campaigns.length === 0) return null;
  return (
    <Section title="Campaigns" description="Each campaign's leads go to every destination unless you turn it off here.">
      <ul className="divide-y divide-gray-200">
        {campaigns.map((campaign) => (
          <li key={campaign.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="text-sm text-gray-900">{campaign.title}</span>
            <div className="flex flex-wrap gap-2">
              {connected.map((provider) => {
                const on = !provider.connection!.campaignsOff.includes(campaign.id);
                return (
                  <Form method="post" key={provider.id}>
                    {hidden("intent", "campaign")}
                    {hidden("provider", provider.id)}
                    {hidden("campaignId", campaign.id)}
                    {hidden("on", on ? "no" : "yes")}
                    <SubmitButton variant="secondary" label={`${on ? "Stop sending" : "Send"} ${campaign.title} to ${provider.label}`}>
                      {provider.label}: {on ? "on" : "off"}
                    </SubmitButton>
                  </Form>
                );
              })}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The last syncs: time, destination, lead, result in plain words, Retry on failures. */
export function SyncLog({ entries }: { entries: SyncLogView[] }) {
  return (
    <Section title="Sync log" description="The last 50 syncs. Failed ones can be retried.">
      {entries.length === 0 ? (
        <p className="text-sm text-gray-600">Nothing synced yet.</p>
      ) : (
        // On a phone each entry stacks its cells (the header row hides); from sm up it is a table.
        <table className="block w-full text-left text-sm sm:table">
          <thead className="hidden sm:table-header-group">
            <tr className="text-gray-600">
              <th className="py-1 pr-2">Time</th>
              <th className="py-1 pr-2">Destination</th>
              <th className="py-1 pr-2">Lead</th>
              <th className="py-1 pr-2">Result</th>
              <th className="py-1" />
            </tr>
          </thead>
          <tbody className="block divide-y divide-gray-100 sm:table-row-group">
            {entries.map((entry) => (
              <tr key={entry.id} className="block py-2 sm:table-row sm:py-0">
                <td className="block text-gray-600 sm:table-cell sm:py-1 sm:pr-2 sm:whitespace-nowrap sm:text-gray-900">
                  {formatWhen(entry.at)}
                  <span className="sm:hidden"> · {entry.provider}</span>
                </td>
                <td className="hidden py-1 pr-2 whitespace-nowrap sm:table-cell">{entry.provider}</td>
                <td className="block font-medium break-words sm:table-cell sm:py-1 sm:pr-2 sm:font-normal">{entry.lead}</td>
                <td className="block sm:table-cell sm:py-1 sm:pr-2">{resultText(entry)}</td>
                <td className="block pt-1 sm:table-cell sm:py-1">
                  {entry.status === "failed" ? (
                    <Form method="post">
                      {hidden("intent", "retry")}
                      {hidden("jobId", entry.id)}
                      <SubmitButton variant="secondary" label={`Retry sync of ${entry.lead} to ${entry.provider}`}>
                        Retry
                      </SubmitButton>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}

function resultText(entry: SyncLogView) {
  if (entry.status === "pending" || entry.status === "sending")
    return entry.result ? `Waiting to retry (attempt ${entry.attempts}): ${entry.result}` : "Waiting to be sent.";
  if (entry.status === "failed") return `Failed: ${entry.result ?? "unknown error"}`;
  return entry.result ?? "Sent.";
}
