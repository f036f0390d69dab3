CREATE TABLE "business_member" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_member_location" (
	"member_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	CONSTRAINT "business_member_location_member_id_location_id_pk" PRIMARY KEY("member_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "location" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"time_zone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"subject_email" text NOT NULL,
	"action" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_invite" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "placement" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "offer_code" ADD COLUMN "redeemed_by_user_id" text;--> statement-breakpoint
ALTER TABLE "offer_code" ADD COLUMN "redeemed_location" text;--> statement-breakpoint
ALTER TABLE "business_member" ADD CONSTRAINT "business_member_business_id_user_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_member" ADD CONSTRAINT "business_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_member" ADD CONSTRAINT "business_member_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_member_location" ADD CONSTRAINT "business_member_location_member_id_business_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."business_member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_member_location" ADD CONSTRAINT "business_member_location_location_id_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."location"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location" ADD CONSTRAINT "location_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_audit" ADD CONSTRAINT "team_audit_business_id_user_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invite" ADD CONSTRAINT "team_invite_business_id_user_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invite" ADD CONSTRAINT "team_invite_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_member_business_user_idx" ON "business_member" USING btree ("business_id","user_id");--> statement-breakpoint
CREATE INDEX "business_member_user_idx" ON "business_member" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "business_member_location_location_idx" ON "business_member_location" USING btree ("location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "location_user_name_idx" ON "location" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "team_audit_business_idx" ON "team_audit" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invite_token_idx" ON "team_invite" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "team_invite_business_idx" ON "team_invite" USING btree ("business_id","created_at");--> statement-breakpoint
ALTER TABLE "placement" ADD CONSTRAINT "placement_location_id_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."location"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_code" ADD CONSTRAINT "offer_code_redeemed_by_user_id_user_id_fk" FOREIGN KEY ("redeemed_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;