CREATE TABLE "sync_campaign_off" (
	"connection_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	CONSTRAINT "sync_campaign_off_connection_id_campaign_id_pk" PRIMARY KEY("connection_id","campaign_id")
);
--> statement-breakpoint
CREATE TABLE "sync_connection" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"broken_reason" text,
	"account_name" text DEFAULT '' NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"expires_at" timestamp with time zone,
	"api_endpoint" text,
	"destination_id" text,
	"destination_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_id" uuid NOT NULL,
	"lead_id" uuid,
	"action" text NOT NULL,
	"remote_key" text,
	"remote_row" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sync_oauth_state" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"session_id" text NOT NULL,
	"provider" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_record" (
	"connection_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"remote_key" text,
	"remote_row" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sync_record_connection_id_lead_id_pk" PRIMARY KEY("connection_id","lead_id")
);
--> statement-breakpoint
ALTER TABLE "sync_campaign_off" ADD CONSTRAINT "sync_campaign_off_connection_id_sync_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."sync_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_campaign_off" ADD CONSTRAINT "sync_campaign_off_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_connection" ADD CONSTRAINT "sync_connection_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_job" ADD CONSTRAINT "sync_job_connection_id_sync_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."sync_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_job" ADD CONSTRAINT "sync_job_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_oauth_state" ADD CONSTRAINT "sync_oauth_state_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_record" ADD CONSTRAINT "sync_record_connection_id_sync_connection_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."sync_connection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_record" ADD CONSTRAINT "sync_record_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sync_connection_user_provider_idx" ON "sync_connection" USING btree ("user_id","provider");--> statement-breakpoint
CREATE INDEX "sync_job_due_idx" ON "sync_job" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sync_job_connection_idx" ON "sync_job" USING btree ("connection_id","created_at");--> statement-breakpoint
CREATE INDEX "sync_record_lead_idx" ON "sync_record" USING btree ("lead_id");--> statement-breakpoint
-- Erasure reaches the owner's tools (decision 400): before a lead goes (owner's erasure or the
-- retention job), each destination that holds it gets an erase job carrying its own keys.
CREATE OR REPLACE FUNCTION lead_erase_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sync_job (connection_id, action, remote_key, remote_row)
    SELECT r.connection_id, 'erase', r.remote_key, r.remote_row FROM sync_record r WHERE r.lead_id = OLD.id;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER lead_erase_sync BEFORE DELETE ON lead FOR EACH ROW EXECUTE FUNCTION lead_erase_sync();
--> statement-breakpoint
-- A lead's consent record is written in the lead's own transaction, and changes when the visitor
-- confirms or withdraws: each of those queues a push to every connected destination of the owner
-- that is not switched off for the campaign, in that same transaction (decision 400).
CREATE OR REPLACE FUNCTION lead_sync_queue(lead_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sync_job (connection_id, lead_id, action)
    SELECT s.id, l.id, 'push'
      FROM lead l
      JOIN campaign c ON c.id = l.campaign_id
      JOIN sync_connection s ON s.user_id = c.user_id AND s.destination_id IS NOT NULL
     WHERE l.id = ANY(lead_ids)
       AND NOT EXISTS (SELECT 1 FROM sync_campaign_off o WHERE o.connection_id = s.id AND o.campaign_id = c.id);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_consent_added_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_sync_queue(ARRAY(SELECT lead_id FROM added));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER lead_consent_added_sync AFTER INSERT ON lead_consent REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION lead_consent_added_sync();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_consent_changed_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lead_sync_queue(ARRAY[NEW.lead_id]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER lead_consent_changed_sync AFTER UPDATE ON lead_consent FOR EACH ROW
  WHEN (OLD.confirmed_at IS DISTINCT FROM NEW.confirmed_at OR OLD.withdrawn_at IS DISTINCT FROM NEW.withdrawn_at)
  EXECUTE FUNCTION lead_consent_changed_sync();
