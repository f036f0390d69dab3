// The REST API's schemas: they validate requests and, through zod-to-openapi, are the OpenAPI document.
// Rules: docs/features/visitor-languages.md ("The owner's translations").
import { z } from "zod";
import { BUSINESS_TYPES, FIELD_LIMITS } from "~/features/campaigns/campaigns";
import { LANGUAGES } from "~/features/languages/languages";
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES } from "~/features/integrations/events";

const uuid = z.string().uuid();
const timestamp = z.string().datetime({ offset: true });

const translated = (what: string, max: number) =>
  z
    .string()
    .nullable()
    .optional()
    .meta({ description: `${what} in this language, at most ${max} characters; left out, empty or null: the campaign's own words show.` });

/** One language's translation of the copy: the campaign's own field names. */
export const CopyTranslationSchema = z
  .object({
    headline: translated("The headline", FIELD_LIMITS.aiHeadline),
    offer: translated("The offer", FIELD_LIMITS.discount),
    condition: translated("The condition", FIELD_LIMITS.minOrder),
    thank_you: translated("The thank-you message", FIELD_LIMITS.aiThankyou),
  })
  .strict()
  .meta({ id: "CopyTranslation" });

export const TranslationsSchema = z.record(z.string(), CopyTranslationSchema).meta({
  id: "Translations",
  description: `The owner's translations of the headline, offer, condition and thank-you message, keyed by language code: any of ${LANGUAGES.join(", ")} except the campaign's own language (\`en\` for a campaign created through the API). A visitor whose page is in that language reads them; a field left out shows the campaign's own words. Writing \`translations\` replaces every language at once: \`{}\` removes them all.`,
});

export const CampaignStatusSchema = z.enum(["active", "paused", "draft"]).meta({ id: "CampaignStatus" });

export const CampaignSchema = z
  .object({
    id: uuid,
    object: z.literal("campaign"),
    title: z.string(),
    business_type: z.string(),
    status: CampaignStatusSchema,
    offer: z.string(),
    condition: z.string(),
    headline: z.string(),
    thank_you: z.string(),
    translations: TranslationsSchema,
    capture_url: z.string().meta({
      description: "The campaign's capture page, on the owner's verified domain unless the campaign keeps the main address.",
    }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Campaign", description: "A QR-code campaign." });

export const CampaignListSchema = z.object({ object: z.literal("list"), data: z.array(CampaignSchema) }).meta({ id: "CampaignList" });

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max);

export const CreateCampaignSchema = z
  .object({
    title: text("title", FIELD_LIMITS.title),
    business_type: z.enum(BUSINESS_TYPES),
    offer: text("offer", FIELD_LIMITS.discount),
    condition: text("condition", FIELD_LIMITS.minOrder),
    headline: text("headline", FIELD_LIMITS.aiHeadline),
    thank_you: text("thank_you", FIELD_LIMITS.aiThankyou),
    translations: TranslationsSchema.optional(),
  })
  .strict()
  .meta({ id: "CreateCampaign", description: "A new campaign; it starts active with the default design." });

export const UpdateCampaignSchema = z
  .object({ status: CampaignStatusSchema.optional(), translations: TranslationsSchema.optional() })
  .strict()
  .refine((body) => body.status !== undefined || body.translations !== undefined, { error: "Send status, translations or both" })
  .meta({ id: "UpdateCampaign", description: "Change a campaign's status, its translations, or both." });

export const CampaignStatsSchema = z
  .object({
    campaign_id: uuid,
    scans: z.number().int().min(0),
    unique_visitors: z.number().int().min(0),
    leads: z.number().int().min(0),
    conversion_rate: z
      .number()
      .min(0)
      .meta({ description: "Unique visitors who became leads ÷ unique visitors (0 to 1, never above 1), 0 when there are no unique visitors." }),
    last_lead_at: timestamp.nullable(),
  })
  .meta({ id: "CampaignStats" });

export const LeadSchema = z
  .object({
    id: uuid,
    object: z.literal("lead"),
    campaign_id: uuid,
    placement_id: uuid.nullable(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    collected_at: timestamp,
    language: z.string().nullable().meta({
      description:
        "The language of the capture page the visitor used and of the consent wording they saw, as a two-letter code (`en`, `es`, `fr`, `de`, `pt`, `it`, `nl`, `ar`); null for a lead without a consent record.",
    }),
    redemption: z
      .object({
        redeemed_at: timestamp,
        redeemed_by: z.string().nullable().meta({
          description: "Who redeemed the code: the team member's name, `Owner`, or the name of a shared counter link (then `shared_device` is true).",
        }),
        shared_device: z.boolean().meta({ description: "Redeemed through a shared counter link: no per-person attribution." }),
        location: z.string().nullable().meta({ description: "The name of the location of the lead's placement when the code was redeemed." }),
      })
      .nullable()
      .meta({ description: "The lead's offer code redeemed at the counter; null while it is not." }),
  })
  .meta({ id: "Lead", description: "Details a visitor left on a capture page." });

export const LeadListSchema = z
  .object({
    object: z.literal("list"),
    data: z.array(LeadSchema),
    next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null on the last page." }),
  })
  .meta({ id: "LeadList" });

/** Orders the lead list may be asked for: newest first, under the name polling tools send and the API's own. */
export const LEAD_SORTS = ["-created_at", "-collected_at"] as const;

export const LeadListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50).meta({ description: "Page size, 1 to 100." }),
  cursor: z.string().max(200).optional().meta({ description: "`next_cursor` of the previous page." }),
  since: timestamp.optional().meta({ description: "Only leads collected at or after this time (ISO 8601)." }),
  campaign: uuid.optional().meta({ description: "Only leads of this campaign." }),
  placement: uuid.optional().meta({ description: "Only leads from this placement (printed copy)." }),
  sort: z
    .enum(LEAD_SORTS, { error: `Leads are listed newest first: use sort=${LEAD_SORTS[0]}` })
    .optional()
    .meta({
      description:
        "The order, newest first: `-created_at` (or its other name, `-collected_at`: when the lead was collected) is the only one, and the default. Automation tools that poll for new leads (the fallback when REST hooks are not used) send `sort=-created_at&limit=…` and keep the ids they have seen.",
    }),
});

export const IdParamsSchema = z.object({ id: uuid });

const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES).meta({
  id: "WebhookEventType",
  description: WEBHOOK_EVENT_TYPES.map((type) => `\`${type}\`: ${WEBHOOK_EVENT_DESCRIPTIONS[type]}.`).join(" "),
});

export const HookSampleParamsSchema = z.object({ event: WebhookEventTypeSchema });

export const WebhookPayloadSchema = z
  .object({
    id: z.string().meta({ description: "The event's id: the same in every retry and in the `webhook-id` header; dedupe on it." }),
    type: WebhookEventTypeSchema,
    version: z.number().int().meta({ description: "The payload version, raised only for breaking changes." }),
    timestamp: timestamp,
    data: z.record(z.string(), z.unknown()).meta({
      description:
        "What happened. Events about a lead carry `lead` (as `GET /leads/{id}` returns it) and `campaign` (`id`, `title`); `lead.confirmed` adds `consent`, `offer.redeemed` adds `offer` (`code`, `redeemed_at`), and its `lead.redemption` says who redeemed it and where; `campaign.updated` carries `campaign`.",
    }),
  })
  .meta({ id: "WebhookPayload", description: "The JSON body POSTed to a hook's target_url, signed by the Standard Webhooks scheme." });

export const AccountSchema = z
  .object({
    object: z.literal("account"),
    id: z.string(),
    email: z.string(),
    business_name: z.string().nullable().meta({ description: "The business name set in Settings; null when none is set." }),
    plan: z.object({ name: z.string(), is_pro: z.boolean() }),
  })
  .meta({ id: "Account", description: "The account an API key belongs to." });

export const HookSubscribeSchema = z
  .object({
    target_url: z.string().url().max(2000),
    event: WebhookEventTypeSchema,
  })
  .strict()
  .meta({ id: "HookSubscription", description: "REST hook subscription (Zapier and similar tools)." });

export const HookSchema = z
  .object({
    id: uuid,
    object: z.literal("hook"),
    target_url: z.string(),
    event: WebhookEventTypeSchema,
    secret: z.string().meta({ description: "Signing secret (Standard Webhooks); returned only here." }),
  })
  .meta({ id: "Hook" });

export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details." });
