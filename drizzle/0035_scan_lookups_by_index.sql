-- A scan looked up by its id alone, on the partitioned `scan` (0033): joined as a set, the planner
-- hashes a whole month's partition for a handful of ids (a lead's trigger spent 17 ms on 10 leads,
-- and PostgreSQL's CPU per lead went from 0.6 to 2.6 ms under a surge). One probe per id, newest
-- partition first, stopping at the first hit: the primary key (id, timestamp) of each partition.
-- docs/features/counting.md, "Partitions and retention".
CREATE OR REPLACE FUNCTION "visitor_lead_change"(scan_ids uuid[], deltas integer[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  WITH change AS (
    SELECT s."campaign_id", coalesce(s."visitor_hash", 'scan:' || s."id") AS visitor_key, s."visitor_hash" IS NULL AS by_scan,
      (array_agg(s."id"))[1] AS scan_id, bool_or(s."is_unique") AS scan_unique, sum(c.delta)::int AS delta
    FROM unnest(scan_ids, deltas) AS c(scan_id, delta)
    CROSS JOIN LATERAL (
      SELECT x."id", x."campaign_id", x."visitor_hash", x."is_unique" FROM "scan" x
      WHERE x."id" = c.scan_id ORDER BY x."timestamp" DESC LIMIT 1
    ) s
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
      CASE WHEN c.by_scan THEN (CASE WHEN c.scan_unique THEN 1 ELSE 0 END)
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
