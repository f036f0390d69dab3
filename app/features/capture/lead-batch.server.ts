// Group commit for the common lead: a first lead from an unused scan token whose
// email has not claimed this offer yet. Leads that arrive while a write is in flight join the
// next one, which stores all of them with one statement and one commit. Each visitor
// is answered only after the commit that holds their lead, their consent record, their code and
// the owner's and the visitor's emails, so an acknowledged lead is durable (as with scans).
// Anything unusual (the token was used meanwhile, the email claimed in the same instant, a
// random code collision) is handed back to be stored alone by the per-lead transaction, which
// knows every rule for those cases; the rest of its batch is still stored by the batch.
// Rules: docs/features/capture-and-leads.md ("Leads stored in batches", "Two ways in for a lead", "Unlimited campaigns:
//   group commit, no hot row"); docs/features/offers-and-the-counter.md ("Every new claim emails its code").
import { logger } from "~/utils/logger.server";
import { isLeadBatchConflict } from "~/db/errors.server";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { preparedStatement, queryPrepared } from "~/db/prepared.server";
import type { lead, leadConsent, offerCode } from "~/db/schema";
import { outboxRowOf, type OutboxEmail } from "~/features/email/outbox.server";
import { enqueueLeadCreated } from "~/features/integrations/webhooks.server";

export type BatchedLead = {
  /** The lead with its id chosen here, so its code, consent and email can name it before it is stored. */
  lead: PgInsertValue<typeof lead> & { id: string; scanId: string; campaignId: string };
  code: typeof offerCode.$inferInsert & { claimantKey: string };
  consent: PgInsertValue<typeof leadConsent>;
  ownerEmail: OutboxEmail;
  /** The visitor's code, emailed with the claim. */
  visitorEmail: OutboxEmail;
  /** The owner listens for `lead.created`: the event is queued in the same transaction. */
  announce: boolean;
  /** The database's time of the lead's read: its collection, claim, consent and email time. */
  at: string;
};

/** `alone`: not stored by the batch; store it with the per-lead transaction. */
export type BatchOutcome = "stored" | "alone";

/**
 * Writes in flight at once per process: one, so the next batch fills while it commits. Two made
 * batches half as big and each lead dearer to write ("Two ways in for a lead": 880 → 957 leads/s).
 */
export const MAX_LEAD_WRITES_IN_FLIGHT = 1;
/** Leads per write: bounds one transaction's time and size. */
export const MAX_LEADS_PER_WRITE = 64;
/** Beyond this many waiting leads, a new one is stored alone rather than queued longer. */
export const MAX_QUEUED_LEADS = 8 * MAX_LEADS_PER_WRITE;

type Waiting = { entry: BatchedLead; keys: string[]; resolve: (outcome: BatchOutcome) => void };
/** `writing`: the tokens and claimants of the leads in a write now. */
type Batcher = { queue: Waiting[]; inFlight: number; writing: Set<string> };

const batchers = new WeakMap<Database, Batcher>();

/** Stores a common lead with the others arriving now, or says it must be stored alone. Never rejects. */
export function storeLeadInBatch(db: Database, entry: BatchedLead): Promise<BatchOutcome> {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = { queue: [], inFlight: 0, writing: new Set() };
    batchers.set(db, batcher);
  }
  const queued = batcher;
  if (queued.queue.length >= MAX_QUEUED_LEADS) return Promise.resolve("alone");
  // A token and a claimant are each stored once: two leads sharing either never share a write.
  const keys = [`scan:${entry.lead.scanId}`, `claimant:${entry.lead.campaignId}:${entry.code.claimantKey}`];
  return new Promise((resolve) => {
    queued.queue.push({ entry, keys, resolve });
    drain(db, queued);
  });
}

function drain(db: Database, batcher: Batcher) {
  while (batcher.inFlight < MAX_LEAD_WRITES_IN_FLIGHT && batcher.queue.length > 0) {
    const batch = takeBatch(batcher);
    if (batch.length === 0) return;
    batcher.inFlight += 1;
    const keys = batch.flatMap((waiting) => waiting.keys);
    for (const key of keys) batcher.writing.add(key);
    writeBatch(
      db,
      batch.map((waiting) => waiting.entry),
    )
      .then(
        (stored) => batch.forEach((waiting) => waiting.resolve(stored.has(waiting.entry.lead.id) ? "stored" : "alone")),
        (error: unknown) => {
          logger.warn({ err: error, leads: batch.length }, "lead batch not stored: each lead is stored alone");
          batch.forEach((waiting) => waiting.resolve("alone"));
        },
      )
      .finally(() => {
        batcher.inFlight -= 1;
        for (const key of keys) batcher.writing.delete(key);
        drain(db, batcher);
      });
  }
}

/** The next batch in arrival order; a lead sharing a token or claimant with one being written waits. */
function takeBatch(batcher: Batcher) {
  const batch: Waiting[] = [];
  const later: Waiting[] = [];
  const taken = new Set<string>();
  for (const waiting of batcher.queue) {
    const clashes = waiting.keys.some((key) => taken.has(key) || batcher.writing.has(key));
    if (batch.length >= MAX_LEADS_PER_WRITE || clashes) {
      later.push(waiting);
      continue;
    }
    for (const key of waiting.keys) taken.add(key);
    batch.push(waiting);
  }
  batcher.queue = later;
  return batch;
}

/** One input row per lead: every table's values, read by each insert of the statement below. */
function inputOf(entry: BatchedLead) {
  const { lead: row, code, consent } = entry;
  // The batch never holds a double opt-in lead: no confirmation token to store.
  if (consent.confirmTokenHash) throw new Error("a lead awaiting confirmation is never batched");
  return {
    id: row.id,
    campaign_id: row.campaignId,
    scan_id: row.scanId,
    name: row.name,
    email: row.email,
    phone: row.phone ?? null,
    placement_id: row.placementId ?? null,
    visitor_key: row.visitorKey ?? null,
    at: entry.at,
    code: code.code,
    user_id: code.userId,
    claimant_key: code.claimantKey,
    claimed_at: code.claimedAt instanceof Date ? code.claimedAt.toISOString() : entry.at,
    expires_at: code.expiresAt instanceof Date ? code.expiresAt.toISOString() : null,
    consent_mode: consent.mode,
    wording_id: consent.wordingId,
    ticked: consent.ticked,
    client_address: consent.clientAddress ?? null,
    user_agent: consent.userAgent ?? null,
    withdraw_token_hash: consent.withdrawTokenHash ?? null,
    mails: mailInputsOf(entry),
  };
}

/** The lead's emails as the statement reads them: the owner's, and the visitor's code. */
function mailInputsOf(entry: BatchedLead) {
  return [entry.ownerEmail, entry.visitorEmail].map((email) => {
    const mail = outboxRowOf(email);
    return {
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      body_text: mail.text,
      headers: mail.headers ?? null,
      sender_name: mail.senderName ?? null,
    };
  });
}

/**
 * The batch in one statement, its own transaction: the leads (a token used meanwhile is skipped,
 * as is a lead whose code or claimant is already taken), their codes, consent records and owner
 * emails; `$1` is `inputOf` of each lead as JSON. A claimant being claimed by another
 * transaction now is left out without waiting (its lock). A code or claimant taken
 * by a transaction in flight that holds no such lock (a drawn code's collision) fails the whole
 * statement (`lead_batch_abort`, migration 0017): nothing of the batch is stored, and
 * `writeBatch` runs it again without that lead.
 */
const WRITE_BATCH = preparedStatement(
  "lead_batch",
  `with i as (
     select * from json_to_recordset($1::json) as x(
       id uuid, campaign_id uuid, scan_id uuid, name text, email text, phone text, placement_id uuid, visitor_key text, at timestamptz,
       code text, user_id text, claimant_key text, claimed_at timestamptz, expires_at timestamptz,
       consent_mode text, wording_id uuid, ticked boolean, client_address text, user_agent text, withdraw_token_hash text, mails json)
   ), free as (
     -- A lead whose code or claimant is already taken (committed before this statement) is left
     -- out, to be stored alone, instead of failing the batch; so is a lead whose
     -- claimant another transaction is claiming now (its lock held), instead of
     -- waiting for it.
     select * from i
     where not exists (select 1 from offer_code o where o.code = i.code)
       and not exists (select 1 from offer_code o where o.campaign_id = i.campaign_id and o.claimant_key = i.claimant_key)
       and pg_try_advisory_xact_lock(hashtextextended(i.campaign_id::text || ':' || i.claimant_key, 0))
   ), l as (
     insert into lead (id, campaign_id, scan_id, name, email, phone, placement_id, visitor_key, collected_at)
     select id, campaign_id, scan_id, name, email, phone, placement_id, visitor_key, at from free
     on conflict (scan_id) do nothing
     returning id
   ), c as (
     insert into offer_code (code, campaign_id, user_id, lead_id, claimant_key, claimed_at, expires_at)
     select i.code, i.campaign_id, i.user_id, i.id, i.claimant_key, i.claimed_at, i.expires_at from i join l using (id)
     on conflict do nothing
     returning lead_id
   ), k as (
     insert into lead_consent (lead_id, campaign_id, mode, wording_id, ticked, given_at, client_address, user_agent, withdraw_token_hash)
     select i.id, i.campaign_id, i.consent_mode, i.wording_id, i.ticked, i.at, i.client_address, i.user_agent, i.withdraw_token_hash
     from i join l using (id)
   ), e as (
     insert into email_outbox (kind, "to", subject, html, text, campaign_id, lead_id, headers, sender_name, created_at)
     select m.kind, m."to", m.subject, m.html, m.body_text, i.campaign_id, i.id, m.headers, m.sender_name, i.at
     from i join l using (id)
     cross join lateral json_to_recordset(i.mails) as m(kind text, "to" text, subject text, html text, body_text text, headers jsonb, sender_name text)
   )
   select l.id::text as id,
     case when (select count(*) from c) = (select count(*) from l) then true
       else lead_batch_abort('an offer code or claimant was taken since the lead was read') end as coded
   from l`,
);

/**
 * Attempts of one batch: a conflict with a transaction in flight fails an attempt, and the next
 * one leaves the conflicting leads out (they are committed by then), so the others are still
 * stored together. Each attempt needs a fresh clash at the same instant.
 */
export const MAX_BATCH_ATTEMPTS = 3;

/** Writes the batch, again without its conflicting leads after a conflict; returns the ids of the stored leads. */
async function writeBatch(db: Database, batch: BatchedLead[]): Promise<Set<string>> {
  const input = JSON.stringify(batch.map(inputOf));
  for (let attempt = 1; ; attempt++) {
    try {
      return await writeBatchOnce(db, batch, input);
    } catch (error) {
      if (attempt >= MAX_BATCH_ATTEMPTS || !isLeadBatchConflict(error)) throw error;
      logger.info({ leads: batch.length, attempt }, "lead batch met a claim in flight: written again without it");
    }
  }
}

/** One statement (and, for owners who listen, their `lead.created` events in its transaction); returns the ids of the stored leads. */
async function writeBatchOnce(db: Database, batch: BatchedLead[], input: string): Promise<Set<string>> {
  const announcing = batch.filter((entry) => entry.announce);
  if (announcing.length === 0) return new Set((await queryPrepared<{ id: string }>(db, WRITE_BATCH, input)).map((row) => row.id));
  return db.transaction(async (tx) => {
    const stored = new Set((await queryPrepared<{ id: string }>(tx as unknown as Database, WRITE_BATCH, input)).map((row) => row.id));
    for (const entry of announcing) if (stored.has(entry.lead.id)) await enqueueLeadCreated(tx, { leadId: entry.lead.id });
    return stored;
  });
}
