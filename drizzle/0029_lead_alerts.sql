CREATE TABLE "alert_channel" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'proving' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"destination" text,
	"label" text DEFAULT '' NOT NULL,
	"proof_hash" text,
	"proof_expires_at" timestamp with time zone,
	"proof_attempts" integer DEFAULT 0 NOT NULL,
	"disabled_reason" text,
	"alerts_from" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_delivery" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"lead_id" uuid,
	"lead_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"outcome" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "alert_delivery_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "alert_lead" (
	"channel_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"delivery_id" uuid,
	"collected_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_lead_channel_id_lead_id_pk" PRIMARY KEY("channel_id","lead_id")
);
--> statement-breakpoint
CREATE TABLE "alert_setting" (
	"user_id" text PRIMARY KEY NOT NULL,
	"quiet_from" integer,
	"quiet_until" integer
);
--> statement-breakpoint
CREATE TABLE "telegram_poll" (
	"id" integer PRIMARY KEY NOT NULL,
	"next_offset" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "alert_channel" ADD CONSTRAINT "alert_channel_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_delivery" ADD CONSTRAINT "alert_delivery_channel_id_alert_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."alert_channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_delivery" ADD CONSTRAINT "alert_delivery_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_lead" ADD CONSTRAINT "alert_lead_channel_id_alert_channel_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."alert_channel"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_lead" ADD CONSTRAINT "alert_lead_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_lead" ADD CONSTRAINT "alert_lead_delivery_id_alert_delivery_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."alert_delivery"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_setting" ADD CONSTRAINT "alert_setting_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_channel_user_kind_idx" ON "alert_channel" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_channel_proof_idx" ON "alert_channel" USING btree ("proof_hash");--> statement-breakpoint
CREATE INDEX "alert_delivery_due_idx" ON "alert_delivery" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "alert_delivery_channel_idx" ON "alert_delivery" USING btree ("channel_id","created_at");--> statement-breakpoint
CREATE INDEX "alert_lead_waiting_idx" ON "alert_lead" USING btree ("channel_id") WHERE delivery_id is null;