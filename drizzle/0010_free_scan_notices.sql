ALTER TABLE "campaign" ADD COLUMN "scan_notice_level" integer DEFAULT 0 NOT NULL;
