// The composition root of the background work: it sits above the features and starts what
// several of them run on a timer, so no feature has to import another to be started.
import { startRetentionSchedule } from "~/features/consent/retention.server";
import { startDomainChecks } from "~/features/domains/recheck.server";
import { startEmailWorker } from "~/features/email/worker.server";

/** Starts this process's email worker and the consent retention schedule, each once. */
export async function startBackgroundWork() {
  await startEmailWorker();
  await startRetentionSchedule();
  await startDomainChecks();
}
