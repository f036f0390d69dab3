-- Scans partitioned by month on "timestamp" (docs/features/counting.md, "Partitions and retention").
-- The existing table is renamed `scan_history` and attached as the partition of everything before
-- its bound: no row is copied. A partitioned table's keys include the partition key, so the primary
-- key becomes (id, timestamp) and lead.scan_id keeps its value without a foreign key (its UNIQUE
-- constraint still makes it one lead per scan; the lead path reads the scan by id before storing).
--
-- Without downtime for capture: on PostgreSQL, `prepareScanPartitions` (app/db/scan-partitions.server.ts)
-- runs before this migration, outside its transaction, and leaves a validated CHECK ("timestamp" <
-- bound) and a unique (id, timestamp) index built CONCURRENTLY; with them every statement below
-- only changes the catalog. Without them (PGlite, or a database migrated some other way) they are
-- made here, under the table's lock: one scan of the table.
ALTER TABLE "lead" DROP CONSTRAINT IF EXISTS "lead_scan_id_scan_id_fk";--> statement-breakpoint
DROP TRIGGER IF EXISTS "visitor_tally_on_insert" ON "scan";--> statement-breakpoint
DROP TRIGGER IF EXISTS "visitor_tally_on_delete" ON "scan";--> statement-breakpoint
ALTER TABLE "scan" RENAME TO "scan_history";--> statement-breakpoint
ALTER INDEX "scan_campaign_analytics_idx" RENAME TO "scan_history_campaign_analytics_idx";--> statement-breakpoint
ALTER INDEX "scan_campaign_visitor_idx" RENAME TO "scan_history_campaign_visitor_idx";--> statement-breakpoint
CREATE TABLE "scan" (LIKE "scan_history" INCLUDING DEFAULTS, CONSTRAINT "scan_id_timestamp_pk" PRIMARY KEY ("id", "timestamp"))
  PARTITION BY RANGE ("timestamp");--> statement-breakpoint
ALTER TABLE "scan" ADD CONSTRAINT "scan_campaign_id_campaign_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaign"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan" ADD CONSTRAINT "scan_placement_id_placement_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placement"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_campaign_analytics_idx" ON "scan" USING btree ("campaign_id","timestamp","is_unique","source","placement_id","device_type","os");--> statement-breakpoint
CREATE INDEX "scan_campaign_visitor_idx" ON "scan" USING btree ("campaign_id","visitor_hash","timestamp");--> statement-breakpoint
-- Month partitions from the last partition's end (or this UTC month) up to `months` months ahead:
-- each made as a table of its own and attached, which takes no lock that stops inserts into "scan"
-- (CREATE TABLE … PARTITION OF would lock the whole table). Called by the migration and the
-- maintenance job; returns the partitions made.
CREATE FUNCTION "scan_partitions_ahead"(months integer) RETURNS text[] LANGUAGE plpgsql AS $$
DECLARE
  made text[] := '{}';
  m timestamptz;
  name text;
BEGIN
  PERFORM set_config('TimeZone', 'UTC', true);
  SELECT max((regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO \(''([^'']+)''\)'))[1]::timestamptz) INTO m
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = '"scan"'::regclass;
  m := greatest(m, date_trunc('month', now()));
  WHILE m <= date_trunc('month', now()) + make_interval(months => months) LOOP
    name := 'scan_' || to_char(m, 'YYYYMM');
    EXECUTE format('CREATE TABLE %I (LIKE "scan" INCLUDING DEFAULTS)', name);
    EXECUTE format('ALTER TABLE "scan" ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', name, m, m + interval '1 month');
    made := made || name;
    m := m + interval '1 month';
  END LOOP;
  RETURN made;
END
$$;--> statement-breakpoint
DO $$
DECLARE
  bound timestamptz;
BEGIN
  PERFORM set_config('TimeZone', 'UTC', true);
  SELECT substring(pg_get_constraintdef(oid) FROM '''([^'']+)''')::timestamptz INTO bound
    FROM pg_constraint WHERE conrelid = '"scan_history"'::regclass AND conname = 'scan_history_bound' AND convalidated;
  IF bound IS NULL THEN
    -- Rows of this month stay in scan_history; so would rows written in the next 7 days.
    bound := CASE WHEN EXISTS (SELECT 1 FROM "scan_history") THEN date_trunc('month', now() + interval '7 days') + interval '1 month'
      ELSE date_trunc('month', now()) END;
    ALTER TABLE "scan_history" DROP CONSTRAINT IF EXISTS "scan_history_bound";
    EXECUTE format('ALTER TABLE "scan_history" ADD CONSTRAINT "scan_history_bound" CHECK ("timestamp" < %L)', bound);
  END IF;
  IF to_regclass('"scan_history_id_timestamp_pk"') IS NULL THEN
    CREATE UNIQUE INDEX "scan_history_id_timestamp_pk" ON "scan_history" ("id", "timestamp");
  END IF;
  ALTER TABLE "scan_history" DROP CONSTRAINT "scan_pkey";
  ALTER TABLE "scan_history" ADD CONSTRAINT "scan_history_id_timestamp_pk" PRIMARY KEY USING INDEX "scan_history_id_timestamp_pk";
  EXECUTE format('ALTER TABLE "scan" ATTACH PARTITION "scan_history" FOR VALUES FROM (MINVALUE) TO (%L)', bound);
  -- The bound's check is the partition's own constraint now.
  ALTER TABLE "scan_history" DROP CONSTRAINT "scan_history_bound";
  PERFORM "scan_partitions_ahead"(2);
END
$$;--> statement-breakpoint
CREATE TRIGGER "visitor_tally_on_insert" AFTER INSERT ON "scan"
REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "visitor_tally_add"();--> statement-breakpoint
CREATE TRIGGER "visitor_tally_on_delete" AFTER DELETE ON "scan"
REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "visitor_tally_remove"();
