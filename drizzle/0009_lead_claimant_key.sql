-- Each lead carries its claimant key (the hash that names its offer code, features/redeem), set by
-- a trigger so every insert path has it: the leads page, the CSV export and the counter join
-- leads to codes on stored values instead of hashing every lead's email in every query.
ALTER TABLE "lead" ADD COLUMN "claimant_key" text;
--> statement-breakpoint
CREATE FUNCTION "lead_claimant_key"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Keep in step with claimantKeyOf() in app/features/redeem/redeem.server.ts.
  NEW."claimant_key" := encode(sha256(convert_to(NEW."campaign_id"::text || ':' || lower(btrim(NEW."email")), 'UTF8')), 'hex');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_claimant_key_on_write" BEFORE INSERT OR UPDATE OF "campaign_id", "email", "claimant_key" ON "lead"
FOR EACH ROW EXECUTE FUNCTION "lead_claimant_key"();
--> statement-breakpoint
UPDATE "lead" SET "claimant_key" = NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lead_campaign_claimant_idx" ON "lead" USING btree ("campaign_id","claimant_key");
