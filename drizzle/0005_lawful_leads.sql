CREATE TABLE "business_identity" (
	"user_id" text PRIMARY KEY NOT NULL,
	"postal_address" text DEFAULT '' NOT NULL,
	"privacy_policy_url" text,
	"lead_retention_months" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_wording" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hash" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_wording_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "data_erasure" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_erasure_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text,
	"reason" text NOT NULL,
	"leads" integer DEFAULT 1 NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_run" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"result" jsonb
);
--> statement-breakpoint
CREATE TABLE "lead_consent" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"wording_id" uuid NOT NULL,
	"ticked" boolean NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"client_address" text,
	"user_agent" text,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirmation_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"confirmed_address" text,
	"withdraw_token_hash" text,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "lead_consent_confirm_token_hash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "lead_consent_withdraw_token_hash_unique" UNIQUE("withdraw_token_hash")
);
--> statement-breakpoint
ALTER TABLE "campaign" ADD COLUMN "consent_mode" text DEFAULT 'notice' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign" ADD COLUMN "offer_requires_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "lead_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "business_identity" ADD CONSTRAINT "business_identity_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_erasure" ADD CONSTRAINT "data_erasure_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_consent" ADD CONSTRAINT "lead_consent_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_consent" ADD CONSTRAINT "lead_consent_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_consent" ADD CONSTRAINT "lead_consent_wording_id_consent_wording_id_fk" FOREIGN KEY ("wording_id") REFERENCES "public"."consent_wording"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_erasure_user_idx" ON "data_erasure" USING btree ("user_id","erased_at");--> statement-breakpoint
CREATE INDEX "lead_consent_campaign_idx" ON "lead_consent" USING btree ("campaign_id");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_lead_idx" ON "email_outbox" USING btree ("lead_id");