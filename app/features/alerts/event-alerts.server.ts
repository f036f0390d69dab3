// Opt-in event alerts (docs/features/alerts.md, "Code redeemed and scan limit"): queued in the
// transaction where the event commits, to every proven, switched-on channel the campaign is routed
// to (a redeem also to team members' channels at its location), and sent by the alert worker. During quiet hours nothing is queued:
// the morning summary reports redemptions, and the scan limit has its email.
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { getEnv } from "~/utils/env.server";
import { isQuiet, redeemedAlertText, scanLimitAlertText } from "./alert-text";
import { CHANNEL_BUSINESS, CHANNEL_IS_VIEWER, heldToMember, routedTo } from "./routing.server";

type Owner = { user_id: string; time_zone: string | null; quiet_from: number | null; quiet_until: number | null };

/** Queues `text` for each of the owner's own live channels (not their team's) the event is routed to. */
async function queueForOwner(
  tx: Pick<Database, "execute">,
  options: { owner: Owner; kind: "redeemed" | "scan_limit"; text: string; leadId?: string; route: SQL },
) {
  await tx.execute(sql`
    insert into alert_delivery (channel_id, kind, text, lead_id)
    select ch.id, ${options.kind}, ${options.text}, ${options.leadId ?? null} from alert_channel ch
     where ch.user_id = ${options.owner.user_id} and ch.member_id is null and ch.status = 'proven' and ch.enabled and ch.destination is not null
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

type RedeemFacts = { name: string; title: string; campaign_id: string; placement_id: string | null; business_id: string; time_zone: string | null };
type RedeemChannel = { id: string; is_viewer: boolean; quiet_from: number | null; quiet_until: number | null };

/**
 * "Code redeemed: …" to every live channel whose sign-in asked for it: the owner's, and a manager's
 * or viewer's when the code's placement is at one of their locations. Each sign-in's own quiet
 * hours hold its channels back (in the business's zone).
 */
export async function queueRedeemedAlert(tx: Pick<Database, "execute">, options: { leadId: string; by: string | null; location: string | null }) {
  const [facts] = rowsOf<RedeemFacts>(
    await tx.execute(sql`
      select l.name, c.title, l.campaign_id, l.placement_id, c.user_id as business_id, bp.time_zone
        from lead l join campaign c on c.id = l.campaign_id left join business_profile bp on bp.user_id = c.user_id
       where l.id = ${options.leadId}`),
  );
  if (!facts) return;
  const placement = facts.placement_id ? sql`${facts.placement_id}::uuid` : sql`null::uuid`;
  const channels = rowsOf<RedeemChannel>(
    await tx.execute(sql`
      select ch.id, ${CHANNEL_IS_VIEWER} as is_viewer, s.quiet_from, s.quiet_until
        from alert_channel ch
        join alert_setting s on s.user_id = ch.user_id and s.redeem_alerts
       where ${CHANNEL_BUSINESS} = ${facts.business_id} and ch.status = 'proven' and ch.enabled and ch.destination is not null
         and ${routedTo(sql`${facts.campaign_id}::uuid`, placement)} and ${heldToMember(placement)}`),
  );
  const zone = facts.time_zone ?? "UTC";
  const now = new Date();
  for (const channel of channels) {
    if (isQuiet(now, zone, channel.quiet_from, channel.quiet_until)) continue;
    const text = redeemedAlertText({
      name: channel.is_viewer ? null : facts.name,
      campaignTitle: facts.title,
      location: options.location,
      by: options.by,
      collectedAt: now,
      timeZone: zone,
      leadUrl: `${getEnv().appOrigin}${channel.is_viewer ? "/dashboard" : `/leads/${options.leadId}`}`,
    });
    await tx.execute(
      sql`insert into alert_delivery (channel_id, kind, text, lead_id) values (${channel.id}, 'redeemed', ${text}, ${options.leadId})`,
    );
  }
}

/** "Spring Offer has reached its … free scans", when the owner asked for it; the caller raised the campaign's notice level once. */
export async function queueScanLimitAlert(tx: Pick<Database, "execute">, options: { campaignId: string; campaignTitle: string; limit: number }) {
  const owner = await ownerOf(tx, sql`${options.campaignId}`, sql`s.scan_limit_alerts`);
  if (!owner) return;
  const text = scanLimitAlertText({ campaignTitle: options.campaignTitle, limit: options.limit, pricingUrl: `${getEnv().appOrigin}/pricing` });
  await queueForOwner(tx, { owner, kind: "scan_limit", text, route: routedTo(sql`${options.campaignId}::uuid`) });
}

/** The two opt-ins, saved together from the Notifications screen; a team member has only the first (a scan limit has no location). */
export async function saveEventAlerts(db: Database, options: { userId: string; redeemed: boolean; scanLimit: boolean }) {
  await db.execute(sql`
    insert into alert_setting (user_id, redeem_alerts, scan_limit_alerts) values (${options.userId}, ${options.redeemed}, ${options.scanLimit})
    on conflict (user_id) do update set redeem_alerts = excluded.redeem_alerts, scan_limit_alerts = excluded.scan_limit_alerts`);
}
