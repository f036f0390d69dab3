// The owner's summary choice, kept with their other notification settings (notification_setting).
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { notificationSetting } from "~/db/schema";
import { getSavedTimeZone, rememberTimeZone } from "~/features/account/account.server";
import type { SummarySettings, SummarySettingsInput } from "./summary.schema";

export async function getSummarySettings(db: Database, { userId }: { userId: string }): Promise<SummarySettings> {
  const [[row], timeZone] = await Promise.all([
    db
      .select({
        frequency: notificationSetting.summaryFrequency,
        onQuietDays: notificationSetting.summaryOnQuietDays,
        toChannels: notificationSetting.summaryToChannels,
      })
      .from(notificationSetting)
      .where(eq(notificationSetting.userId, userId)),
    getSavedTimeZone(db, { userId }),
  ]);
  return { frequency: row?.frequency ?? "off", onQuietDays: row?.onQuietDays ?? false, toChannels: row?.toChannels ?? false, timeZone };
}

/** Saves the choice, and the zone of the browser that saved it: 08:00 is the owner's 08:00. */
export async function saveSummarySettings(db: Database, options: { userId: string; input: SummarySettingsInput; timeZone: string }) {
  const { summaryFrequency, summaryOnQuietDays, summaryToChannels } = options.input;
  const set = { summaryFrequency, summaryOnQuietDays, summaryToChannels };
  await db
    .insert(notificationSetting)
    .values({ userId: options.userId, ...set })
    .onConflictDoUpdate({ target: notificationSetting.userId, set });
  // A browser that told us nothing (no tz cookie) must not overwrite a zone saved before.
  if (options.timeZone !== "UTC" || !(await getSavedTimeZone(db, { userId: options.userId }))) {
    await rememberTimeZone(db, { userId: options.userId, timeZone: options.timeZone });
  }
}
