// Group commit for the common lead (decision 322): a first lead from an unused scan token whose
// email has not claimed this offer yet. Leads that arrive while a write is in flight join the
// next one, which stores all of them with one statement per table and one commit. Each visitor
// is answered only after the commit that holds their lead, their consent record, their code and
// the owner's email, so an acknowledged lead is durable (as with scans, decision 095).
// Anything unusual (the token was used meanwhile, the email claimed in the same instant, a
// random code collision) is handed back to be stored alone by the per-lead transaction, which
// knows every rule for those cases.
import { logger } from "~/utils/logger.server";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type { Database } from "~/db/client.server";
import { emailOutbox, lead, leadConsent, offerCode } from "~/db/schema";
import { outboxRowOf, type OutboxEmail } from "~/features/email/outbox.server";
import { enqueueLeadCreated } from "~/features/integrations/webhooks.server";

export type BatchedLead = {
  /** The lead with its id chosen here, so its code, consent and email can name it before it is stored. */
  lead: PgInsertValue<typeof lead> & { id: string; scanId: string; campaignId: string };
  code: typeof offerCode.$inferInsert & { claimantKey: string };
  consent: PgInsertValue<typeof leadConsent>;
  ownerEmail: OutboxEmail;
  /** The owner listens for `lead.created`: the event is queued in the same transaction. */
  announce: boolean;
};

/** `alone`: not stored by the batch; store it with the per-lead transaction. */
export type BatchOutcome = "stored" | "alone";

/**
 * Writes in flight at once per process: one, so the next batch fills while it commits. Two made
 * batches half as big and each lead dearer to write (decision 323: 880 → 957 leads/s).
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

/** Thrown inside the transaction to roll the whole batch back when a code could not be drawn. */
class CodeClashError extends Error {
  constructor() {
    super("an offer code or claimant was taken since the lead was read");
  }
}

/** One transaction, one statement per table; returns the ids of the stored leads. */
async function writeBatch(db: Database, batch: BatchedLead[]): Promise<Set<string>> {
  return db.transaction(async (tx) => {
    // A token used since it was read (another process, the per-lead path) is skipped, not an error.
    const inserted = await tx
      .insert(lead)
      .values(batch.map((entry) => entry.lead))
      .onConflictDoNothing({ target: lead.scanId })
      .returning({ id: lead.id });
    const stored = new Set(inserted.map((row) => row.id));
    const kept = batch.filter((entry) => stored.has(entry.lead.id));
    if (kept.length === 0) return stored;
    const codes = await tx
      .insert(offerCode)
      .values(kept.map((entry) => entry.code))
      .onConflictDoNothing()
      .returning({ id: offerCode.id });
    // The email carries the drawn code: a claimant or code taken meanwhile sends everyone alone.
    if (codes.length !== kept.length) throw new CodeClashError();
    await tx.insert(leadConsent).values(kept.map((entry) => entry.consent));
    await tx.insert(emailOutbox).values(kept.map((entry) => outboxRowOf(entry.ownerEmail)));
    for (const entry of kept) if (entry.announce) await enqueueLeadCreated(tx, { leadId: entry.lead.id });
    return stored;
  });
}
