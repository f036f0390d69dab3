// The audit trail: every admin change (users, subscriptions, blog posts) is kept in admin_audit
// and logged: who did what to which record.
import type { Database } from "~/db/client.server";
import { adminAudit } from "~/db/schema";
import { logger } from "~/utils/logger.server";

type Executor = Pick<Database, "insert">;

export type RecordAdminActionOptions = { actorId: string; action: string; target: string; detail?: Record<string, unknown> };

/** Keeps and logs one admin change; pass the transaction that makes the change, so both commit together. */
export async function recordAdminAction(db: Executor, entry: RecordAdminActionOptions) {
  await db.insert(adminAudit).values({ actorId: entry.actorId, action: entry.action, target: entry.target, detail: entry.detail ?? null });
  logger.info({ audit: entry }, "admin action");
}
