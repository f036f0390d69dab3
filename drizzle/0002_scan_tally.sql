CREATE TABLE "campaign_scan_tally" (
	"campaign_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"scans" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_scan_tally_campaign_id_shard_pk" PRIMARY KEY("campaign_id","shard")
);
--> statement-breakpoint
ALTER TABLE "campaign_scan_tally" ADD CONSTRAINT "campaign_scan_tally_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;