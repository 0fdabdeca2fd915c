-- Each server process keeps the sessions it has just checked for a few
-- seconds (plugins/auth/session-cache.ts). Whatever can end a session or
-- change who its user is — a sign-out, an account deactivated or changed,
-- a password reset, an operator's own statement in psql — tells every
-- process to forget them, in the committing transaction: PostgreSQL delivers
-- the notice on commit, to every process listening.
CREATE FUNCTION "sessions_notify_change"() RETURNS trigger
	LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('psicocampus_sessions', '');
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A session's own touch (last_seen_at) is not a change of who may use it.
CREATE TRIGGER "sessions_notify_end"
	AFTER UPDATE ON "sessions"
	FOR EACH ROW
	WHEN (OLD."ended_at" IS DISTINCT FROM NEW."ended_at"
		OR OLD."expires_at" IS DISTINCT FROM NEW."expires_at"
		OR OLD."user_id" IS DISTINCT FROM NEW."user_id"
		OR OLD."token_hash" IS DISTINCT FROM NEW."token_hash")
	EXECUTE FUNCTION "sessions_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_notify_delete"
	AFTER DELETE OR TRUNCATE ON "sessions"
	FOR EACH STATEMENT EXECUTE FUNCTION "sessions_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "users_notify_change"
	AFTER UPDATE OR DELETE OR TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "sessions_notify_change"();
