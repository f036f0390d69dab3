// Refused lead submissions, per campaign, day and reason, for the owner's analytics.
// Rules: docs/features/capture-and-leads.md ("Token budgets").
import type { Database } from "~/db/client.server";
import type { LeadRefusalReason } from "~/db/schema";
import { dailyCounter } from "./buffered-counts.server";
import { utcDay } from "./visitors";

const countRefusal = dailyCounter("lead_refusal");

/** Counts one refused lead submission for the owner's analytics, like exclusions. */
export function recordLeadRefusal(db: Database, campaignId: string, reason: LeadRefusalReason, day: string = utcDay()) {
  countRefusal(db, `${campaignId}|${day}|${reason}`);
}
