// Settings → Notifications, one component per section (docs/features/alerts.md): a channel's
// section shows what the owner can do in the state it is in, and nothing else.
import { useRef, useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Input } from "~/components/ui/input";
import { Section, SubmitButton } from "~/features/integrations/integrations-ui";
import { useOwnerT, useFormatWhen } from "~/features/languages/owner/owner-language";
import type { ChannelView, DeliveryView } from "./alert-settings.server";
import { RoutingForm } from "./routing-ui";

const Hidden = ({ name, value }: { name: string; value: string }) => <input type="hidden" name={name} value={value} />;

export type Busy = string | null;

export function EmailSection({ email }: { email: string }) {
  const t = useOwnerT("notifications");
  return (
    <Section title={t("email.title")}>
      <p className="break-words text-sm text-gray-600">{t("email.description", { email })}</p>
    </Section>
  );
}

/** On/off, a test and removal: the same for every proven channel (a browser is named by its `channel` id). */
export function ProvenControls({ channel, name, busy }: { channel: ChannelView; name: string; busy: Busy }) {
  const t = useOwnerT("notifications");
  const submit = useSubmit();
  const [confirming, setConfirming] = useState(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <Form method="post">
        <Hidden name="intent" value="toggle" />
        <Hidden name="kind" value={channel.kind} />
        <Hidden name="channel" value={channel.id} />
        <Hidden name="enabled" value={channel.enabled ? "false" : "true"} />
        <SubmitButton variant="secondary" busy={busy === "toggle"} label={`${channel.enabled ? t("turnOff") : t("turnOn")} ${name}`}>
          {channel.enabled ? t("turnOff") : t("turnOn")}
        </SubmitButton>
      </Form>
      <Form method="post">
        <Hidden name="intent" value="test" />
        <Hidden name="kind" value={channel.kind} />
        <Hidden name="channel" value={channel.id} />
        <SubmitButton variant="secondary" busy={busy === "test"} disabled={!channel.enabled} label={`${t("sendTest")} (${name})`}>
          {t("sendTest")}
        </SubmitButton>
      </Form>
      <Button
        ref={removeButton}
        type="button"
        variant="danger-outline"
        size="md"
        onClick={() => setConfirming(true)}
        aria-label={`${t("remove")} ${name}`}
      >
        {t("remove")}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("removeTitle", { channel: name })}
        description={t("removeDescription", { channel: name })}
        confirmLabel={`${t("remove")} ${name}`}
        onConfirm={() => submit({ intent: "remove", kind: channel.kind, channel: channel.id }, { method: "post" })}
        returnFocusTo={removeButton}
      />
      <div className="basis-full">
        <RoutingForm channel={channel} name={name} busy={busy} />
      </div>
    </div>
  );
}

export function StatusBadge({ channel }: { channel: ChannelView }) {
  const t = useOwnerT("notifications");
  const on = channel.status === "proven" && channel.enabled;
  return <Badge color={on ? "green" : "gray"}>{on ? t("on") : t("off")}</Badge>;
}

function SlackUrlForm({ busy }: { busy: Busy }) {
  const t = useOwnerT("notifications");
  return (
    <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <Hidden name="intent" value="slack-code" />
      <label className="flex-1 text-sm font-medium text-gray-700">
        {t("slack.url")}
        <Input name="url" type="url" required inputMode="url" autoComplete="off" placeholder={t("slack.urlPlaceholder")} className="mt-1" />
      </label>
      <SubmitButton busy={busy === "slack-code"}>{t("slack.sendCode")}</SubmitButton>
    </Form>
  );
}

export function SlackSection({ channel, busy }: { channel: ChannelView | undefined; busy: Busy }) {
  const t = useOwnerT("notifications");
  return (
    <Section title={t("slack.title")} description={t("slack.description")}>
      {channel ? <StatusBadge channel={channel} /> : null}
      {channel?.status === "disabled" && channel.disabledReason ? (
        <p className="mt-2 text-sm text-red-700">{t("disabled", { reason: channel.disabledReason })}</p>
      ) : null}
      {channel?.status === "proven" ? (
        <>
          <p className="mt-2 break-all text-sm text-gray-700">{t("slack.proven", { label: channel.label })}</p>
          <ProvenControls channel={channel} name="Slack" busy={busy} />
        </>
      ) : channel?.status === "proving" ? (
        <div className="mt-2 space-y-3">
          <p className="break-all text-sm text-gray-700">{t("slack.codeSent", { label: channel.label })}</p>
          <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <Hidden name="intent" value="slack-confirm" />
            <label className="text-sm font-medium text-gray-700">
              {t("slack.code")}
              <Input
                name="code"
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]{6,7}"
                maxLength={7}
                className="mt-1 font-mono"
              />
            </label>
            <SubmitButton busy={busy === "slack-confirm"}>{t("slack.confirm")}</SubmitButton>
          </Form>
          <details>
            <summary className="cursor-pointer text-sm text-blue-700">{t("slack.otherUrl")}</summary>
            <div className="mt-2">
              <SlackUrlForm busy={busy} />
            </div>
          </details>
        </div>
      ) : (
        <div className="mt-2 space-y-2">
          <p className="text-sm text-gray-600">{t("slack.howTo")}</p>
          <SlackUrlForm busy={busy} />
        </div>
      )}
    </Section>
  );
}

function TelegramLinkButton({ busy, label }: { busy: Busy; label: string }) {
  return (
    <Form method="post">
      <Hidden name="intent" value="telegram-link" />
      <SubmitButton variant="secondary" busy={busy === "telegram-link"}>
        {label}
      </SubmitButton>
    </Form>
  );
}

export function TelegramSection({
  channel,
  ready,
  link,
  busy,
}: {
  channel: ChannelView | undefined;
  ready: boolean;
  link: string | null;
  busy: Busy;
}) {
  const t = useOwnerT("notifications");
  if (!ready && channel?.status !== "proven")
    return (
      <Section title={t("telegram.title")} description={t("telegram.description")}>
        <p className="text-sm text-gray-600">{t("telegram.notConfigured")}</p>
      </Section>
    );
  return (
    <Section title={t("telegram.title")} description={t("telegram.description")}>
      {channel ? <StatusBadge channel={channel} /> : null}
      {channel?.status === "disabled" && channel.disabledReason ? (
        <p className="mt-2 text-sm text-red-700">{t("disabled", { reason: channel.disabledReason })}</p>
      ) : null}
      {channel?.status === "proven" ? (
        <>
          <p className="mt-2 text-sm text-gray-700">{t("telegram.proven", { label: channel.label })}</p>
          <ProvenControls channel={channel} name="Telegram" busy={busy} />
        </>
      ) : link ? (
        <div className="mt-2 space-y-2">
          <a href={link} target="_blank" rel="noreferrer" className={buttonClass({})}>
            {t("telegram.open")}
          </a>
          <p className="text-sm text-gray-600">{t("telegram.openHint")}</p>
          <Link to="/settings/notifications" className="text-sm text-blue-700 underline">
            {t("telegram.checkAgain")}
          </Link>
        </div>
      ) : channel?.status === "proving" ? (
        <div className="mt-2 space-y-2">
          <p className="text-sm text-gray-700">{t("telegram.waiting")}</p>
          <div className="flex flex-wrap gap-2">
            <Link to="/settings/notifications" className={buttonClass({ variant: "secondary" })}>
              {t("telegram.checkAgain")}
            </Link>
            <TelegramLinkButton busy={busy} label={t("telegram.newLink")} />
          </div>
        </div>
      ) : (
        <div className="mt-2">
          <TelegramLinkButton busy={busy} label={t("telegram.link")} />
        </div>
      )}
    </Section>
  );
}

/** `ownerOnly`: the scan-limit choice, which has no location, so a team member has no such alert. */
export function EventAlertsSection({
  events,
  ownerOnly,
  busy,
}: {
  events: { redeemed: boolean; scanLimit: boolean };
  ownerOnly: boolean;
  busy: Busy;
}) {
  const t = useOwnerT("notifications");
  return (
    <Section title={t("events.title")} description={t("events.description")}>
      <Form method="post" className="space-y-2">
        <Hidden name="intent" value="events" />
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input type="checkbox" name="redeemed" value="true" defaultChecked={events.redeemed} className="h-5 w-5" />
          {t("events.redeemed")}
        </label>
        {ownerOnly ? (
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input type="checkbox" name="scanLimit" value="true" defaultChecked={events.scanLimit} className="h-5 w-5" />
            {t("events.scanLimit")}
          </label>
        ) : null}
        <SubmitButton busy={busy === "events"}>{t("events.save")}</SubmitButton>
      </Form>
    </Section>
  );
}

export function QuietHoursSection({ quiet, timeZone, busy }: { quiet: { from: string; until: string } | null; timeZone: string; busy: Busy }) {
  const t = useOwnerT("notifications");
  return (
    <Section title={t("quiet.title")} description={t("quiet.description", { zone: timeZone })}>
      <p className="text-sm text-gray-700">{quiet ? t("quiet.current", quiet) : t("quiet.none")}</p>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
        <Hidden name="intent" value="quiet" />
        <label className="text-sm font-medium text-gray-700">
          {t("quiet.from")}
          <Input name="from" type="time" required defaultValue={quiet?.from ?? "22:00"} className="mt-1" />
        </label>
        <label className="text-sm font-medium text-gray-700">
          {t("quiet.until")}
          <Input name="until" type="time" required defaultValue={quiet?.until ?? "07:00"} className="mt-1" />
        </label>
        <SubmitButton busy={busy === "quiet"}>{t("quiet.save")}</SubmitButton>
      </Form>
      {quiet ? (
        <Form method="post" className="mt-2">
          <Hidden name="intent" value="quiet-off" />
          <SubmitButton variant="secondary" busy={busy === "quiet-off"}>
            {t("quiet.clear")}
          </SubmitButton>
        </Form>
      ) : null}
    </Section>
  );
}

const CHANNEL_NAMES = { slack: "Slack", telegram: "Telegram", push: "" } as const;

export function DeliveryLog({ deliveries }: { deliveries: DeliveryView[] }) {
  const t = useOwnerT("notifications");
  const formatWhen = useFormatWhen();
  return (
    <Section title={t("log.title")} description={t("log.description")}>
      {deliveries.length === 0 ? (
        <p className="text-sm text-gray-600">{t("log.empty")}</p>
      ) : (
        <ul aria-label={t("log.title")} className="divide-y divide-gray-200">
          {deliveries.map((delivery) => (
            <li key={delivery.id} className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-center sm:gap-4">
              <span className="text-gray-600 sm:w-48">{formatWhen(delivery.at)}</span>
              <span className="font-medium text-gray-900 sm:w-24">{CHANNEL_NAMES[delivery.channel] || delivery.label}</span>
              <span className="text-gray-800 sm:w-40">{t(`log.kinds.${delivery.kind as "lead"}`, { count: delivery.leadCount })}</span>
              <span className={`break-all ${delivery.status === "failed" ? "text-red-700" : "text-gray-700"}`}>{delivery.outcome}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
