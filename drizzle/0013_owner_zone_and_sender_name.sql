ALTER TABLE "business_profile" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "sender_name" text;