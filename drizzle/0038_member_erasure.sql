-- A deleted sign-in leaves no address in other businesses' team records (docs/features/team.md,
-- "Erasure and retention"): the trail's entries that named it say "a deleted account", and
-- invitations sent to it go. Its redeems keep the name they were made under (`redeemed_by`,
-- text); `redeemed_by_user_id` is cleared by its foreign key. A trigger, so every way of deleting
-- a user (the account screen, an admin, the seed) does it.
CREATE FUNCTION "user_erase_team_traces"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "team_audit" SET "actor_email" = 'a deleted account' WHERE lower("actor_email") = lower(OLD."email");
  UPDATE "team_audit" SET "subject_email" = 'a deleted account' WHERE lower("subject_email") = lower(OLD."email");
  DELETE FROM "team_invite" WHERE "email" = lower(OLD."email");
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_erase_team_traces" BEFORE DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION "user_erase_team_traces"();
