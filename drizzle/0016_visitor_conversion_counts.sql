CREATE TABLE "campaign_visitor_tally" (
	"campaign_id" uuid NOT NULL,
	"shard" smallint NOT NULL,
	"uniques" bigint DEFAULT 0 NOT NULL,
	"converted" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_visitor_tally_campaign_id_shard_pk" PRIMARY KEY("campaign_id","shard")
);
--> statement-breakpoint
CREATE TABLE "visitor_lead" (
	"campaign_id" uuid NOT NULL,
	"visitor_key" text NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visitor_lead_campaign_id_visitor_key_pk" PRIMARY KEY("campaign_id","visitor_key")
);
--> statement-breakpoint
ALTER TABLE "campaign_visitor_tally" ADD CONSTRAINT "campaign_visitor_tally_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_lead" ADD CONSTRAINT "visitor_lead_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Conversion's two terms kept per campaign (issue 27 item 3, decision 313): unique visitors and
-- the unique visitors who became leads, exactly what CONVERTED_VISITOR counts from the rows, so the
-- dashboard and the campaign cards read them without counting scans. A visitor is the scans' hash
-- (one browser, one UTC day), or the scan itself when it has none; `visitor_lead` holds how many
-- leads came from each visitor, so a trigger knows when a visitor's first lead arrives or its last
-- one goes. Statement triggers with transition tables, tally rows chosen by the connection
-- (decision 300): no row every scan or lead of a campaign must lock.
-- One generic plan, kept for the session: a custom plan per call (the default here) spent 0.4 ms of
-- a lead's insert planning this statement again.
CREATE FUNCTION "visitor_lead_change"(scan_ids uuid[], deltas integer[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  WITH change AS (
    SELECT s."campaign_id", coalesce(s."visitor_hash", 'scan:' || s."id") AS visitor_key, s."visitor_hash" IS NULL AS by_scan,
      (array_agg(s."id"))[1] AS scan_id, sum(c.delta)::int AS delta
    FROM unnest(scan_ids, deltas) AS c(scan_id, delta)
    JOIN "scan" s ON s."id" = c.scan_id
    WHERE EXISTS (SELECT 1 FROM "campaign" k WHERE k."id" = s."campaign_id")
    GROUP BY 1, 2, 3
    HAVING sum(c.delta) <> 0
  ), kept AS (
    INSERT INTO "visitor_lead" AS v ("campaign_id", "visitor_key", "leads")
    SELECT "campaign_id", visitor_key, delta FROM change
    ON CONFLICT ("campaign_id", "visitor_key") DO UPDATE SET "leads" = v."leads" + excluded."leads"
    RETURNING v."campaign_id", v."visitor_key", v."leads"
  ), flipped AS (
    -- A visitor's first lead converts its unique scans; its last lead gone, they no longer are.
    SELECT c."campaign_id", (CASE WHEN k."leads" > 0 THEN 1 ELSE -1 END) * (
      CASE WHEN c.by_scan THEN (SELECT count(*) FROM "scan" s WHERE s."id" = c.scan_id AND s."is_unique")
      ELSE (SELECT count(*) FROM "scan" s WHERE s."campaign_id" = c."campaign_id" AND s."visitor_hash" = c.visitor_key AND s."is_unique") END
    ) AS converted
    FROM kept k JOIN change c ON c."campaign_id" = k."campaign_id" AND c.visitor_key = k."visitor_key"
    WHERE (k."leads" > 0) <> (k."leads" - c.delta > 0)
  )
  INSERT INTO "campaign_visitor_tally" AS t ("campaign_id", "shard", "converted")
  SELECT "campaign_id", (pg_backend_pid() % 32)::smallint, sum(converted) FROM flipped
  GROUP BY "campaign_id" HAVING sum(converted) <> 0
  ON CONFLICT ("campaign_id", "shard") DO UPDATE SET "converted" = t."converted" + excluded."converted";
END
$$;
--> statement-breakpoint
CREATE FUNCTION "visitor_lead_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "visitor_lead_change"(array_agg("scan_id"), array_agg(1)) FROM inserted WHERE "scan_id" IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "visitor_lead_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "visitor_lead_change"(array_agg("scan_id"), array_agg(-1)) FROM deleted WHERE "scan_id" IS NOT NULL HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only leads whose scan changed count. A scan deleted under its lead (never done by the app: scans
-- go only with their campaign) cannot be looked up any more; the scan trigger takes its unique
-- scan out of both terms.
CREATE FUNCTION "visitor_lead_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "visitor_lead_change"(array_agg(moved.scan_id), array_agg(moved.delta))
  FROM (
    SELECT a."scan_id", 1 AS delta FROM after_update a JOIN before_update b ON b."id" = a."id"
    WHERE a."scan_id" IS NOT NULL AND a."scan_id" IS DISTINCT FROM b."scan_id"
    UNION ALL
    SELECT b."scan_id", -1 FROM before_update b JOIN after_update a ON a."id" = b."id"
    WHERE b."scan_id" IS NOT NULL AND a."scan_id" IS DISTINCT FROM b."scan_id"
  ) moved
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "visitor_lead_on_insert" AFTER INSERT ON "lead"
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "visitor_lead_add"();
--> statement-breakpoint
CREATE TRIGGER "visitor_lead_on_delete" AFTER DELETE ON "lead"
REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "visitor_lead_remove"();
--> statement-breakpoint
CREATE TRIGGER "visitor_lead_on_update" AFTER UPDATE ON "lead"
REFERENCING OLD TABLE AS before_update NEW TABLE AS after_update FOR EACH STATEMENT EXECUTE FUNCTION "visitor_lead_move"();
--> statement-breakpoint
-- Every writer of scans (the batch, the free path, the seed) counts its unique scans here; a
-- unique scan of a visitor who already left a lead (two first loads at once) is converted at once.
CREATE FUNCTION "visitor_tally_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "campaign_visitor_tally" AS t ("campaign_id", "shard", "uniques", "converted")
  SELECT i."campaign_id", (pg_backend_pid() % 32)::smallint, count(*),
    count(*) FILTER (WHERE EXISTS (
      SELECT 1 FROM "visitor_lead" v WHERE v."campaign_id" = i."campaign_id" AND v."visitor_key" = i."visitor_hash" AND v."leads" > 0))
  FROM inserted i WHERE i."is_unique" GROUP BY i."campaign_id"
  ON CONFLICT ("campaign_id", "shard") DO UPDATE SET "uniques" = t."uniques" + excluded."uniques", "converted" = t."converted" + excluded."converted";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "visitor_tally_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "campaign_visitor_tally" AS t ("campaign_id", "shard", "uniques", "converted")
  SELECT d."campaign_id", (pg_backend_pid() % 32)::smallint, -count(*),
    -count(*) FILTER (WHERE EXISTS (
      SELECT 1 FROM "visitor_lead" v
      WHERE v."campaign_id" = d."campaign_id" AND v."visitor_key" = coalesce(d."visitor_hash", 'scan:' || d."id") AND v."leads" > 0))
  FROM deleted d WHERE d."is_unique" AND EXISTS (SELECT 1 FROM "campaign" k WHERE k."id" = d."campaign_id") GROUP BY d."campaign_id"
  ON CONFLICT ("campaign_id", "shard") DO UPDATE SET "uniques" = t."uniques" + excluded."uniques", "converted" = t."converted" + excluded."converted";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "visitor_tally_on_insert" AFTER INSERT ON "scan"
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "visitor_tally_add"();
--> statement-breakpoint
CREATE TRIGGER "visitor_tally_on_delete" AFTER DELETE ON "scan"
REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "visitor_tally_remove"();
--> statement-breakpoint
-- The figures of the data already there.
INSERT INTO "visitor_lead" ("campaign_id", "visitor_key", "leads")
SELECT s."campaign_id", coalesce(s."visitor_hash", 'scan:' || s."id"), count(*)
FROM "lead" l JOIN "scan" s ON s."id" = l."scan_id"
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "campaign_visitor_tally" ("campaign_id", "shard", "uniques", "converted")
SELECT s."campaign_id", 0, count(*),
  count(*) FILTER (WHERE EXISTS (
    SELECT 1 FROM "visitor_lead" v WHERE v."campaign_id" = s."campaign_id" AND v."visitor_key" = coalesce(s."visitor_hash", 'scan:' || s."id")))
FROM "scan" s WHERE s."is_unique"
GROUP BY 1;
