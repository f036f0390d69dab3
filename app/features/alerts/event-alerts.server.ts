// The owner's opt-in event alerts (docs/features/alerts.md, "Code redeemed and scan limit"):
// queued in the transaction where the event commits, to every proven, switched-on channel the
// campaign is routed to, and sent by the alert worker. During quiet hours nothing is queued:
// the morning summary reports redemptions, and the scan limit has its email.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { getEnv } from "~/utils/env.server";
import { isQuiet, redeemedAlertText, scanLimitAlertText } from "./alert-text";
import { routedTo } from "./routing.server";

type Owner = { user_id: string; time_zone: string | null; quiet_from: number | null; quiet_until: number | null };

/** Queues `text` for each of the owner's live channels the event is routed to. */
async function queueForOwner(
  tx: Pick<Database, "execute">,
  options: { owner: Owner; kind: "redeemed" | "scan_limit"; text: string; leadId?: string; route: SQL },
) {
  await tx.execute(sql`
    insert into alert_delivery (channel_id, kind, text, lead_id)
    select ch.id, ${options.kind}, ${options.text}, ${options.leadId ?? null} from alert_channel ch
     where ch.user_id = ${options.owner.user_id} and ch.status = 'proven' and ch.enabled and ch.destination is not null
       and ${options.route}`);
}

async function ownerOf(tx: Pick<Database, "execute">, campaignId: SQL, setting: SQL) {
  const [owner] = rowsOf<Owner>(
    await tx.execute(sql`
      select c.user_id, bp.time_zone, s.quiet_from, s.quiet_until
        from campaign c
        join alert_setting s on s.user_id = c.user_id and ${setting}
        left join business_profile bp on bp.user_id = c.user_id
       where c.id = ${campaignId}`),
  );
  if (!owner || isQuiet(new Date(), owner.time_zone ?? "UTC", owner.quiet_from, owner.quiet_until)) return null;
  return owner;
}

/** "Code redeemed: …", when the owner asked for it. */
export async function queueRedeemedAlert(tx: Pick<Database, "execute">, options: { leadId: string; by: string | null; location: string | null }) {
  const owner = await ownerOf(tx, sql`(select campaign_id from lead where id = ${options.leadId})`, sql`s.redeem_alerts`);
  if (!owner) return;
  const [facts] = rowsOf<{ name: string; title: string; campaign_id: string; placement_id: string | null }>(
    await tx.execute(
      sql`select l.name, c.title, l.campaign_id, l.placement_id from lead l join campaign c on c.id = l.campaign_id where l.id = ${options.leadId}`,
    ),
  );
  const text = redeemedAlertText({
    name: facts!.name,
    campaignTitle: facts!.title,
    location: options.location,
    by: options.by,
    collectedAt: new Date(),
    timeZone: owner.time_zone ?? "UTC",
    leadUrl: `${getEnv().appOrigin}/leads/${options.leadId}`,
  });
  const route = routedTo(sql`${facts!.campaign_id}::uuid`, facts!.placement_id ? sql`${facts!.placement_id}::uuid` : sql`null::uuid`);
  await queueForOwner(tx, { owner, kind: "redeemed", text, leadId: options.leadId, route });
}

/** "Spring Offer has reached its … free scans", when the owner asked for it; the caller raised the campaign's notice level once. */
export async function queueScanLimitAlert(tx: Pick<Database, "execute">, options: { campaignId: string; campaignTitle: string; limit: number }) {
  const owner = await ownerOf(tx, sql`${options.campaignId}`, sql`s.scan_limit_alerts`);
  if (!owner) return;
  const text = scanLimitAlertText({ campaignTitle: options.campaignTitle, limit: options.limit, pricingUrl: `${getEnv().appOrigin}/pricing` });
  await queueForOwner(tx, { owner, kind: "scan_limit", text, route: routedTo(sql`${options.campaignId}::uuid`) });
}

/** The two opt-ins, saved together from the Notifications screen. */
export async function saveEventAlerts(db: Database, options: { userId: string; redeemed: boolean; scanLimit: boolean }) {
  await db.execute(sql`
    insert into alert_setting (user_id, redeem_alerts, scan_limit_alerts) values (${options.userId}, ${options.redeemed}, ${options.scanLimit})
    on conflict (user_id) do update set redeem_alerts = excluded.redeem_alerts, scan_limit_alerts = excluded.scan_limit_alerts`);
}
