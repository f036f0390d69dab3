// The lead sync page's reads and actions, so its route stays thin.
import type { Database } from "~/db/client.server";
import { DEFAULT_LANGUAGE, type Language } from "~/features/languages/languages";
import { ownerT } from "~/features/languages/owner/owner-language";
import { refusalIn, refused } from "~/features/languages/owner/refusals";
import { DomainError } from "~/utils/domain-error";
import { startBackfill } from "./backfill.server";
import {
  chooseDestination,
  connectionOf,
  createDestination,
  disconnect,
  listDestinations,
  startConnect,
  useExistingDestination,
} from "./connections.server";
import type { SyncProviderView } from "./sync-view";
import { retrySyncJob, setCampaignSync, syncOverview } from "./status.server";
import { nudgeSyncWorker } from "./worker.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Everything the page shows. An account's audiences are fetched from the provider only while the
 * owner has none chosen or asked to choose another (`choose`), not on every visit.
 */
export async function syncPageData(db: Database, options: { userId: string; choose: string | null; language?: Language }) {
  const overview = await syncOverview(db, options);
  const providers: SyncProviderView[] = await Promise.all(
    overview.providers.map(async (provider) => {
      const view: SyncProviderView = provider;
      const wantsChoice = provider.connection && !provider.canCreate && (!provider.connection.destinationName || options.choose === provider.id);
      if (!wantsChoice) return view;
      try {
        return { ...view, destinations: await listDestinations(db, { userId: options.userId, providerId: provider.id }) };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        // A refusal that needs the owner (revoked, unreadable) broke the connection just now: show that, once.
        const now = await connectionOf(db, { userId: options.userId, providerId: provider.id });
        if (now.status === "broken" && view.connection)
          return { ...view, connection: { ...view.connection, status: "broken" as const, brokenReason: now.brokenReason } };
        return { ...view, destinationsError: refusalIn(error, options.language ?? DEFAULT_LANGUAGE) };
      }
    }),
  );
  return { providers, log: overview.log, campaigns: overview.campaigns };
}

export type SyncIntent = "connect" | "choose" | "create" | "disconnect" | "campaign" | "retry" | "backfill" | "existing";

/** Runs one of the page's forms; the answer is a message, or where to send the owner (the provider's consent screen). */
export async function runSyncIntent(
  db: Database,
  options: { userId: string; sessionId: string; intent: SyncIntent; fields: Record<string, string>; language?: Language },
): Promise<{ redirectTo: string } | { message: string }> {
  const { userId, fields } = options;
  const t = ownerT("refusals", options.language);
  const providerId = fields.provider ?? "";
  switch (options.intent) {
    case "connect":
      return { redirectTo: await startConnect(db, { userId, sessionId: options.sessionId, providerId }) };
    case "choose": {
      const chosen = await chooseDestination(db, { userId, providerId, destinationId: fields.destinationId ?? "" });
      nudgeSyncWorker();
      return { message: t("answers.sync.audienceChosen", { name: chosen.name }) };
    }
    case "create": {
      const created = await createDestination(db, { userId, providerId });
      nudgeSyncWorker();
      return { message: t("answers.sync.sheetCreated", { name: created.name }) };
    }
    case "existing": {
      const chosen = await useExistingDestination(db, { userId, providerId, reference: (fields.sheet ?? "").slice(0, 500) });
      nudgeSyncWorker();
      return { message: t("answers.sync.sheetChosen", { name: chosen.name }) };
    }
    case "disconnect": {
      const provider = await disconnect(db, { userId, providerId });
      return { message: t("answers.sync.disconnected", { provider: provider.label }) };
    }
    case "campaign": {
      if (!UUID.test(fields.campaignId ?? "")) throw refused("not_found", "sync.noCampaign");
      await setCampaignSync(db, { userId, providerId, campaignId: fields.campaignId!, on: fields.on === "yes" });
      return { message: t(fields.on === "yes" ? "answers.sync.campaignOn" : "answers.sync.campaignOff") };
    }
    case "backfill": {
      const queued = await startBackfill(db, { userId, providerId });
      nudgeSyncWorker();
      return { message: queued === 0 ? t("answers.sync.nothingToSend") : t("answers.sync.sending", { count: queued }) };
    }
    case "retry": {
      if (!UUID.test(fields.jobId ?? "")) throw refused("not_found", "sync.notWaiting");
      await retrySyncJob(db, { userId, jobId: fields.jobId! });
      nudgeSyncWorker();
      return { message: t("answers.sync.requeued") };
    }
  }
}
