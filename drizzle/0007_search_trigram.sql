-- Search as you type: every list's "contains" search (ILIKE '%term%') answered from a trigram index
-- instead of a scan of the table. pg_trgm ships with PostgreSQL (contrib) and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lead_name_trgm_idx" ON "lead" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lead_email_trgm_idx" ON "lead" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lead_phone_trgm_idx" ON "lead" USING gin ((coalesce("phone", '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "campaign_title_trgm_idx" ON "campaign" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_email_trgm_idx" ON "user" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
-- Newest-first lists over many campaigns (the leads page past its first pages, the admin's leads):
-- walking this index reads offset + page size rows instead of sorting every lead.
CREATE INDEX IF NOT EXISTS "lead_collected_at_id_idx" ON "lead" USING btree ("collected_at" DESC, "id" DESC);
