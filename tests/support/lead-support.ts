// Helpers for the tests of leads stored in batches and of one token's budget (decisions 322, 333, 334):
// counted scans, the capture form's post, what the database holds, and batch entries as
// `submitLead` prepares them.
import { sql } from "drizzle-orm";
import { rowsOf } from "~/db/rows.server";
import type { BatchedLead } from "~/features/capture/lead-batch.server";
import { consentWordingOf } from "~/features/consent/consent";
import { leadConsentRowOf, wordingId } from "~/features/consent/consent.server";
import { newOfferCodeRow } from "~/features/redeem/offer-codes.server";
import * as route from "~/routes/capture";
import { getServices } from "~/utils/services.server";
import { callRoute, makeRequest } from "./http";
import { phoneUserAgent } from "./row-factories";

/** Counted scans of distinct visitors, as the capture page records them. */
export async function scanTokens(campaignId: string, count: number) {
  const { db } = await getServices();
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`insert into scan (campaign_id, device_type, visitor_hash, is_unique)
      select ${campaignId}, 'mobile', md5(random()::text || g::text), true from generate_series(1, ${count}) g returning id::text as id`),
  );
  return rows.map((row) => row.id);
}

export function submit(campaignId: string, form: Record<string, string>, index: number) {
  const address = `198.51.100.${(index % 250) + 1}`;
  const request = makeRequest(`/capture/${campaignId}`, { form, headers: { "user-agent": phoneUserAgent(), "x-leadqr-client-ip": address } });
  return callRoute(route.action, request, { campaignId });
}

export async function tableCounts(campaignId: string) {
  const { db } = await getServices();
  const [row] = rowsOf<{ leads: number; consents: number; codes: number; emails: number; codeEmails: number; events: number }>(
    await db.execute(sql`select
      (select count(*)::int from lead where campaign_id = ${campaignId}) as leads,
      (select count(*)::int from lead_consent where campaign_id = ${campaignId}) as consents,
      (select count(*)::int from offer_code where campaign_id = ${campaignId}) as codes,
      (select count(*)::int from email_outbox where campaign_id = ${campaignId} and kind = 'new_lead') as emails,
      (select count(*)::int from email_outbox where campaign_id = ${campaignId} and kind = 'offer_code') as "codeEmails",
      (select count(*)::int from webhook_event where payload -> 'data' -> 'campaign' ->> 'id' = ${campaignId}) as events`),
  );
  return row!;
}

/** Batch entries of `campaignId` read at one instant, as `submitLead` prepares them. */
export async function batchEntries(owner: { id: string; email: string }, campaignId: string) {
  const { db } = await getServices();
  const [{ at }] = rowsOf<{ at: string }>(await db.execute(sql`select clock_timestamp()::text as at`)) as [{ at: string }];
  const wording = await wordingId(db, consentWordingOf("checkbox", "Bean There"));
  const entryOf = (scanId: string, email: string, draw?: () => string): BatchedLead => {
    const leadId = crypto.randomUUID();
    const code = newOfferCodeRow({ campaignId, userId: owner.id, leadId, email, at, rule: null, draw });
    const consent = leadConsentRowOf(
      {
        leadId,
        campaignId,
        mode: "checkbox",
        businessName: "Bean There",
        ticked: true,
        clientAddress: "203.0.113.5",
        userAgent: phoneUserAgent(),
        at,
      },
      wording,
    );
    return {
      lead: { id: leadId, campaignId, scanId, name: `Guest ${email}`, email, phone: "555 0100", placementId: null },
      code,
      consent: consent.row,
      ownerEmail: {
        kind: "new_lead",
        to: owner.email,
        content: { subject: `New lead ${email}`, html: `<p>${email}</p>`, text: email },
        campaignId,
        leadId,
      },
      visitorEmail: {
        kind: "offer_code",
        to: email,
        content: { subject: `Your code ${code.code}`, html: `<p>${code.code}</p>`, text: code.code },
        campaignId,
        leadId,
      },
      announce: false,
      at,
    };
  };
  return { entryOf, at, wording };
}

/** How many transactions wrote these leads. */
export async function transactionsOf(leadIds: string[]) {
  const { db } = await getServices();
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(distinct xmin::text)::int as n from lead where id::text in ${sql.raw(`(${leadIds.map((id) => `'${id}'`).join(",")})`)}`,
    ),
  );
  return row!.n;
}

/**
 * Until a statement waits for a lock the `holder` connection holds. Only the holder's waiters
 * count: the suite's other files share the server, and a wait of theirs is no sign of this one.
 */
export async function waitForLockWait(holder: { query: (text: string) => Promise<{ rows: { pid: number }[] }> }) {
  const { db } = await getServices();
  const [{ pid }] = (await holder.query("select pg_backend_pid() as pid")).rows as [{ pid: number }];
  // A loaded machine may take seconds to get the waiting statement to the server.
  for (let tries = 0; tries < 800; tries++) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))`),
    );
    if (row!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("no statement waited for the other connection's lock");
}
