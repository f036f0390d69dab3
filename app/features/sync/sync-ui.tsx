// Lead sync on Settings → Integrations: one card per provider, the per-campaign switches and the
// sync log. Each is its own component, so the integrations screen can place them as it likes.
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Section, SubmitButton } from "~/features/integrations/integrations-ui";
import { CopyValue } from "~/features/languages/owner/copy-value";
import { type OwnerT, useOwnerT, useFormatWhen } from "~/features/languages/owner/owner-language";
import { leadsWord, type SyncLogView, type SyncProviderView } from "./sync-view";

/** The link from the integrations screen to the lead sync page. */
export function SyncSectionLink() {
  const t = useOwnerT("sync");
  return (
    <Section title={t("title")} description={t("link.description")}>
      <Link to="/settings/integrations/sync" className={buttonClass({ variant: "secondary", size: "sm" })}>
        {t("link.action")}
      </Link>
    </Section>
  );
}

const PROVIDER_DOES: Record<string, "provider.does.mailchimp" | "provider.does.googleSheets"> = {
  mailchimp: "provider.does.mailchimp",
  google_sheets: "provider.does.googleSheets",
};

/**
 * A provider this server has no credentials for. The owner cannot fix that, so they read what it
 * would do; an admin also gets what to set and the redirect URI to register, each copyable.
 */
function NotSwitchedOn({ provider, redirectUri }: { provider: SyncProviderView; redirectUri: string | null }) {
  const t = useOwnerT("sync");
  const does = PROVIDER_DOES[provider.id];
  return (
    <div className="space-y-3 text-sm">
      <p role="note" className="text-gray-800">
        <strong className="font-semibold">{t("provider.notSwitchedOn", { provider: provider.label })}</strong> {does ? t(does) : null}
      </p>
      {redirectUri ? (
        <div className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-950">
          <p className="font-semibold">{t("provider.setUp.title", { provider: provider.label })}</p>
          <p>{t("provider.setUp.variables")}</p>
          {provider.missingConfiguration.map((name) => (
            <CopyValue key={name} label={name} value={name} />
          ))}
          <p>{t("provider.setUp.redirectUri", { provider: provider.label })}</p>
          <CopyValue label={t("provider.setUp.redirectUriLabel", { provider: provider.label })} value={redirectUri} />
        </div>
      ) : null}
    </div>
  );
}

const Hidden = ({ name, value }: { name: string; value: string }) => <input type="hidden" name={name} value={value} />;

/** One provider: connect, choose where leads go, see its state, disconnect. */
export function SyncProviderCard({
  provider,
  disabled,
  redirectUri,
}: {
  provider: SyncProviderView;
  disabled: boolean;
  /** Given to admins only: the set-up box names the variables and this URI. */
  redirectUri: string | null;
}) {
  const connection = provider.connection;
  const t = useOwnerT("sync");
  const formatWhen = useFormatWhen();
  const connectLabel = t(connection ? "provider.reconnect" : "provider.connect", { provider: provider.label });
  const notSwitchedOn = provider.missingConfiguration.length > 0;
  const connect = (
    <Form method="post">
      <Hidden name="intent" value="connect" />
      <Hidden name="provider" value={provider.id} />
      <SubmitButton variant={connection ? "secondary" : "primary"} disabled={disabled || notSwitchedOn}>
        {connectLabel}
      </SubmitButton>
    </Form>
  );
  return (
    <Section title={provider.label}>
      {notSwitchedOn ? <NotSwitchedOn provider={provider} redirectUri={redirectUri} /> : null}
      {!connection ? (
        notSwitchedOn ? null : (
          connect
        )
      ) : (
        <div className="space-y-3">
          <div className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
            <Badge color={connection.status === "active" ? "green" : "red"}>
              {t(connection.status === "active" ? "provider.active" : "provider.broken")}
            </Badge>
            {connection.accountName ? <span>{connection.accountName}</span> : null}
            <span>{t("provider.lastSync", { when: formatWhen(connection.lastSyncAt) })}</span>
            {connection.failures > 0 ? <span className="text-red-700">{t("provider.failures", { failures: connection.failures })}</span> : null}
          </div>
          {connection.status === "broken" ? (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {t("provider.brokenReason", { reason: connection.brokenReason ?? "" })}
            </p>
          ) : null}
          <p className="text-sm text-gray-900">
            {connection.destinationName
              ? t("provider.destination", { noun: provider.destinationNoun, name: connection.destinationName })
              : t("provider.chooseDestination", { noun: provider.destinationNoun })}
          </p>
          <BackfillOffer provider={provider} disabled={disabled} />
          <DestinationChoice provider={provider} disabled={disabled} />
          <div className="flex flex-wrap gap-2">
            {connect}
            <Form method="post">
              <Hidden name="intent" value="disconnect" />
              <Hidden name="provider" value={provider.id} />
              <SubmitButton variant="danger">{t("provider.disconnect", { provider: provider.label })}</SubmitButton>
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
  const t = useOwnerT("sync");
  if (!backfill) return null;
  const running = backfill.done < backfill.queued;
  return (
    <div className="space-y-2">
      {backfill.queued > 0 ? (
        <p role="status" className="text-sm text-gray-700">
          {running
            ? t("backfill.running", { done: backfill.done, queued: backfill.queued })
            : t("backfill.finished", { done: backfill.done, queued: backfill.queued })}
        </p>
      ) : null}
      {backfill.waiting > 0 && !running ? (
        <Form method="post" className="flex flex-wrap items-center gap-2">
          <Hidden name="intent" value="backfill" />
          <Hidden name="provider" value={provider.id} />
          <SubmitButton disabled={disabled}>{t("backfill.send", { leads: leadsWord(backfill.waiting) })}</SubmitButton>
          {provider.needsMarketingConsent ? <span className="text-sm text-gray-600">{t("backfill.marketingOnly")}</span> : null}
        </Form>
      ) : null}
    </div>
  );
}

function DestinationChoice({ provider, disabled }: { provider: SyncProviderView; disabled: boolean }) {
  const t = useOwnerT("sync");
  if (provider.canCreate)
    return (
      <div className="space-y-3">
        <Form method="post">
          <Hidden name="intent" value="create" />
          <Hidden name="provider" value={provider.id} />
          <SubmitButton variant="secondary" disabled={disabled}>
            {t("destination.createSheet")}
          </SubmitButton>
        </Form>
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <Hidden name="intent" value="existing" />
          <Hidden name="provider" value={provider.id} />
          <div className="w-full min-w-0 sm:w-auto sm:flex-1">
            <label htmlFor={`${provider.id}-existing`} className="block text-sm font-medium text-gray-700">
              {t("destination.existingSheet")}
            </label>
            <Input
              id={`${provider.id}-existing`}
              name="sheet"
              required
              maxLength={500}
              placeholder={t("destination.existingSheetPlaceholder")}
              className="mt-1 w-full"
            />
          </div>
          <SubmitButton variant="secondary" disabled={disabled}>
            {t("destination.useSheet")}
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
        {t("destination.chooseAnother", { noun: provider.destinationNoun })}
      </Link>
    );
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <Hidden name="intent" value="choose" />
      <Hidden name="provider" value={provider.id} />
      <label className="text-sm font-medium text-gray-700">
        {t("destination.audience")}
        <Select name="destinationId" size="sm" className="mt-1 block">
          {provider.destinations.map((destination) => (
            <option key={destination.id} value={destination.id}>
              {destination.name}
            </option>
          ))}
        </Select>
      </label>
      <SubmitButton disabled={disabled || provider.destinations.length === 0}>{t("destination.useAudience")}</SubmitButton>
    </Form>
  );
}

/** Per campaign, each connected destination on or off. */
export function SyncCampaignSwitches({ providers, campaigns }: { providers: SyncProviderView[]; campaigns: Array<{ id: string; title: string }> }) {
  const connected = providers.filter((provider) => provider.connection?.destinationName);
  const t = useOwnerT("sync");
  if (connected.length === 0 || campaigns.length === 0) return null;
  return (
    <Section title={t("campaigns.title")} description={t("campaigns.description")}>
      <ul className="divide-y divide-gray-200">
        {campaigns.map((campaign) => (
          <li key={campaign.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="text-sm text-gray-900">{campaign.title}</span>
            <div className="flex flex-wrap gap-2">
              {connected.map((provider) => {
                const on = !provider.connection!.campaignsOff.includes(campaign.id);
                return (
                  <Form method="post" key={provider.id}>
                    <Hidden name="intent" value="campaign" />
                    <Hidden name="provider" value={provider.id} />
                    <Hidden name="campaignId" value={campaign.id} />
                    <Hidden name="on" value={on ? "no" : "yes"} />
                    <SubmitButton
                      variant="secondary"
                      label={t(on ? "campaigns.stop" : "campaigns.start", { campaign: campaign.title, provider: provider.label })}
                    >
                      {t(on ? "campaigns.on" : "campaigns.off", { provider: provider.label })}
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
  const t = useOwnerT("sync");
  const formatWhen = useFormatWhen();
  return (
    <Section title={t("log.title")} description={t("log.description")}>
      {entries.length === 0 ? (
        <p className="text-sm text-gray-600">{t("log.empty")}</p>
      ) : (
        // On a phone each entry stacks its cells (the header row hides); from sm up it is a table.
        <table className="block w-full text-left text-sm sm:table">
          <thead className="hidden sm:table-header-group">
            <tr className="text-gray-600">
              <th className="py-1 pr-2">{t("log.time")}</th>
              <th className="py-1 pr-2">{t("log.destination")}</th>
              <th className="py-1 pr-2">{t("log.lead")}</th>
              <th className="py-1 pr-2">{t("log.result")}</th>
              <th className="py-1" />
            </tr>
          </thead>
          <tbody className="block divide-y divide-gray-100 sm:table-row-group">
            {entries.map((entry) => (
              <tr key={entry.id} className="block py-2 sm:table-row sm:py-0">
                <td className="block text-gray-600 sm:table-cell sm:py-1 sm:pr-2 sm:whitespace-nowrap sm:text-gray-900">
                  {formatWhen(entry.at)}
                  <span className="sm:hidden">{t("log.provider", { provider: entry.provider })}</span>
                </td>
                <td className="hidden py-1 pr-2 whitespace-nowrap sm:table-cell">{entry.provider}</td>
                <td className="block font-medium break-words sm:table-cell sm:py-1 sm:pr-2 sm:font-normal">{entry.lead}</td>
                <td className="block sm:table-cell sm:py-1 sm:pr-2">{resultText(entry, t)}</td>
                <td className="block pt-1 sm:table-cell sm:py-1">
                  {entry.status === "failed" ? (
                    <Form method="post">
                      <Hidden name="intent" value="retry" />
                      <Hidden name="jobId" value={entry.id} />
                      <SubmitButton variant="secondary" label={t("log.retryNamed", { lead: entry.lead, provider: entry.provider })}>
                        {t("log.retry")}
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

function resultText(entry: SyncLogView, t: OwnerT<"sync">) {
  if (entry.status === "pending" || entry.status === "sending")
    return entry.result ? t("log.waitingToRetry", { attempts: entry.attempts, result: entry.result }) : t("log.waiting");
  if (entry.status === "failed") return t("log.failed", { result: entry.result ?? t("log.unknownError") });
  return entry.result ?? t("log.sent");
}
