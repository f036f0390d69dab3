// A lead as the destinations receive it: its fields, campaign, placement, offer code, the owner's
// zone and its consent record, read in one query when the job runs (so a push sends the state of now).
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { consentStatusOf, type ConsentMode } from "~/features/consent/consent";
import { formatOfferCode } from "~/features/redeem/code";
import type { SyncLead } from "./provider";

type Row = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  collected_at: string | Date;
  campaign_title: string;
  placement_name: string | null;
  offer_code: string | null;
  time_zone: string | null;
  mode: ConsentMode | null;
  ticked: boolean | null;
  given_at: string | Date | null;
  client_address: string | null;
  wording: string | null;
  wording_language: string | null;
  confirmed_at: string | Date | null;
  confirmed_address: string | null;
  withdrawn_at: string | Date | null;
};

const dateOf = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** Null when the lead is gone (erased since the job was queued). */
export async function syncLeadOf(db: Database, leadId: string): Promise<SyncLead | null> {
  const [row] = rowsOf<Row>(
    await db.execute(sql`
      select l.id, l.name, l.email, l.phone, l.collected_at, c.title as campaign_title, p.name as placement_name,
             (select o.code from offer_code o where o.lead_id = l.id limit 1) as offer_code, bp.time_zone,
             lc.mode, lc.ticked, lc.given_at, lc.client_address, w.text as wording, w.language as wording_language, lc.confirmed_at, lc.confirmed_address, lc.withdrawn_at
        from lead l
        join campaign c on c.id = l.campaign_id
        left join placement p on p.id = l.placement_id
        left join business_profile bp on bp.user_id = c.user_id
        left join lead_consent lc on lc.lead_id = l.id
        left join consent_wording w on w.id = lc.wording_id
       where l.id = ${leadId}`),
  );
  if (!row) return null;
  const record = row.mode ? { mode: row.mode, ticked: Boolean(row.ticked), confirmedAt: row.confirmed_at, withdrawnAt: row.withdrawn_at } : null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    campaignTitle: row.campaign_title,
    placementName: row.placement_name,
    offerCode: row.offer_code ? formatOfferCode(row.offer_code) : null,
    collectedAt: dateOf(row.collected_at),
    ownerTimeZone: row.time_zone || "UTC",
    consentStatus: consentStatusOf(record),
    consent:
      row.mode && row.given_at
        ? {
            givenAt: dateOf(row.given_at),
            clientAddress: row.client_address,
            wording: row.wording ?? "",
            language: row.wording_language ?? "en",
            confirmedAt: row.confirmed_at ? dateOf(row.confirmed_at) : null,
            confirmedAddress: row.confirmed_address,
          }
        : null,
  };
}
