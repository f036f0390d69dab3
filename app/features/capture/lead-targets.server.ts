// What a lead submission needs to know before it is stored, read for many submissions at once
//: submissions that arrive while a read is in flight share the next one, so a
// surge costs one query per batch instead of one per lead. Each row is read at its own
// `clock_timestamp()`, the lead's collection time.
// Rules: docs/features/capture-and-leads.md ("Leads stored in batches", "What counts as a scan", "Two ways in for a
//   lead"); docs/features/domains.md ("White label").
import type { Database } from "~/db/client.server";
import { preparedStatement, queryPrepared } from "~/db/prepared.server";
import type { ConsentMode } from "~/features/consent/consent";
import { DEFAULT_LANGUAGE, isLanguage, offeredLanguagesOf, type Language } from "~/features/languages/languages";
import { claimantKeyOf, type StoredRuleColumns } from "~/features/redeem/offer-codes.server";

export type SubmitTarget = {
  status: string;
  title: string;
  businessType: string;
  ownerId: string;
  ownerEmail: string;
  /** The owner is on Enterprise: the visitor's emails carry no LeadQR name. */
  whiteLabel: boolean;
  consentMode: ConsentMode;
  offerRequiresConsent: boolean;
  businessName: string | null;
  /** The business's postal address for the visitor's code email ("" when not given). */
  postalAddress: string;
  ownerTimeZone: string | null;
  /** The token's scan when it is a counted scan of this campaign (used or not: "What counts as a scan"). */
  scanId: string | null;
  placementId: string | null;
  /** The placement's name, or null for the campaign's own code. */
  placementName: string | null;
  /** The database's time of this read: the lead's collection time. */
  at: string;
  /** The token's scan already has its lead: this post repeats it or is a second person's. */
  tokenUsed: boolean;
  /** The email already claimed this campaign's offer. */
  claimed: boolean;
  rule: StoredRuleColumns;
  /** The owner has an endpoint for `lead.created`. */
  listening: boolean;
  /** The languages the page has its owner's words in: the visitor's emails are in one of them. */
  offeredLanguages: Language[];
};

type TargetRead = { campaignId: string; token: string | null; claimantKey: string };
type Waiting = { request: TargetRead; resolve: (target: SubmitTarget | undefined) => void; reject: (error: unknown) => void };
type Reader = { queue: Waiting[]; inFlight: number };

/** Reads in flight at once per process: one, so submissions arriving meanwhile share the next. */
const MAX_READS_IN_FLIGHT = 1;
/** Submissions per read. */
const MAX_TARGETS_PER_READ = 128;

const readers = new WeakMap<Database, Reader>();

/** The campaign, its owner, the token's scan and placement, and whether token and email were used. */
export function submitTargetOf(db: Database, campaignId: string, token: string | undefined, email: string): Promise<SubmitTarget | undefined> {
  let reader = readers.get(db);
  if (!reader) {
    reader = { queue: [], inFlight: 0 };
    readers.set(db, reader);
  }
  const queued = reader;
  return new Promise((resolve, reject) => {
    queued.queue.push({ request: { campaignId, token: token ?? null, claimantKey: claimantKeyOf(campaignId, email) }, resolve, reject });
    drain(db, queued);
  });
}

function drain(db: Database, reader: Reader) {
  while (reader.inFlight < MAX_READS_IN_FLIGHT && reader.queue.length > 0) {
    const batch = reader.queue.splice(0, MAX_TARGETS_PER_READ);
    reader.inFlight += 1;
    readTargets(
      db,
      batch.map((waiting) => waiting.request),
    )
      .then(
        (targets) => batch.forEach((waiting, index) => waiting.resolve(targets.get(index))),
        (error: unknown) => batch.forEach((waiting) => waiting.reject(error)),
      )
      .finally(() => {
        reader.inFlight -= 1;
        drain(db, reader);
      });
  }
}

type Row = {
  n: number;
  status: string;
  title: string;
  business_type: string;
  owner_id: string;
  owner_email: string;
  white_label: boolean;
  consent_mode: ConsentMode;
  offer_requires_consent: boolean;
  business_name: string | null;
  postal_address: string | null;
  owner_time_zone: string | null;
  scan_id: string | null;
  placement_id: string | null;
  placement_name: string | null;
  at: string;
  token_used: boolean;
  claimed: boolean;
  expiry: string | null;
  valid_until: string | null;
  valid_until_at: string | null;
  valid_days: number | null;
  listening: boolean;
  page_language: string;
  translated: string[] | null;
};

/** One row per submission, at its own `clock_timestamp()`; `$1` is the submissions as JSON. */
const READ_TARGETS = preparedStatement(
  "lead_targets",
  `select i.n, c.status, c.title, c.business_type, u.id as owner_id, u.email as owner_email, u.is_enterprise as white_label, c.consent_mode,
     c.offer_requires_consent, bp.name as business_name, bi.postal_address, bp.time_zone as owner_time_zone,
     s.id::text as scan_id, s.placement_id::text as placement_id, p.name as placement_name,
     clock_timestamp()::text as at,
     coalesce(used.yes, false) as token_used, coalesce(claim.yes, false) as claimed,
     r.expiry, r.valid_until::text as valid_until, r.valid_until_at::text as valid_until_at, r.valid_days,
     coalesce(hook.yes, false) as listening,
     c.language as page_language, (select array_agg(k) from jsonb_object_keys(c.copy_translations) as k) as translated
   from json_to_recordset($1::json) as i(n int, campaign_id uuid, token uuid, claimant_key text)
   join campaign c on c.id = i.campaign_id
   join "user" u on u.id = c.user_id
   left join business_profile bp on bp.user_id = c.user_id
   left join business_identity bi on bi.user_id = c.user_id
   -- One probe per token, newest month first: joined as a set, the planner hashes a whole
   -- partition of the partitioned scan table; the campaign is checked after, or the planner
   -- may probe the campaign's index instead (docs/features/counting.md, "Partitions and retention").
   left join lateral (select x.id, x.campaign_id, x.placement_id from scan x where x.id = i.token
     order by x.timestamp desc limit 1) s on s.campaign_id = c.id
   left join placement p on p.id = s.placement_id
   left join offer_rule r on r.campaign_id = c.id
   -- Probed per submission through their indexes: as EXISTS in the select list the planner may
   -- hash the whole table instead, once per batch.
   left join lateral (select true as yes from lead l where l.scan_id = s.id limit 1) used on true
   left join lateral (select true as yes from offer_code o where o.campaign_id = c.id and o.claimant_key = i.claimant_key limit 1) claim on true
   left join lateral (select true as yes from webhook_endpoint w where w.user_id = c.user_id and 'lead.created' = any(w.events) and w.status <> 'unsubscribed' limit 1) hook on true`,
);

async function readTargets(db: Database, requests: TargetRead[]) {
  const input = requests.map((request, n) => ({ n, campaign_id: request.campaignId, token: request.token, claimant_key: request.claimantKey }));
  const rows = await queryPrepared<Row>(db, READ_TARGETS, JSON.stringify(input));
  const targets = new Map<number, SubmitTarget>();
  for (const row of rows) {
    targets.set(Number(row.n), {
      status: row.status,
      title: row.title,
      businessType: row.business_type,
      ownerId: row.owner_id,
      ownerEmail: row.owner_email,
      whiteLabel: row.white_label,
      consentMode: row.consent_mode,
      offerRequiresConsent: row.offer_requires_consent,
      businessName: row.business_name,
      postalAddress: row.postal_address ?? "",
      ownerTimeZone: row.owner_time_zone,
      scanId: row.scan_id,
      placementId: row.placement_id,
      placementName: row.placement_name,
      at: row.at,
      tokenUsed: row.token_used,
      claimed: row.claimed,
      rule: row.expiry
        ? {
            expiry: row.expiry,
            validUntil: row.valid_until,
            validUntilAt: row.valid_until_at ? new Date(row.valid_until_at) : null,
            validDays: row.valid_days === null ? null : Number(row.valid_days),
          }
        : null,
      listening: row.listening,
      offeredLanguages: offeredLanguagesOf(isLanguage(row.page_language) ? row.page_language : DEFAULT_LANGUAGE, row.translated ?? []),
    });
  }
  return targets;
}
