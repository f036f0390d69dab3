// What each webhook event carries: the one builder for deliveries and for the sample payloads the
// API shows automation tools (GET /api/v1/hooks/sample/{event}), so the two cannot drift apart.
import { WEBHOOK_PAYLOAD_VERSION, type WebhookEventType, type WebhookPayload } from "./events";
import { campaignResource, leadResource, type CampaignRow, type LeadRow } from "./resources.server";

/** A lead with its campaign's title: what every `lead.*` and `offer.*` event starts from. */
export type LeadEventRow = LeadRow & { campaignTitle: string };

/** What happened to a lead, beyond its creation. */
export type LeadChange =
  | { type: "lead.confirmed"; confirmedAt: string }
  | { type: "offer.redeemed"; code: string; redeemedAt: string }
  /** Kept in the shape existing receivers read: `redemption.redeemedAt`. */
  | { type: "lead.redeemed"; code: string; redeemedAt: string }
  | { type: "lead.consent_changed"; status: "confirmed" | "withdrawn" };

export type WebhookEventInput =
  { type: "lead.created"; row: LeadEventRow } | (LeadChange & { row: LeadEventRow }) | { type: "campaign.updated"; campaign: CampaignRow };

/**
 * The `data` of an event. Every event about a lead keeps it at `data.lead` with its `id`: the
 * erasure trigger finds and redacts copies of an erased lead there.
 */
export function webhookEventData(event: WebhookEventInput): Record<string, unknown> {
  if (event.type === "campaign.updated") return { campaign: campaignResource(event.campaign) };
  const about = { lead: leadResource(event.row), campaign: { id: event.row.campaignId, title: event.row.campaignTitle } };
  switch (event.type) {
    case "lead.created":
      return about;
    case "lead.confirmed":
      return { ...about, consent: { status: "confirmed", confirmed_at: event.confirmedAt } };
    case "offer.redeemed":
      return { ...about, offer: { code: event.code, redeemed_at: event.redeemedAt } };
    case "lead.redeemed":
      return { ...about, redemption: { code: event.code, redeemedAt: event.redeemedAt } };
    case "lead.consent_changed":
      return { ...about, consent: { status: event.status } };
  }
}

/** The body POSTed to a receiver (the `webhook-id` header is its `id`). */
export function webhookEnvelope(event: { id: string; type: string; data: Record<string, unknown>; at: Date }): WebhookPayload {
  return { id: event.id, type: event.type, version: WEBHOOK_PAYLOAD_VERSION, timestamp: event.at.toISOString(), data: event.data };
}

// ---- samples ---------------------------------------------------------------------------------

const SAMPLE_AT = new Date("2026-05-14T09:41:00.000Z");
const SAMPLE_LATER = "2026-05-14T10:02:17.000Z";

const SAMPLE_CAMPAIGN: CampaignRow = {
  id: "3f0c9a52-6d1e-4b8a-9c27-5e4f8b1d2a60",
  title: "Spring coffee card",
  businessType: "Coffee Shop",
  status: "active",
  discount: "Free pastry",
  minOrder: "with any coffee",
  aiHeadline: "A free pastry with your next coffee",
  aiThankyou: "Show this code at the counter to get your pastry.",
  createdAt: new Date("2026-04-02T08:15:00.000Z"),
  updatedAt: SAMPLE_AT,
};

const SAMPLE_LEAD: LeadEventRow = {
  id: "8b7e4c1d-2f3a-4e5b-9d6c-7a8b9c0d1e2f",
  campaignId: SAMPLE_CAMPAIGN.id,
  placementId: "c4d5e6f7-0a1b-4c2d-8e3f-4a5b6c7d8e9f",
  name: "Maria Rossi",
  email: "maria.rossi@example.com",
  phone: "+39 347 555 0142",
  collectedAt: SAMPLE_AT,
  language: "it",
  campaignTitle: SAMPLE_CAMPAIGN.title,
};

const SAMPLE_REDEMPTION = { at: SAMPLE_LATER, by: "Sam", location: "Harbour" };

function sampleInput(type: WebhookEventType): WebhookEventInput {
  switch (type) {
    case "lead.created":
      return { type, row: SAMPLE_LEAD };
    case "lead.confirmed":
      return { type, row: SAMPLE_LEAD, confirmedAt: SAMPLE_LATER };
    case "offer.redeemed":
      return { type, row: { ...SAMPLE_LEAD, redemption: SAMPLE_REDEMPTION }, code: "K7Q-M4T-XP", redeemedAt: SAMPLE_LATER };
    case "lead.redeemed":
      return { type, row: SAMPLE_LEAD, code: "K7QM4TXP", redeemedAt: SAMPLE_LATER };
    case "lead.consent_changed":
      return { type, row: SAMPLE_LEAD, status: "confirmed" };
    case "campaign.updated":
      return { type, campaign: SAMPLE_CAMPAIGN };
  }
}

/** A realistic payload of `type`, built as deliveries are: what a tool shows while its user maps fields. */
export function sampleWebhookPayload(type: WebhookEventType): WebhookPayload {
  return webhookEnvelope({ id: "evt_sample0000000000000000000000", type, data: webhookEventData(sampleInput(type)), at: SAMPLE_AT });
}
