DROP INDEX "scan_campaign_timestamp_idx";--> statement-breakpoint
DROP INDEX "lead_campaign_collected_idx";--> statement-breakpoint
CREATE INDEX "scan_campaign_analytics_idx" ON "scan" USING btree ("campaign_id","timestamp","is_unique","source","placement_id","device_type","os");--> statement-breakpoint
CREATE INDEX "lead_campaign_collected_idx" ON "lead" USING btree ("campaign_id","collected_at","placement_id");