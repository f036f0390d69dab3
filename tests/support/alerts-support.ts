// Lead alerts in tests: an owner's notifications screen through its route, and the alert worker driven by hand.
import { sql } from "drizzle-orm";
import { createAlertWorker } from "~/features/alerts/worker.server";
import * as route from "~/routes/settings.notifications";
import { rowsOf } from "~/db/rows.server";
import { getServices } from "~/utils/services.server";
import { callRoute, makeRequest } from "./http";
import type { manualClock } from "./manual-clock";

type Owner = { id: string; cookie: string };

export const notificationsPage = async (owner: Owner) =>
  (await callRoute(route.loader, makeRequest("/settings/notifications", { cookie: owner.cookie }))).data;

export const postNotifications = (owner: Owner, form: Record<string, string>) =>
  callRoute(route.action, makeRequest("/settings/notifications", { cookie: owner.cookie, form }));

/** The code in the Slack message that proves the webhook. */
export const codeIn = (text: string) => /code is (\d{6})/.exec(text)?.[1] ?? "";

export async function alertWorker(clock?: ReturnType<typeof manualClock>) {
  const { db } = await getServices();
  return createAlertWorker({ db, clock });
}

/**
 * Worker passes a second apart (and the worker's clock moved as much) until `done`: Slack and
 * Telegram answer 429 past about one message a second, and the worker waits their Retry-After.
 */
export async function passesUntil(worker: { runOnce(): Promise<unknown> }, done: () => boolean, clock?: { advance(ms: number): void }) {
  for (let pass = 0; pass < 8 && !done(); pass++) {
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    clock?.advance(1_100);
    await worker.runOnce();
  }
}

export async function deliveriesOf(userId: string) {
  const { db } = await getServices();
  return rowsOf<{ kind: string; status: string; outcome: string | null; text: string; lead_count: number }>(
    await db.execute(sql`
      select d.kind, d.status, d.outcome, d.text, d.lead_count from alert_delivery d join alert_channel ch on ch.id = d.channel_id
       where ch.user_id = ${userId} order by d.seq`),
  );
}
