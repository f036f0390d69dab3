CREATE TABLE "owner_summary" (
	"user_id" text NOT NULL,
	"frequency" text NOT NULL,
	"period_start" date NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owner_summary_user_id_frequency_period_start_pk" PRIMARY KEY("user_id","frequency","period_start")
);
--> statement-breakpoint
ALTER TABLE "notification_setting" ALTER COLUMN "lead_emails_per_minute" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_setting" ADD COLUMN "summary_frequency" text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_setting" ADD COLUMN "summary_on_quiet_days" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_summary" ADD CONSTRAINT "owner_summary_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;