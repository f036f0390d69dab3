// Lead surges fold into digests. A stored lead always queues its own new-lead
// email; the email worker, before it claims, folds the ones past the owner's per-minute
// threshold into the campaign's open digest. Nothing is counted on the lead's request path, and
// every process may fold at once: rows move only while still pending, and the open digest is
// one row per campaign (a partial unique index) updated under its row lock.
// Rules: docs/features/emails.md ("One email per lead, folded under a surge", "Decided once settled").
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { leadDigestEmail } from "./lead-emails";
import { recipientLanguage } from "./recipient-language.server";

/** New-lead emails per campaign within any minute before later ones fold, unless the owner chose. */
export const LEAD_EMAILS_PER_MINUTE = 10;
/** How long an open digest collects before it is sent. */
export const DIGEST_EVERY_MINUTES = 5;
/** The owner's own threshold is kept within these bounds. */
export const LEAD_EMAILS_PER_MINUTE_RANGE = { min: 1, max: 1000 } as const;

/**
 * Pending new-lead emails that are past their campaign's threshold: more than N new-lead emails
 * of the campaign were created in the minute up to and including theirs. A row's count only looks
 * back, so a row sent earlier would never have been folded later, provided every row created
 * before it was visible when it was decided: rows are decided only once they are older than
 * `settledBy`, since leads commit in another order than their created_at.
 */
function surplusLeadEmails(defaultPerMinute: number, settledBy: SQL) {
  return sql`
    with pending as (
      select campaign_id, min(created_at) as oldest from email_outbox
       where kind = 'new_lead' and status = 'pending' and campaign_id is not null
       group by campaign_id
    ), windowed as (
      select o.id, o.status, o.campaign_id, o.created_at,
             count(*) over (partition by o.campaign_id order by o.created_at
                            range between interval '1 minute' preceding and current row) as in_minute
        from email_outbox o join pending p on p.campaign_id = o.campaign_id
       where o.kind = 'new_lead' and o.created_at >= p.oldest - interval '1 minute'
    )
    select w.id, w.campaign_id from windowed w
      join campaign c on c.id = w.campaign_id
      left join notification_setting s on s.user_id = c.user_id
     where w.status = 'pending' and w.created_at <= ${settledBy}
       and w.in_minute > coalesce(s.lead_emails_per_minute, ${defaultPerMinute})`;
}

/** Folds surplus new-lead emails into each campaign's open digest; resolves to the number folded. */
export async function foldLeadSurges(
  db: Database,
  options: {
    now: SQL;
    appUrl: string;
    defaultPerMinute?: number;
    everyMinutes?: number;
    /** Only new-lead emails created at or before this are decided (the worker's settle cutoff); `now` without one. */
    settledBy?: SQL;
  },
): Promise<number> {
  const surplus = rowsOf<{ id: string; campaign_id: string }>(
    await db.execute(surplusLeadEmails(options.defaultPerMinute ?? LEAD_EMAILS_PER_MINUTE, options.settledBy ?? options.now)),
  );
  if (surplus.length === 0) return 0;
  const byCampaign = new Map<string, string[]>();
  for (const row of surplus) byCampaign.set(row.campaign_id, [...(byCampaign.get(row.campaign_id) ?? []), row.id]);
  let folded = 0;
  for (const [campaignId, ids] of byCampaign) {
    folded += await foldIntoDigest(db, { campaignId, ids, ...options });
  }
  return folded;
}

async function foldIntoDigest(
  db: Database,
  options: { campaignId: string; ids: string[]; now: SQL; appUrl: string; everyMinutes?: number },
): Promise<number> {
  const every = options.everyMinutes ?? DIGEST_EVERY_MINUTES;
  return db.transaction(async (tx) => {
    let digest: { id: string; title: string; language: string | null } | undefined;
    // A digest claimed by a worker meanwhile is no longer pending: open a new one and try again.
    for (let attempt = 0; attempt < 3 && !digest; attempt++) {
      await tx.execute(sql`
        insert into email_outbox (kind, "to", subject, html, text, campaign_id, created_at, next_attempt_at)
        select 'lead_digest', u.email, '', '', '', c.id, ${options.now}, ${options.now} + make_interval(mins => ${every})
          from campaign c join "user" u on u.id = c.user_id where c.id = ${options.campaignId}
        on conflict (campaign_id) where kind = 'lead_digest' and status = 'pending' do nothing`);
      [digest] = rowsOf<{ id: string; title: string; language: string | null }>(
        await tx.execute(sql`
          select o.id, c.title, coalesce(u.language, u.browser_language) as language from email_outbox o join campaign c on c.id = o.campaign_id join "user" u on u.id = c.user_id
           where o.campaign_id = ${options.campaignId} and o.kind = 'lead_digest' and o.status = 'pending'
           for update of o`),
      );
    }
    if (!digest) return 0;
    const moved = rowsOf(
      await tx.execute(sql`
        update email_outbox set status = 'folded', digest_id = ${digest.id}, locked_until = null
         where id in (${sql.join(
           options.ids.map((id) => sql`${id}`),
           sql`, `,
         )}) and status = 'pending'
        returning id`),
    ).length;
    const [summary] = rowsOf<{ leads: number; since: string }>(
      await tx.execute(sql`
        select count(*)::int as leads, to_char(min(created_at) at time zone 'UTC', 'HH24:MI') as since
          from email_outbox where digest_id = ${digest.id}`),
    );
    if (!summary || summary.leads === 0) {
      // Every row was claimed or folded by another process meanwhile: no empty digest is sent.
      await tx.execute(sql`delete from email_outbox where id = ${digest.id}`);
      return moved;
    }
    const content = leadDigestEmail(digest.title, summary.leads, `${summary.since} UTC`, options.appUrl, recipientLanguage(digest.language));
    await tx.execute(sql`
      update email_outbox set subject = ${content.subject}, html = ${content.html}, text = ${content.text}
       where id = ${digest.id}`);
    return moved;
  });
}
