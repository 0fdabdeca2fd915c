-- An audit row may say 'missing' (docs/permissions.md#audit-log): a request for a record that
-- does not exist (a student deleted a moment before) refused no one, so it is not 'denied'.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_outcome_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_outcome_check" CHECK ("audit_log"."outcome" in ('success', 'denied', 'missing', 'invalid', 'error'));
