CREATE TABLE "campaign_rollup" (
	"campaign_id" uuid NOT NULL,
	"placement_id" uuid,
	"location_id" uuid,
	"hour" timestamp with time zone NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	"uniques" integer DEFAULT 0 NOT NULL,
	"qr" integer DEFAULT 0 NOT NULL,
	"converted" integer DEFAULT 0 NOT NULL,
	"mobile" integer DEFAULT 0 NOT NULL,
	"desktop" integer DEFAULT 0 NOT NULL,
	"systems" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"confirmed" integer DEFAULT 0 NOT NULL,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"exclusions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "campaign_rollup_key" UNIQUE NULLS NOT DISTINCT("campaign_id","hour","placement_id","location_id")
);
--> statement-breakpoint
ALTER TABLE "campaign_rollup" ADD CONSTRAINT "campaign_rollup_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_rollup_hour_idx" ON "campaign_rollup" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "lead_consent_confirmed_idx" ON "lead_consent" USING btree ("campaign_id","confirmed_at") WHERE confirmed_at is not null;