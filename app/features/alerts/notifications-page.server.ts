// The actions of Settings → Notifications, one function per intent, each answering what the page shows.
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { refused } from "~/features/languages/owner/refusals";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { minutesOf } from "./alert-text";
import {
  confirmSlackCode,
  removeChannel,
  saveQuietHours,
  sendTest,
  setChannelEnabled,
  startSlackProof,
  startTelegramLink,
  subscribePush,
  unsubscribePush,
  whichChannel,
  type Recipient,
} from "./alert-settings.server";
import { saveRouting } from "./routing.server";
import type { ChannelKind } from "./deliveries.server";
import { saveEventAlerts } from "./event-alerts.server";
import type { Language } from "~/features/languages/languages";
import { ownerT } from "~/features/languages/owner/owner-language";

export { notificationsPageData, type Recipient } from "./alert-settings.server";

export const NOTIFICATION_INTENTS = [
  "slack-code",
  "slack-confirm",
  "telegram-link",
  "push-subscribe",
  "push-unsubscribe",
  "toggle",
  "test",
  "remove",
  "quiet",
  "quiet-off",
  "events",
  "route",
] as const;
export type NotificationIntent = (typeof NOTIFICATION_INTENTS)[number];
type Answer = { message?: string; error?: string; link?: string };

const REACHES_OUT = new Set<NotificationIntent>(["slack-code", "test", "telegram-link"]);
/** A channel kind in the answers' keys (`answers.alerts.slackOn`, `answers.alerts.testSentSlack`). */
const NAMES = { slack: "slack", telegram: "telegram", push: "browser" } as const satisfies Record<ChannelKind, string>;
const CAPITALISED = { slack: "Slack", telegram: "Telegram", push: "Browser" } as const satisfies Record<ChannelKind, string>;
const KindSchema = z.object({ kind: z.enum(["slack", "telegram", "push"]) });

/** The channel a toggle, test or removal is about: Slack or Telegram by kind, a browser by its `channel` id. */
function channelOf(recipient: Recipient, fields: Record<string, string>) {
  const parsed = KindSchema.safeParse(fields);
  if (!parsed.success) throw refused("alert_refused", "alerts.chooseKind");
  return { userId: recipient.userId, memberId: recipient.memberId, kind: parsed.data.kind, channelId: fields.channel };
}

function quietOf(fields: Record<string, string>) {
  const from = minutesOf(fields.from ?? "");
  const until = minutesOf(fields.until ?? "");
  if (from === null || until === null) throw refused("alert_refused", "alerts.bothTimes");
  if (from === until) throw refused("alert_refused", "alerts.sameTimes");
  return { from, until };
}

export async function runNotificationIntent(
  db: Database,
  options: {
    recipient: Recipient;
    intent: NotificationIntent;
    fields: Record<string, string>;
    userAgent?: string;
    /** The member's language, for the answer (English unless given). */
    language?: Language;
    /** The ticked campaigns and locations of a routing form (repeated fields). */
    lists?: { campaigns: string[]; locations: string[] };
  },
): Promise<Answer> {
  const { recipient, fields } = options;
  const { userId, memberId } = recipient;
  const t = ownerT("refusals", options.language);
  // These reach Slack or Telegram at once: bounded per owner, so the button cannot flood a channel.
  if (REACHES_OUT.has(options.intent)) await consumeRateLimit("alertSendByUser", userId);
  switch (options.intent) {
    case "slack-code":
      await startSlackProof(db, { userId, memberId, url: fields.url ?? "" });
      return { message: t("answers.alerts.codeSent") };
    case "slack-confirm":
      await confirmSlackCode(db, { userId, memberId, code: fields.code ?? "" });
      return { message: t("answers.alerts.slackProven") };
    case "telegram-link":
      return { link: await startTelegramLink(db, { userId, memberId }) };
    case "push-subscribe":
      await subscribePush(db, { userId, memberId, subscription: fields.subscription ?? "", userAgent: options.userAgent ?? "" });
      return { message: t("answers.alerts.pushOn") };
    case "push-unsubscribe":
      await unsubscribePush(db, { userId, endpoint: fields.endpoint ?? "" });
      return { message: t("answers.alerts.pushOff") };
    case "toggle": {
      const channel = channelOf(recipient, fields);
      const enabled = fields.enabled === "true";
      await setChannelEnabled(db, { ...channel, enabled });
      return { message: t(`answers.alerts.${NAMES[channel.kind]}${enabled ? "On" : "Off"}`) };
    }
    case "test": {
      const channel = channelOf(recipient, fields);
      const name = CAPITALISED[channel.kind];
      const answer = await sendTest(db, channel);
      return answer.ok
        ? { message: t(`answers.alerts.testSent${name}`, { outcome: answer.outcome }) }
        : { error: t(`answers.alerts.testRefused${name}`, { outcome: answer.outcome }) };
    }
    case "remove": {
      const channel = channelOf(recipient, fields);
      await removeChannel(db, channel);
      return { message: t(`answers.alerts.removed${CAPITALISED[channel.kind]}`) };
    }
    case "quiet":
      await saveQuietHours(db, { userId, ...quietOf(fields) });
      return { message: t("answers.alerts.quietSaved") };
    case "route": {
      const channel = channelOf(recipient, fields);
      await saveRouting(db, {
        scope: recipient,
        which: whichChannel(channel),
        campaigns: fields.campaignScope === "some" ? (options.lists?.campaigns ?? []) : null,
        locations: fields.locationScope === "some" ? (options.lists?.locations ?? []) : null,
      });
      return { message: t("answers.alerts.routed") };
    }
    case "events":
      // A scan limit has no location: only the owner may ask for it.
      await saveEventAlerts(db, { userId, redeemed: fields.redeemed === "true", scanLimit: memberId === null && fields.scanLimit === "true" });
      return { message: t("answers.alerts.saved") };
    case "quiet-off":
      await saveQuietHours(db, { userId, from: null, until: null });
      return { message: t("answers.alerts.quietOff") };
  }
}
