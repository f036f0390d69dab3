ALTER TABLE "alert_channel" ADD COLUMN "campaign_ids" uuid[];--> statement-breakpoint
ALTER TABLE "alert_channel" ADD COLUMN "location_ids" uuid[];--> statement-breakpoint
ALTER TABLE "alert_channel" ADD COLUMN "routed_from" timestamp with time zone;