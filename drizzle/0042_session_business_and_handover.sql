CREATE TABLE "ownership_handover" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" text NOT NULL,
	"member_id" uuid NOT NULL,
	"to_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "session" ADD COLUMN "acting_business_id" text;--> statement-breakpoint
ALTER TABLE "ownership_handover" ADD CONSTRAINT "ownership_handover_business_id_user_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_handover" ADD CONSTRAINT "ownership_handover_member_id_business_member_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."business_member"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_handover" ADD CONSTRAINT "ownership_handover_to_user_id_user_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ownership_handover_business_idx" ON "ownership_handover" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "ownership_handover_to_idx" ON "ownership_handover" USING btree ("to_user_id");--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_acting_business_id_user_id_fk" FOREIGN KEY ("acting_business_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;