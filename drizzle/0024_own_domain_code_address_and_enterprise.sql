ALTER TABLE "user" ADD COLUMN "is_enterprise" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign" ADD COLUMN "code_address" text DEFAULT 'domain' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign" ADD COLUMN "codes_made_on" text;