CREATE TABLE "offer_code" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"claimant_key" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" text
);
--> statement-breakpoint
CREATE TABLE "offer_rule" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"expiry" text DEFAULT 'none' NOT NULL,
	"valid_until" date,
	"valid_until_at" timestamp with time zone,
	"valid_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"campaign_id" uuid,
	"label" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "offer_code" ADD CONSTRAINT "offer_code_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_code" ADD CONSTRAINT "offer_code_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_code" ADD CONSTRAINT "offer_code_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_rule" ADD CONSTRAINT "offer_rule_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_access" ADD CONSTRAINT "staff_access_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_access" ADD CONSTRAINT "staff_access_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offer_code_code_idx" ON "offer_code" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_code_claimant_idx" ON "offer_code" USING btree ("campaign_id","claimant_key");--> statement-breakpoint
CREATE INDEX "offer_code_lead_idx" ON "offer_code" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "offer_code_user_redeemed_idx" ON "offer_code" USING btree ("user_id","redeemed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_access_token_idx" ON "staff_access" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_access_user_idx" ON "staff_access" USING btree ("user_id","created_at");