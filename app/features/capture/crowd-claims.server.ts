// A lead posted with a crowd token (docs/features/crowds.md): its load counted no scan (a burst
// from a shared network, or a scan that could not be written), so the lead proves the person and
// counts their scan now. What it may cost is the network's crowd budget, sized for a crowd.
// Rules: docs/features/capture-and-leads.md ("What counts as a scan").
import type { Database } from "~/db/client.server";
import { deviceTypeOf, osOf, utcDay } from "~/features/scans/visitors";
import { admitProvenVisitor } from "~/features/scans/bursts.server";
import { recordScan } from "~/features/scans/scans.server";
import { recordExclusion } from "~/features/scans/scan-exclusions.server";
import { visitorHashOf } from "~/features/scans/visitor-hash.server";
import type { CrowdToken } from "~/features/scans/crowd-token.server";
import { clientBudgetKey } from "~/utils/client-budget-key.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { snapshotOf } from "./capture-document.server";

/** Spends one point of the network's budget for posts without a counted scan; throws `rate_limited` when spent. */
export async function spendCrowdBudget(clientAddress: string) {
  await consumeRateLimit("leadByCrowdNetwork", clientBudgetKey(clientAddress));
}

export type CrowdScan = { scanId: string } | { refused: "inactive" };

/**
 * The scan behind a crowd token's lead: counted now as this browser's (a unique visitor unless it
 * was counted in the last few minutes), or its recent scan when this is a repeat post.
 * A burst's exclusion is taken back once its lead is counted: the exclusions keep the loads that
 * left nothing. A campaign that stopped, or a Free campaign that reached its limit meanwhile, refuses.
 */
export async function scanOfCrowdToken(
  db: Database,
  token: CrowdToken,
  post: { userAgent: string; clientAddress: string; visitorId: string },
): Promise<CrowdScan> {
  const { snapshot } = await snapshotOf(db, token.campaignId);
  if (!snapshot) return { refused: "inactive" };
  const visitorHash = await visitorHashOf(db, { clientAddress: post.clientAddress, userAgent: post.userAgent, visitorId: post.visitorId });
  const result = await recordScan(db, {
    campaignId: token.campaignId,
    isPro: snapshot.isPro,
    deviceType: deviceTypeOf(post.userAgent),
    os: osOf(post.userAgent),
    visitorHash,
    source: token.source,
    placementId: token.placementId,
  });
  // Proven a person: their next load from this network is theirs, not part of the burst.
  if (result.counted || result.repeatOf) admitProvenVisitor(post.clientAddress, { id: post.visitorId });
  if (result.counted) {
    if (token.burst) recordExclusion(db, token.campaignId, "burst", utcDay(new Date(token.issuedAt * 1000)), -1);
    return { scanId: result.scanId };
  }
  if (result.repeatOf) return { scanId: result.repeatOf };
  return { refused: "inactive" };
}
