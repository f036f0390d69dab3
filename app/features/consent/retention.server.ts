// The retention job: deletes leads older than each owner's setting, and spent team invitations, once a day, safe
// with any number of processes — a transaction-scoped advisory lock lets one process in, and
// the shared `job_run` row says whether today's run already happened.
// Rules: docs/features/consent-and-erasure.md ("The person's rights").
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { logger } from "~/utils/logger.server";
import { getServices, onShutdown } from "~/utils/services.server";

export const RETENTION_JOB = "lead_retention";
/** Any constant shared by every process; hashtext keeps it readable. */
const LOCK = sql`hashtext('leadqr:lead_retention')`;
const CHECK_EVERY_MS = 60 * 60 * 1000;
/** Days an invitation is kept after it was accepted, withdrawn or expired. */
export const INVITATION_KEPT_DAYS = 30;

/**
 * Runs the job if it is due (or `force`): returns the leads deleted per owner, or null when
 * another process holds the lock or the last run is under a day old.
 */
export async function runRetentionJob(db: Database, options: { force?: boolean } = {}) {
  return db.transaction(async (tx) => {
    const [{ locked }] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK}) as locked`));
    if (!locked) return null;
    if (!options.force) {
      const [recent] = rowsOf<{ name: string }>(
        await tx.execute(sql`select name from job_run where name = ${RETENTION_JOB} and last_run_at > now() - interval '23 hours'`),
      );
      if (recent) return null;
    }
    // Leads cascade to their consent records and the emails about them.
    const deleted = rowsOf<{ userId: string; leads: number }>(
      await tx.execute(sql`
        with expired as (
          delete from lead l using campaign c, business_identity b
           where c.id = l.campaign_id and b.user_id = c.user_id
             and b.lead_retention_months is not null
             and l.collected_at < now() - make_interval(months => b.lead_retention_months)
          returning c.user_id
        )
        select user_id as "userId", count(*)::int as leads from expired group by user_id`),
    );
    for (const row of deleted) {
      await tx.execute(sql`insert into data_erasure (user_id, reason, leads) values (${row.userId}, 'retention', ${row.leads})`);
    }
    const total = deleted.reduce((sum, row) => sum + row.leads, 0);
    // An invitation holds an address: kept while it can be used, and 30 days after it was
    // accepted, withdrawn or expired (docs/features/team.md, "Erasure and retention").
    const [{ invitations }] = rowsOf<{ invitations: number }>(
      await tx.execute(sql`
        with gone as (
          delete from team_invite
           where coalesce(accepted_at, withdrawn_at, expires_at) < now() - make_interval(days => ${INVITATION_KEPT_DAYS})
          returning 1
        )
        select count(*)::int as invitations from gone`),
    );
    // A hand-over offer that ended goes as an invitation does (docs/features/team.md, "Handing the business over").
    await tx.execute(sql`
      delete from ownership_handover
       where coalesce(accepted_at, declined_at, withdrawn_at, expires_at) < now() - make_interval(days => ${INVITATION_KEPT_DAYS})`);
    await tx.execute(sql`
      insert into job_run (name, last_run_at, result) values (${RETENTION_JOB}, now(), ${JSON.stringify({ leads: total, invitations })}::jsonb)
      on conflict (name) do update set last_run_at = excluded.last_run_at, result = excluded.result`);
    return { leads: total, owners: deleted.length, invitations };
  });
}

type Registry = { timer?: NodeJS.Timeout; first?: NodeJS.Timeout };
const registry: Registry = ((globalThis as { __leadqrRetention?: Registry }).__leadqrRetention ??= {});

/** Looks hourly whether the daily run is due; every process may do this. */
export async function startRetentionSchedule() {
  if (registry.timer) return;
  const { db } = await getServices();
  const tick = () => {
    runRetentionJob(db)
      .then((result) => {
        if (result) logger.info({ job: RETENTION_JOB, ...result }, "retention job ran");
      })
      .catch((error) => logger.error({ err: error }, "retention job failed"));
  };
  registry.timer = setInterval(tick, CHECK_EVERY_MS);
  registry.timer.unref();
  registry.first = setTimeout(tick, 5_000);
  registry.first.unref();
  onShutdown(() => {
    clearTimeout(registry.first);
    clearInterval(registry.timer);
    registry.timer = undefined;
  });
}
