CREATE TABLE "custom_domain" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"hostname" text NOT NULL,
	"verification_token" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone DEFAULT now(),
	"verified_at" timestamp with time zone,
	"last_error" text,
	"https_live_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "custom_domain" ADD CONSTRAINT "custom_domain_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domain_user_idx" ON "custom_domain" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domain_verified_hostname_idx" ON "custom_domain" USING btree ("hostname") WHERE "custom_domain"."state" in ('verified', 'broken');--> statement-breakpoint
CREATE INDEX "custom_domain_hostname_idx" ON "custom_domain" USING btree ("hostname");--> statement-breakpoint
CREATE INDEX "custom_domain_next_check_idx" ON "custom_domain" USING btree ("next_check_at");