CREATE TABLE "visitor_id_count" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visitor_id_count_campaign_id_day_reason_pk" PRIMARY KEY("campaign_id","day","reason")
);
--> statement-breakpoint
ALTER TABLE "visitor_id_count" ADD CONSTRAINT "visitor_id_count_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;