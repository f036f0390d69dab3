-- Decision 323: a batch of common leads is written by one statement (data-modifying CTEs, its own
-- transaction). When a drawn offer code or claimant was taken since the leads were read, the
-- whole statement must fail so each lead is stored alone; this is how the statement says so.
CREATE OR REPLACE FUNCTION lead_batch_abort(reason text) RETURNS boolean
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION USING MESSAGE = reason, ERRCODE = 'P0001', HINT = 'lead batch';
END
$$;
