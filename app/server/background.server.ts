// The composition root of the background work: it sits above the features and starts what
// several of them run on a timer, so no feature has to import another to be started.
import { startAlertWorker } from "~/features/alerts/worker.server";
import { startRollupSchedule } from "~/features/analytics/rollups.server";
import { startRetentionSchedule } from "~/features/consent/retention.server";
import { startDomainChecks } from "~/features/domains/recheck.server";
import { startEmailWorker } from "~/features/email/worker.server";
import { startScanPartitionSchedule } from "~/features/scans/partition-job.server";
import { startWebhookWorker } from "~/features/integrations/webhook-worker.server";
import { startUploadCleanup } from "~/features/uploads/cleanup.server";
import { startSyncWorker } from "~/features/sync/worker.server";
import { startSummarySchedule } from "~/features/summary/schedule.server";

/** Starts this process's background jobs, each once: email, consent retention, scan partitions (ahead and at retention), upload cleanup, webhooks, lead sync, domain re-checks, the owners' summaries, lead alerts, the analytics rollups. */
export async function startBackgroundWork() {
  await startEmailWorker();
  await startRetentionSchedule();
  await startScanPartitionSchedule();
  await startUploadCleanup();
  await startWebhookWorker();
  await startSyncWorker();
  await startDomainChecks();
  await startSummarySchedule();
  await startAlertWorker();
  await startRollupSchedule();
}
