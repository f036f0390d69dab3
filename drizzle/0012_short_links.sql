CREATE TABLE "short_link" (
	"code" text PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"placement_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "short_link" ADD CONSTRAINT "short_link_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_link" ADD CONSTRAINT "short_link_placement_id_placement_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "short_link_campaign_idx" ON "short_link" USING btree ("campaign_id") WHERE "short_link"."placement_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "short_link_placement_idx" ON "short_link" USING btree ("placement_id");