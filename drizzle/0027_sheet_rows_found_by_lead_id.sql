-- Google Sheets rows are found by the Lead ID they carry (docs/features/lead-sync.md, "Google
-- Sheets"). A row written before kept only its position, which staff and Sheets' own appends move:
-- each such copy gets the md5 of its lead's address (as Mailchimp's member key is), so an erasure
-- that comes before the row is re-keyed can still tell that row from the others, and a push is
-- queued for each, which writes the Lead ID into the row it finds for certain.
UPDATE sync_record r SET remote_row = r.remote_row || '#' || md5(lower(trim(l.email)))
  FROM lead l, sync_connection c
 WHERE l.id = r.lead_id AND c.id = r.connection_id AND c.provider = 'google_sheets'
   AND r.remote_row NOT LIKE 'id:%' AND r.remote_row NOT LIKE '%#%';
--> statement-breakpoint
INSERT INTO sync_job (connection_id, lead_id, action)
  SELECT r.connection_id, r.lead_id, 'push'
    FROM sync_record r JOIN sync_connection c ON c.id = r.connection_id
   WHERE c.provider = 'google_sheets' AND r.remote_row NOT LIKE 'id:%';
