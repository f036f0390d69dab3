CREATE TABLE "campaign_location" (
	"campaign_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	CONSTRAINT "campaign_location_campaign_id_location_id_pk" PRIMARY KEY("campaign_id","location_id")
);
--> statement-breakpoint
ALTER TABLE "campaign" ADD COLUMN "locations_limited" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_location" ADD CONSTRAINT "campaign_location_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_location" ADD CONSTRAINT "campaign_location_location_id_location_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."location"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_location_location_idx" ON "campaign_location" USING btree ("location_id");