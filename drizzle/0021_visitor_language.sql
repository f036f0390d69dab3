ALTER TABLE "campaign" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_wording" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;