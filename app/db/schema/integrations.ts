import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";

/** An owner's webhook receiver. `secret` signs deliveries (Standard Webhooks) and is shown once. */
export const webhookEndpoint = pgTable(
  "webhook_endpoint",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    /** `unsubscribed`: its receiver answered 410 Gone; nothing is queued for it or sent. */
    status: text("status", { enum: ["active", "paused", "unsubscribed"] })
      .notNull()
      .default("active"),
    /** `rest_hook`: created by an automation tool through POST /api/v1/hooks. */
    source: text("source", { enum: ["settings", "rest_hook"] })
      .notNull()
      .default("settings"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    pausedReason: text("paused_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoint_user_idx").on(t.userId, t.createdAt)],
);

/** One event that happened to an owner's data; its id is the stable `webhook-id` receivers dedupe on. */
export const webhookEvent = pgTable(
  "webhook_event",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** The whole JSON body as sent (id, type, version, timestamp, data). */
    payload: jsonb("payload").notNull(),
    /**
     * When the lead this event carried was erased: its `data` was cut to the lead's id by the
     * `lead_erase_copies` trigger (migration 0011), and the event is never sent again.
     */
    redactedAt: timestamp("redacted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("webhook_event_user_idx").on(t.userId, t.createdAt),
    // The erasure trigger finds the events of erased leads by this key.
    index("webhook_event_lead_idx")
      .on(sql`(${t.payload} -> 'data' -> 'lead' ->> 'id')`)
      .where(sql`${t.payload} -> 'data' ? 'lead'`),
  ],
);

/** The outbox: one row per event and endpoint, claimed by workers with FOR UPDATE SKIP LOCKED. */
export const webhookDelivery = pgTable(
  "webhook_delivery",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    eventId: text("event_id")
      .notNull()
      .references(() => webhookEvent.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "sending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastStatusCode: integer("last_status_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_delivery_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_delivery_endpoint_idx").on(t.endpointId, t.createdAt),
    // An event's deliveries, for the erasure trigger.
    index("webhook_delivery_event_idx").on(t.eventId),
  ],
);

/** The delivery log: one row per HTTP attempt. */
export const webhookAttempt = pgTable(
  "webhook_attempt",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid("delivery_id")
      .notNull()
      .references(() => webhookDelivery.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoint.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    statusCode: integer("status_code"),
    latencyMs: integer("latency_ms").notNull(),
    responseExcerpt: text("response_excerpt").notNull().default(""),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_attempt_endpoint_idx").on(t.endpointId, t.createdAt), index("webhook_attempt_delivery_idx").on(t.deliveryId)],
);

/** REST API keys: only a SHA-256 of the key is stored; `prefix` lets the owner recognise it. */
export const apiKey = pgTable(
  "api_key",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("api_key_hash_idx").on(t.keyHash), index("api_key_user_idx").on(t.userId, t.createdAt)],
);

/** Answers to POSTs carrying an Idempotency-Key, replayed for 24 hours. */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    apiKeyId: uuid("api_key_id")
      .notNull()
      .references(() => apiKey.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    /** Null while the first request is still being processed. */
    statusCode: integer("status_code"),
    body: jsonb("body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] })],
);
