// The owner's new-lead email is stored with its lead as its subject alone and rendered from the
// lead when the worker sends it: a surge folds most of them into a digest unsent,
// and their HTML was most of the bytes a batch of leads wrote.
// Rules: docs/features/emails.md ("The outbox").
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { formatOfferCode } from "~/utils/offer-code-format";
import { newLeadEmail, newLeadSubject, type EmailContent } from "./lead-emails";
import { recipientLanguage } from "./recipient-language.server";

/** The body a new-lead email is stored with until it is sent. */
export const RENDERED_WHEN_SENT = "";

/** The outbox content of a new lead's email: the subject now (English: no lookup on the lead's path), the rest when it is sent, in the owner's language. */
export function newLeadEmailToRender(campaignTitle: string): EmailContent {
  return { subject: newLeadSubject(campaignTitle), html: RENDERED_WHEN_SENT, text: RENDERED_WHEN_SENT };
}

type Row = {
  id: string;
  lead_id: string;
  name: string;
  email: string;
  phone: string | null;
  title: string;
  business_type: string;
  placement_name: string | null;
  code: string | null;
  time_zone: string | null;
  received_at: string;
  language: string | null;
  owner_language: string | null;
};

/** A language named in itself, with its code ("Español (es)"): how the owner's email says which one the visitor read. */
function languageLabel(code: string) {
  const name = new Intl.DisplayNames([code], { type: "language" }).of(code) ?? code;
  return `${name.charAt(0).toLocaleUpperCase(code)}${name.slice(1)} (${code})`;
}

/**
 * Renders the claimed new-lead emails stored unrendered, from their leads as they are now; the
 * rows are updated in place. A row whose lead is gone keeps its empty body (erasure removes the
 * email with the lead, so only a race meets one).
 */
export async function renderNewLeadEmails<T extends { id: string; kind?: string; subject: string; html: string; text: string }>(
  db: Database,
  rows: T[],
  appUrl: string,
): Promise<T[]> {
  const due = rows.filter((row) => row.kind === "new_lead" && row.html === RENDERED_WHEN_SENT);
  if (due.length === 0) return rows;
  const found = rowsOf<Row>(
    await db.execute(sql`
      select m.id::text as id, l.id::text as lead_id, l.name, l.email, l.phone, c.title, c.business_type,
        p.name as placement_name, o.code, bp.time_zone, m.created_at::text as received_at, coalesce(u.language, u.browser_language) as owner_language,
        (select w.language from lead_consent lc join consent_wording w on w.id = lc.wording_id where lc.lead_id = l.id) as language
      from email_outbox m
      join lead l on l.id = m.lead_id
      join campaign c on c.id = l.campaign_id
      join "user" u on u.id = c.user_id
      left join placement p on p.id = l.placement_id
      left join offer_code o on o.lead_id = l.id
      left join business_profile bp on bp.user_id = c.user_id
      where m.id in (${sql.join(
        due.map((row) => sql`${row.id}::uuid`),
        sql`, `,
      )})`),
  );
  const byId = new Map(found.map((row) => [row.id, row]));
  for (const row of due) {
    const lead = byId.get(row.id);
    if (!lead) continue;
    const content = newLeadEmail(
      {
        name: lead.name,
        email: lead.email,
        phone: lead.phone,
        campaignTitle: lead.title,
        businessType: lead.business_type,
        leadId: lead.lead_id,
        offerCode: lead.code ? formatOfferCode(lead.code) : null,
        placement: lead.placement_name,
        receivedAt: new Date(lead.received_at),
        ownerTimeZone: lead.time_zone,
        language: lead.language ? languageLabel(lead.language) : null,
      },
      appUrl,
      recipientLanguage(lead.owner_language),
    );
    Object.assign(row, { subject: content.subject, html: content.html, text: content.text });
  }
  return rows;
}
