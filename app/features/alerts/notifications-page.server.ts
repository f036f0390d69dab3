// The actions of Settings → Notifications, one function per intent, each answering what the page shows.
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { DomainError } from "~/utils/domain-error";
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
} from "./alert-settings.server";
import type { ChannelKind } from "./deliveries.server";

export { notificationsPageData } from "./alert-settings.server";

export type NotificationIntent = "slack-code" | "slack-confirm" | "telegram-link" | "toggle" | "test" | "remove" | "quiet" | "quiet-off";
type Answer = { message?: string; error?: string; link?: string };

const REACHES_OUT = new Set<NotificationIntent>(["slack-code", "test", "telegram-link"]);
const NAMES: Record<ChannelKind, string> = { slack: "Slack", telegram: "Telegram" };
const KindSchema = z.object({ kind: z.enum(["slack", "telegram"]) });

function kindOf(fields: Record<string, string>): ChannelKind {
  const parsed = KindSchema.safeParse(fields);
  if (!parsed.success) throw new DomainError("alert_refused", "Choose Slack or Telegram.");
  return parsed.data.kind;
}

function quietOf(fields: Record<string, string>) {
  const from = minutesOf(fields.from ?? "");
  const until = minutesOf(fields.until ?? "");
  if (from === null || until === null) throw new DomainError("alert_refused", "Enter both times, like 22:00 and 07:00.");
  if (from === until) throw new DomainError("alert_refused", "Quiet hours must start and end at different times.");
  return { from, until };
}

export async function runNotificationIntent(
  db: Database,
  options: { userId: string; intent: NotificationIntent; fields: Record<string, string> },
): Promise<Answer> {
  const { userId, fields } = options;
  // These reach Slack or Telegram at once: bounded per owner, so the button cannot flood a channel.
  if (REACHES_OUT.has(options.intent)) await consumeRateLimit("alertSendByUser", userId);
  switch (options.intent) {
    case "slack-code":
      await startSlackProof(db, { userId, url: fields.url ?? "" });
      return { message: "Code sent: look in your Slack channel." };
    case "slack-confirm":
      await confirmSlackCode(db, { userId, code: fields.code ?? "" });
      return { message: "Slack is proven: lead alerts go there from now on." };
    case "telegram-link":
      return { link: await startTelegramLink(db, { userId }) };
    case "toggle": {
      const kind = kindOf(fields);
      const enabled = fields.enabled === "true";
      await setChannelEnabled(db, { userId, kind, enabled });
      return { message: `${NAMES[kind]} alerts are ${enabled ? "on" : "off"}.` };
    }
    case "test": {
      const kind = kindOf(fields);
      const answer = await sendTest(db, { userId, kind });
      return answer.ok
        ? { message: `Test sent to ${NAMES[kind]} (${answer.outcome}).` }
        : { error: `${NAMES[kind]} did not accept the test (${answer.outcome}).` };
    }
    case "remove": {
      const kind = kindOf(fields);
      await removeChannel(db, { userId, kind });
      return { message: `${NAMES[kind]} alerts removed.` };
    }
    case "quiet":
      await saveQuietHours(db, { userId, ...quietOf(fields) });
      return { message: "Quiet hours saved." };
    case "quiet-off":
      await saveQuietHours(db, { userId, from: null, until: null });
      return { message: "No quiet hours: alerts arrive at any time." };
  }
}
