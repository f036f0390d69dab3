// A crowd on a campaign whose copy in this process is older than SNAPSHOT_TTL_MS (decision 424):
// the loads that find it stale while its read is in flight wait for that one read, and what they
// may be shown is unchanged (a copy at most 2 s old).
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as schema from "~/db/schema";
import { clearCaptureDocuments, SNAPSHOT_TTL_MS, snapshotOf } from "~/features/capture/capture-document.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("loads that find a campaign's copy stale", () => {
  it("share one read of it, and a paused campaign is not served once the copy is older than its time to live", async () => {
    clearCaptureDocuments();
    const { database, db } = await getServices();
    const owner = await createUser();
    const campaign = await createCampaignRow(owner.id);

    const crowd = await Promise.all(Array.from({ length: 20 }, () => snapshotOf(database.capture.db, campaign.id)));
    expect(new Set(crowd).size).toBe(1);
    expect(crowd[0]!.snapshot?.id).toBe(campaign.id);

    await db.update(schema.campaign).set({ status: "paused" }).where(eq(schema.campaign.id, campaign.id));
    // Within its time to live the copy is served as it was read.
    expect((await snapshotOf(database.capture.db, campaign.id)).snapshot?.id).toBe(campaign.id);
    const later = Date.now() + SNAPSHOT_TTL_MS + 1;
    vi.spyOn(Date, "now").mockReturnValue(later);
    const stale = await Promise.all(Array.from({ length: 20 }, () => snapshotOf(database.capture.db, campaign.id)));
    expect(new Set(stale).size).toBe(1);
    expect(stale[0]!.snapshot).toBeNull();
  });
});
