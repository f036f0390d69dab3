CREATE TABLE "notification_setting" (
	"user_id" text PRIMARY KEY NOT NULL,
	"lead_emails_per_minute" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_lead_tally" (
	"campaign_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"leads" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_lead_tally_campaign_id_shard_pk" PRIMARY KEY("campaign_id","shard")
);
--> statement-breakpoint
CREATE TABLE "lead_refusal" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_refusal_campaign_id_day_reason_pk" PRIMARY KEY("campaign_id","day","reason")
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "digest_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_lead_tally" ADD CONSTRAINT "campaign_lead_tally_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_refusal" ADD CONSTRAINT "lead_refusal_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_digest_id_email_outbox_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."email_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_digest_idx" ON "email_outbox" USING btree ("digest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_open_digest_idx" ON "email_outbox" USING btree ("campaign_id") WHERE kind = 'lead_digest' and status = 'pending';--> statement-breakpoint
-- Stored leads are counted into a row of campaign_lead_tally chosen by the connection (decision
-- 300): concurrent submissions on one campaign no longer queue behind the campaign row's lock.
-- Deletes and moves (retention, erasure: not on the request path) still adjust campaign.lead_count.
CREATE OR REPLACE FUNCTION "lead_count_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "campaign_lead_tally" ("campaign_id", "shard", "leads")
  SELECT "campaign_id", (pg_backend_pid() % 32)::smallint, count(*) FROM inserted GROUP BY "campaign_id"
  ON CONFLICT ("campaign_id", "shard") DO UPDATE SET "leads" = "campaign_lead_tally"."leads" + excluded."leads";
  RETURN NULL;
END
$$;
