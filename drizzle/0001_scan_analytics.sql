CREATE TABLE "placement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scan_exclusion" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scan_exclusion_campaign_id_day_reason_pk" PRIMARY KEY("campaign_id","day","reason")
);
--> statement-breakpoint
CREATE TABLE "visitor_salt" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "placement_id" uuid;--> statement-breakpoint
ALTER TABLE "scan" ADD COLUMN "os" text;--> statement-breakpoint
ALTER TABLE "scan" ADD COLUMN "visitor_hash" text;--> statement-breakpoint
ALTER TABLE "scan" ADD COLUMN "is_unique" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "scan" ADD COLUMN "source" text DEFAULT 'link' NOT NULL;--> statement-breakpoint
ALTER TABLE "scan" ADD COLUMN "placement_id" uuid;--> statement-breakpoint
ALTER TABLE "placement" ADD CONSTRAINT "placement_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_exclusion" ADD CONSTRAINT "scan_exclusion_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "placement_campaign_name_idx" ON "placement" USING btree ("campaign_id",lower("name"));--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_placement_id_placement_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placement"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan" ADD CONSTRAINT "scan_placement_id_placement_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placement"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_campaign_visitor_idx" ON "scan" USING btree ("campaign_id","visitor_hash","timestamp");