-- The audit log is append-only in the database itself (docs/permissions.md#audit-log): no
-- code path, console session or bug can rewrite or erase the trail. Only a
-- superuser who drops these triggers on purpose could.
CREATE FUNCTION "audit_log_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
		USING ERRCODE = 'insufficient_privilege',
		HINT = 'Audit entries can only be inserted.';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete"
	BEFORE UPDATE OR DELETE ON "audit_log"
	FOR EACH ROW EXECUTE FUNCTION "audit_log_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate"
	BEFORE TRUNCATE ON "audit_log"
	FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
