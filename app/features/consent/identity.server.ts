import { desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { businessIdentity, dataErasure, jobRun } from "~/db/schema";
import type { BusinessIdentityInput } from "./identity.schema";
import { RETENTION_JOB } from "./retention.server";

/** What the settings section shows: the identity, the retention setting, and the job's last run. */
export async function getBusinessIdentity(db: Database, options: { userId: string }) {
  const [[row], [job], [lastErasure]] = await Promise.all([
    db
      .select({
        postalAddress: businessIdentity.postalAddress,
        privacyPolicyUrl: businessIdentity.privacyPolicyUrl,
        retentionMonths: businessIdentity.leadRetentionMonths,
      })
      .from(businessIdentity)
      .where(eq(businessIdentity.userId, options.userId)),
    db.select({ lastRunAt: jobRun.lastRunAt }).from(jobRun).where(eq(jobRun.name, RETENTION_JOB)),
    db
      .select({ erasedAt: dataErasure.erasedAt, reason: dataErasure.reason, leads: dataErasure.leads })
      .from(dataErasure)
      .where(eq(dataErasure.userId, options.userId))
      .orderBy(desc(dataErasure.erasedAt))
      .limit(1),
  ]);
  return {
    postalAddress: row?.postalAddress ?? "",
    privacyPolicyUrl: row?.privacyPolicyUrl ?? "",
    retentionMonths: row?.retentionMonths ?? null,
    retentionLastRunAt: job?.lastRunAt.toISOString() ?? null,
    lastErasure: lastErasure ? { at: lastErasure.erasedAt.toISOString(), reason: lastErasure.reason, leads: lastErasure.leads } : null,
  };
}

export async function updateBusinessIdentity(db: Database, options: { userId: string; input: BusinessIdentityInput }) {
  const values = {
    postalAddress: options.input.postalAddress,
    privacyPolicyUrl: options.input.privacyPolicyUrl,
    leadRetentionMonths: options.input.retentionMonths,
    updatedAt: new Date(),
  };
  await db
    .insert(businessIdentity)
    .values({ userId: options.userId, ...values })
    .onConflictDoUpdate({ target: businessIdentity.userId, set: values });
}

/** Whether the owner has given the postal address their visitor marketing mail must carry. */
export async function hasPostalAddress(db: Database, options: { userId: string }) {
  const [row] = await db
    .select({ postalAddress: businessIdentity.postalAddress })
    .from(businessIdentity)
    .where(eq(businessIdentity.userId, options.userId));
  return Boolean(row?.postalAddress.trim());
}
