-- Lead counts kept per campaign, and one lowered search string per lead (issue 18 item 8,
-- decision 176): the leads page and the dashboard stop counting every lead on every view, and a
-- search compares one lowered string instead of three ILIKEs.
ALTER TABLE "campaign" ADD COLUMN "lead_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "campaign" c SET "lead_count" = counted.n
FROM (SELECT "campaign_id", count(*)::int AS n FROM "lead" GROUP BY "campaign_id") counted
WHERE counted."campaign_id" = c."id";
--> statement-breakpoint
-- Statement triggers with transition tables: one UPDATE per campaign per statement, whether a
-- statement inserts one lead (a capture submit) or deletes thousands (retention, erasure).
CREATE FUNCTION "lead_count_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "campaign" c SET "lead_count" = c."lead_count" + added.n
  FROM (SELECT "campaign_id", count(*)::int AS n FROM inserted GROUP BY "campaign_id") added
  WHERE added."campaign_id" = c."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "lead_count_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "campaign" c SET "lead_count" = c."lead_count" - removed.n
  FROM (SELECT "campaign_id", count(*)::int AS n FROM deleted GROUP BY "campaign_id") removed
  WHERE removed."campaign_id" = c."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_count_on_insert" AFTER INSERT ON "lead"
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "lead_count_add"();
--> statement-breakpoint
CREATE TRIGGER "lead_count_on_delete" AFTER DELETE ON "lead"
REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "lead_count_remove"();
--> statement-breakpoint
-- A lead never changes campaign; if one ever does, both campaigns' counts follow. (PostgreSQL
-- allows no column list with transition tables: updates that keep the campaign net to zero.)
CREATE FUNCTION "lead_count_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "campaign" c SET "lead_count" = c."lead_count" + moved.delta
  FROM (
    SELECT "campaign_id", sum(delta)::int AS delta FROM (
      SELECT "campaign_id", 1 AS delta FROM after_update
      UNION ALL SELECT "campaign_id", -1 FROM before_update
    ) changes GROUP BY "campaign_id"
  ) moved
  WHERE moved."campaign_id" = c."id" AND moved.delta <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lead_count_on_update" AFTER UPDATE ON "lead"
REFERENCING OLD TABLE AS before_update NEW TABLE AS after_update FOR EACH STATEMENT EXECUTE FUNCTION "lead_count_move"();
--> statement-breakpoint
ALTER TABLE "lead" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || E'\x01' || email || E'\x01' || coalesce(phone, ''))) STORED;
--> statement-breakpoint
DROP INDEX IF EXISTS "lead_name_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "lead_email_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "lead_phone_trgm_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "lead_search_trgm_idx" ON "lead" USING gin ("search_text" gin_trgm_ops);
