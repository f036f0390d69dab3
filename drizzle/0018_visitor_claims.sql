CREATE TABLE "lead_placement" (
	"lead_id" uuid NOT NULL,
	"placement_id" uuid NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_placement_lead_id_placement_id_pk" PRIMARY KEY("lead_id","placement_id")
);
--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "visitor_key" text;--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_placement" ADD CONSTRAINT "lead_placement_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_placement" ADD CONSTRAINT "lead_placement_placement_id_placement_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_placement_placement_idx" ON "lead_placement" USING btree ("placement_id");--> statement-breakpoint
CREATE INDEX "lead_campaign_visitor_idx" ON "lead" USING btree ("campaign_id","visitor_key") WHERE visitor_key is not null;