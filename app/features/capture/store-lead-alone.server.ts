// The per-lead transaction: every lead the batch does not take (a used token, an email that claimed
// before, double opt-in), with its consent record, code and emails; and the one statement that
// marks a returning claimant's lead seen again (docs/features/capture-and-leads.md).
// Rules: docs/features/capture-and-leads.md ("What counts as a scan", "Token budgets", "One email is one lead per
//   campaign"); docs/features/offers-and-the-counter.md ("Every new claim emails its code", "Who is shown a code");
//   docs/features/emails.md ("One email per lead, folded under a surge", "The outbox").
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { isForeignKeyViolation } from "~/db/errors.server";
import { preparedStatement, queryPrepared } from "~/db/prepared.server";
import { rowsOf } from "~/db/rows.server";
import { lead } from "~/db/schema";
import { queueConfirmationEmail, recordLeadConsent } from "~/features/consent/consent.server";
import { publicOriginOf } from "~/features/domains/domains.server";
import { newLeadEmailToRender } from "~/features/email/new-lead-email.server";
import { enqueueEmail, type OutboxEmail } from "~/features/email/outbox.server";
import { enqueueLeadCreated } from "~/features/integrations/webhooks.server";
import { describeClaim } from "~/features/redeem/claim.server";
import { claimedCodeEmailOf } from "~/features/redeem/offer-code-email.server";
import { claimantKeyOf, claimOfferCode, lockClaimant, type Claim, type IssuedClaim } from "~/features/redeem/offer-codes.server";
import { REPEAT_WINDOW_MINUTES } from "~/features/scans/visitors";
import { getEnv } from "~/utils/env.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import type { SubmitTarget } from "./lead-targets.server";
import type { SubmitLeadOptions } from "./submit-lead-result.server";

/** The per-lead transaction found the token used and stored nothing: charge the token, then store. */
export const TOKEN_BUDGET_DUE = "token budget due";

/**
 * A token's lead after its first (a second person with the same browser) spends the
 * token's budget, however the posts raced: parallel first posts all read the token as unused, so
 * the charge is made where the token is found used. One token thus stores at most
 * 1 + its budget leads.
 */
export async function chargeTokenForAnotherLead(token: string) {
  await consumeRateLimit("leadByToken", token);
}

export type StoredAlone = {
  /** The email had claimed from another scan: its lead was marked seen again, nothing stored. */
  seenAgain: boolean;
  emailQueued: boolean;
  /** The visitor's code email of a new claim was queued. */
  codeMailed: boolean;
  /** The code this submission may see: drawn by it, a double submit of its scan, or its own browser's. */
  claim: IssuedClaim | null;
  /** A code this submission may not see: the email claimed it from another browser. */
  claimedElsewhere: IssuedClaim | null;
};

export type AloneInput = {
  target: SubmitTarget;
  leadValues: { campaignId: string; scanId: string; name: string; email: string; phone: string | null; placementId: string | null; collectedAt: SQL };
  email: string;
  mode: SubmitTarget["consentMode"];
  businessName: string;
  ticked: boolean;
  mayEmail: boolean;
  timeZone: string;
  options: SubmitLeadOptions;
  /** The token's budget is already charged for this post (it was read as used, or charged since). */
  tokenCharged: boolean;
  /** The email probably claimed this offer before this post (a committed claim): look for it first, without a transaction. */
  claimedBefore: boolean;
};

/** Another post of the same email drew the claimant's code since this one looked: store this one as seen again. */
class ClaimedMeanwhile extends Error {}

/**
 * The per-lead transaction, for every lead the batch does not take. The same email on the same
 * campaign is one lead: a claim from another scan marks that lead seen again and
 * stores nothing new. Two posts of one email at once: the second's code insert waits for the
 * first's commit, finds the claimant taken, and the second is stored again as seen again.
 */
export async function storeLeadAlone(db: Database, input: AloneInput): Promise<StoredAlone | typeof TOKEN_BUDGET_DUE> {
  // A claim committed before this post is seen in one statement, without the claimant's lock or a
  // transaction; one in flight is not, and the transaction below waits for it.
  if (input.claimedBefore) {
    const seen = await markSeenAgainIfClaimed(db, input).catch(unlessErasedMeanwhile);
    if (seen) return seen;
  }
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => storeLeadAloneOnce(tx as unknown as Database, input));
    } catch (error) {
      if (!(error instanceof ClaimedMeanwhile) || attempt > 0) throw error;
    }
  }
}

/** The claimant's lead was erased while it was marked (its placement's key is gone): store this post as new. */
function unlessErasedMeanwhile(error: unknown): null {
  if (isForeignKeyViolation(error)) return null;
  throw error;
}

async function storeLeadAloneOnce(tx: Database, input: AloneInput): Promise<StoredAlone | typeof TOKEN_BUDGET_DUE> {
  const { target, leadValues, email, options } = input;
  const { campaignId, scanId: token } = leadValues;
  const at = target.at;
  const visitorKey = options.visitorKey ?? null;
  // First, before any row of its own: a transaction never waits for the lock while holding a row a batch waits for.
  await lockClaimant(tx, campaignId, claimantKeyOf(campaignId, email));
  const seen = await markSeenAgainIfClaimed(tx, input);
  if (seen) return seen;
  // No lock and no row shared by the campaign's leads: the scan's unique lead,
  // the claimant's unique code and the outbox rows keep every rule under concurrency.
  let [stored] = await tx
    .insert(lead)
    .values({ ...leadValues, visitorKey })
    .onConflictDoNothing({ target: lead.scanId })
    .returning({ id: lead.id });
  if (!stored && !(await isSameSubmission(tx, { campaignId, scanId: token, email }))) {
    if (!input.tokenCharged) return TOKEN_BUDGET_DUE;
    // A refresh shares its first load's token, and two people behind one
    // address with the same browser share a visitor hash: the second person's lead is kept.
    [stored] = await tx
      .insert(lead)
      .values({ ...leadValues, visitorKey, scanId: null })
      .returning({ id: lead.id });
  }
  const claim = await claimOfferCode(tx, { campaignId, email, leadId: stored?.id ?? null, at });
  if (stored && claim && !claim.isNew) throw new ClaimedMeanwhile();
  if (!stored) return { seenAgain: false, emailQueued: false, codeMailed: false, claim, claimedElsewhere: null };
  const { emailQueued, codeMailed } = await recordConsentAndQueueEmails(tx, input, stored.id, claim);
  await enqueueLeadCreated(tx, { leadId: stored.id });
  return { seenAgain: false, emailQueued, codeMailed, claim, claimedElsewhere: null };
}

/**
 * The stored lead's consent record and its emails: the confirmation (carrying the code when there
 * is one), else the code's own email, and the owner's new-lead email.
 */
async function recordConsentAndQueueEmails(tx: Database, input: AloneInput, leadId: string, claim: Claim | null) {
  const { target, email, mode, businessName, ticked, options } = input;
  const { campaignId } = input.leadValues;
  const at = target.at;
  const consent = await recordLeadConsent(tx, {
    leadId,
    campaignId,
    mode,
    businessName,
    ticked,
    clientAddress: options.clientAddress,
    userAgent: options.userAgent ?? null,
    at,
    language: options.language,
  });
  let emailQueued = false;
  if (input.mayEmail && consent.confirmToken) {
    emailQueued = await queueConfirmationEmail(tx, {
      leadId,
      campaignId,
      ownerId: target.ownerId,
      to: email,
      businessName,
      mode,
      confirmToken: consent.confirmToken,
      withdrawToken: consent.withdrawToken,
      at,
      origin: await publicOriginOf(tx, getEnv(), { userId: target.ownerId, campaignId }),
      whiteLabel: target.whiteLabel,
      // The confirmation goes to the typed mailbox, so it may carry the code whoever drew it.
      offerCode: claim ? describeClaim(claim, input.timeZone, options.language) : undefined,
      language: options.language,
    });
  }
  // The confirmation email carries the code: one email, never two.
  const codeMailed = Boolean(claim && !emailQueued);
  if (claim && codeMailed) {
    await enqueueEmail(
      tx,
      claimedCodeEmailOf({
        campaignId,
        leadId,
        to: email,
        businessName,
        postalAddress: target.postalAddress,
        whiteLabel: target.whiteLabel,
        claim,
        timeZone: input.timeZone,
        language: options.language,
      }),
    );
  }
  await enqueueEmail(tx, newLeadEmailOf(target, { leadId, campaignId }));
  return { emailQueued, codeMailed };
}

/**
 * The same email claimed again from another scan, in one statement: the claimant's
 * code with its lead's scan and browser, and, when that lead came from another scan, the lead
 * marked seen again and through this placement too. `$1` is the post as JSON. One statement, so
 * the per-lead transaction and a post that finds the claim already committed share it.
 */
const SEEN_AGAIN = preparedStatement(
  "lead_seen_again",
  `with p as (
     select * from json_to_record($1::json) as x(campaign_id uuid, claimant_key text, scan_id uuid, placement_id uuid, at timestamptz)
   ), earlier as (
     select o.code, o.expires_at, o.lead_id, l.visitor_key, l.scan_id is distinct from p.scan_id as seen_again, p.placement_id, p.at
     from p
     join offer_code o on o.campaign_id = p.campaign_id and o.claimant_key = p.claimant_key
     join lead l on l.id = o.lead_id
   ), seen as (
     update lead set last_seen_at = e.at from earlier e where lead.id = e.lead_id and e.seen_again
   ), placed as (
     insert into lead_placement (lead_id, placement_id, last_seen_at)
     select lead_id, placement_id, at from earlier where seen_again and placement_id is not null
     on conflict (lead_id, placement_id) do update set last_seen_at = excluded.last_seen_at
   )
   select code, (extract(epoch from expires_at) * 1000)::float8 as expires_ms, lead_id::text, visitor_key, seen_again from earlier`,
);

type SeenAgainRow = { code: string; expires_ms: number | null; lead_id: string; visitor_key: string | null; seen_again: boolean };

/** The post's email claimed from another scan: its lead is seen again, and this post stores nothing. Null otherwise. */
async function markSeenAgainIfClaimed(db: Database, input: AloneInput): Promise<StoredAlone | null> {
  const { target, leadValues, options } = input;
  const post = {
    campaign_id: leadValues.campaignId,
    claimant_key: claimantKeyOf(leadValues.campaignId, input.email),
    scan_id: leadValues.scanId,
    placement_id: target.placementId,
    at: target.at,
  };
  const [row] = await queryPrepared<SeenAgainRow>(db, SEEN_AGAIN, JSON.stringify(post));
  if (!row?.seen_again) return null;
  const earlier: IssuedClaim = {
    code: row.code,
    expiresAt: row.expires_ms === null ? null : new Date(Number(row.expires_ms)).toISOString(),
    leadId: row.lead_id,
    isNew: false,
  };
  // The browser that claimed sees its code again; any other gets it in that mailbox only.
  const visitorKey = options.visitorKey ?? null;
  const sameBrowser = visitorKey !== null && row.visitor_key === visitorKey;
  return {
    seenAgain: true,
    emailQueued: false,
    codeMailed: false,
    claim: sameBrowser ? earlier : null,
    claimedElsewhere: sameBrowser ? null : earlier,
  };
}

/** A double submit: the scan's lead, or a token-less lead from the same window, has this email. */
async function isSameSubmission(tx: Database, options: { campaignId: string; scanId: string; email: string }) {
  const result = await tx.execute(sql`
    select 1 from lead where campaign_id = ${options.campaignId} and lower(email) = lower(${options.email})
      and (scan_id = ${options.scanId} or (scan_id is null and collected_at > now() - make_interval(mins => ${REPEAT_WINDOW_MINUTES} * 2)))
    limit 1`);
  return rowsOf(result).length > 0;
}

/**
 * The new-lead email goes to the campaign owner's account address, never to the visitor. One
 * outbox row per lead and nothing counted here: under a surge the email worker folds the rows
 * past the owner's per-minute threshold into one digest. Its body is rendered from
 * the lead when it is sent.
 */
export function newLeadEmailOf(target: SubmitTarget, lead: { leadId: string; campaignId: string }): OutboxEmail {
  return {
    kind: "new_lead",
    to: target.ownerEmail,
    content: newLeadEmailToRender(target.title),
    campaignId: lead.campaignId,
    leadId: lead.leadId,
    createdAt: sql`${target.at}::timestamptz`,
  };
}
