// Operators see request rates, lead outcomes by reason and outbox queues at /metrics behind a
// token (decision 302); owners see refused submissions per reason (decision 300).
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { countLeadRefusals } from "~/features/analytics/analytics.server";
import { flushCounts } from "~/features/scans/buffered-counts.server";
import * as route from "~/routes/capture";
import { answerMetrics, countRequest } from "~/utils/metrics.server";
import { getServices } from "~/utils/services.server";
import { createCampaignRow, createUser } from "../support/factories";
import { callRoute, makeRequest } from "../support/http";

const TOKEN = "metrics-token-0123456789";

function submit(campaignId: string, form: Record<string, string>) {
  const request = makeRequest(`/capture/${campaignId}`, { form, headers: { "x-leadqr-client-ip": "203.0.113.9" } });
  return callRoute(route.action, request, { campaignId });
}

describe("/metrics", () => {
  it("is not there without a token, and refuses a wrong one", async () => {
    expect((await answerMetrics("Bearer anything-at-all-here")).status).toBe(404);
    expect((await answerMetrics(undefined, TOKEN)).status).toBe(401);
    expect((await answerMetrics("Bearer wrong-token-0123456789", TOKEN)).status).toBe(401);
  });

  it("files every capture path under capture, the upper-case short link every printed code encodes too", async () => {
    const captured = async () =>
      Number(
        /leadqr_http_requests_total\{method="GET",status="3xx",area="capture"\} (\d+)/.exec(
          (await answerMetrics(`Bearer ${TOKEN}`, TOKEN)).body,
        )?.[1] ?? 0,
      );
    const before = await captured();
    for (const path of [
      "/Q/AB12CD34",
      "/q/ab12cd34",
      "/Q/AB12CD34/lead",
      "/capture/0d4e1c1e-6f4b-4b6e-9a43-0e1f3f7c8b21",
      "/CAPTURE/0d4e1c1e-6f4b-4b6e-9a43-0e1f3f7c8b21",
    ]) {
      countRequest("GET", path, 302);
    }
    expect((await captured()) - before).toBe(5);
  });

  it("counts lead outcomes by reason and reports queue depths; the owner sees refusals per reason", { timeout: 120_000 }, async () => {
    const owner = await createUser({ isPro: true });
    const campaign = await createCampaignRow(owner.id, { title: "Surge" });
    const { db } = await getServices();
    const [scan] = await db.insert(schema.scan).values({ campaignId: campaign.id, deviceType: "mobile" }).returning({ id: schema.scan.id });
    expect((await submit(campaign.id, { name: "Ada", email: "ada@example.com", scanToken: scan!.id })).status).toBe(200);
    expect((await submit(campaign.id, { name: "Bot", email: "bot@example.com", scanToken: crypto.randomUUID() })).status).toBe(400);
    expect((await submit(campaign.id, { name: "", email: "x@example.com", scanToken: scan!.id })).status).toBe(400);

    const answer = await answerMetrics(`Bearer ${TOKEN}`, TOKEN);
    expect(answer.status).toBe(200);
    expect(answer.headers["Content-Type"]).toContain("text/plain");
    expect(answer.body).toMatch(/leadqr_lead_submissions_total\{outcome="accepted"\} 1/);
    expect(answer.body).toMatch(/leadqr_lead_submissions_total\{outcome="no_scan"\} 1/);
    expect(answer.body).toMatch(/leadqr_lead_submissions_total\{outcome="invalid_fields"\} 1/);
    // The new lead's owner email and its lead.created row (no endpoint: none) wait in the outbox.
    expect(answer.body).toMatch(/leadqr_queue_depth\{queue="email"\} [1-9]/);
    expect(answer.body).toMatch(/leadqr_queue_depth\{queue="webhook"\} \d+/);
    expect(answer.body).toContain("leadqr_queue_oldest_age_seconds");

    await flushCounts();
    const today = new Date().toISOString().slice(0, 10);
    expect(await countLeadRefusals(db, { campaignId: campaign.id, timeZone: "UTC", from: today, to: today })).toEqual({
      no_scan: 1,
      invalid_fields: 1,
    });
  });
});
