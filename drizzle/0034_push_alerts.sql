CREATE TABLE "vapid_key" (
	"id" integer PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "alert_channel_user_kind_idx";--> statement-breakpoint
ALTER TABLE "alert_channel" ADD COLUMN "campaign_ids" uuid[];--> statement-breakpoint
ALTER TABLE "alert_channel" ADD COLUMN "location_ids" uuid[];--> statement-breakpoint
ALTER TABLE "alert_channel" ADD COLUMN "routed_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_channel" ADD COLUMN "endpoint_hash" text;--> statement-breakpoint
ALTER TABLE "alert_setting" ADD COLUMN "redeem_alerts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_setting" ADD COLUMN "scan_limit_alerts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_channel_push_endpoint_idx" ON "alert_channel" USING btree ("user_id","endpoint_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_channel_user_kind_idx" ON "alert_channel" USING btree ("user_id","kind") WHERE kind <> 'push';