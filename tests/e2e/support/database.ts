// A journey's way into the e2e server's database (a fresh PostgreSQL database per server, from
// processes.ts). Data is created with tests/row-factories.ts, the integration tests' factories, on
// the app's own Drizzle database opened by the app's own openDatabase. Raw SQL has one door, the
// `query` of freshDatabase(), kept for what no factory or app function covers: reading rows back,
// rewinding a job's clock.
import { openDatabase } from "~/db/client.server";
import { insertCampaign, insertOwner, type OwnerRowOptions } from "../../support/row-factories";
import type { CampaignRowOptions } from "~/db/sample-rows";

export type JourneyDatabase = Awaited<ReturnType<typeof openJourneyDatabase>>;

/** Opens the database at `url` (already migrated by the server; migrating again finds nothing). */
export async function openJourneyDatabase(url: string) {
  const handle = await openDatabase({ databaseUrl: url, dataDir: "", capturePoolSize: 1 });
  return {
    db: handle.db,
    /** An owner account and one active campaign of theirs, as the factories build them. */
    async createOwner(options: OwnerRowOptions = {}) {
      return insertOwner(handle.db, options);
    },
    async createCampaignRow(userId: string, options: Omit<CampaignRowOptions, "userId"> = {}) {
      const row = await insertCampaign(handle.db, { userId, ...options });
      return { id: row.id };
    },
    close: () => handle.close(),
  };
}
