CREATE TABLE "campaign_rollup_day" (
	"campaign_id" uuid NOT NULL,
	"placement_id" uuid,
	"location_id" uuid,
	"day" date NOT NULL,
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
	"hours" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "campaign_rollup_day_key" UNIQUE NULLS NOT DISTINCT("campaign_id","day","placement_id","location_id")
);
--> statement-breakpoint
ALTER TABLE "campaign_rollup_day" ADD CONSTRAINT "campaign_rollup_day_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;