-- Erasing a lead removes every copy of it (issue 25 finding 2, decision 240), whatever deletes
-- the lead: the owner's erase, DELETE /api/v1/leads/{id}, the retention job, a deleted campaign.
ALTER TABLE "webhook_event" ADD COLUMN "redacted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_attempt_delivery_idx" ON "webhook_attempt" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "webhook_delivery_event_idx" ON "webhook_delivery" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "webhook_event_lead_idx" ON "webhook_event" USING btree (("payload" -> 'data' -> 'lead' ->> 'id')) WHERE "webhook_event"."payload" -> 'data' ? 'lead';--> statement-breakpoint
-- The code mailed to an address that claimed it belongs to the lead holding the code, so the
-- lead's erasure removes it like every other email about the lead (earlier rows had no lead).
UPDATE "email_outbox" o SET "lead_id" = oc."lead_id"
  FROM "offer_code" oc
 WHERE o."kind" = 'offer_code' AND o."lead_id" IS NULL
   AND oc."campaign_id" = o."campaign_id"
   AND oc."claimant_key" = encode(sha256(convert_to(o."campaign_id"::text || ':' || lower(btrim(o."to")), 'UTF8')), 'hex');
--> statement-breakpoint
-- The lead row, its consent record, offer code and emails go by foreign keys. Webhook events
-- hold a copy of the lead in their payload: they keep their id, type and time, their data
-- becomes the lead's id alone, and they are marked so they are never sent again. Deliveries not
-- yet made stop, and receivers' answers (which may echo the body) are cleared.
CREATE FUNCTION "lead_erase_copies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "webhook_event" ev
     SET "payload" = jsonb_set(ev."payload", '{data}', jsonb_build_object('lead', jsonb_build_object('id', erased."id", 'object', 'lead', 'erased', true))),
         "redacted_at" = coalesce(ev."redacted_at", now())
    FROM erased
   WHERE ev."payload" -> 'data' ? 'lead' AND (ev."payload" -> 'data' -> 'lead' ->> 'id') = erased."id"::text;
  UPDATE "webhook_delivery" d
     SET "status" = 'failed', "completed_at" = now(), "locked_until" = NULL
    FROM "webhook_event" ev, erased
   WHERE d."event_id" = ev."id" AND d."status" = 'pending'
     AND ev."payload" -> 'data' ? 'lead' AND (ev."payload" -> 'data' -> 'lead' ->> 'id') = erased."id"::text;
  UPDATE "webhook_attempt" a
     SET "response_excerpt" = ''
    FROM "webhook_delivery" d, "webhook_event" ev, erased
   WHERE a."delivery_id" = d."id" AND d."event_id" = ev."id" AND a."response_excerpt" <> ''
     AND ev."payload" -> 'data' ? 'lead' AND (ev."payload" -> 'data' -> 'lead' ->> 'id') = erased."id"::text;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_erase_copies_on_delete" AFTER DELETE ON "lead"
REFERENCING OLD TABLE AS erased FOR EACH STATEMENT EXECUTE FUNCTION "lead_erase_copies"();
