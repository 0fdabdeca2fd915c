-- Retention and purge (docs/data-model.md#retention-and-purge): what purged
-- students gave the statistics, counted per quarter hour of UTC (why: the
-- comment on `purgedStatistics` in src/db/schema.ts), and the owner's narrow
-- way past the append-only triggers for `npm run purge`.
CREATE TABLE "purged_statistics" (
	"kind" text NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "purged_statistics_kind_status_period_start_pk" PRIMARY KEY("kind","status","period_start"),
	CONSTRAINT "purged_statistics_kind_check" CHECK ("purged_statistics"."kind" in ('assessment', 'appointment')),
	CONSTRAINT "purged_statistics_count_check" CHECK ("purged_statistics"."count" > 0)
);

--> statement-breakpoint
-- Retention and purge (docs/data-model.md#retention-and-purge,
-- docs/decisions.md#retention-and-purge): an archived student whose record
-- is past the service's retention is removed for good by `npm run purge`,
-- run as the schema's owner. The append-only triggers (0006, 0014, 0015,
-- 0019) refuse those deletes to everyone, and must keep refusing them to the
-- server's role; disabling them (the owner could) would also switch off the
-- audit chain's trigger. So the purge gets a narrow door of its own instead,
-- as keepGivenTimes does for times (0018): a transaction that names one
-- student in `psicocampus.purge_student`, run by the tables' owner (or a
-- superuser), may delete that student's records, only if the student is
-- archived. The server's role setting it changes nothing.
--
-- Whether the current role acts as the owner of a table: the owner itself, a
-- member of it, or a superuser; never the server's role (app-role.ts).
CREATE FUNCTION "acts_as_owner"("table_oid" oid) RETURNS boolean
LANGUAGE sql STABLE AS $$
	SELECT pg_has_role(current_user, c."relowner", 'USAGE')
	FROM pg_catalog.pg_class c WHERE c."oid" = "table_oid"
$$;
--> statement-breakpoint
CREATE FUNCTION "purge_permits"("student" uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
	SELECT "student" IS NOT NULL
		AND coalesce(current_setting('psicocampus.purge_student', true), '') = "student"::text
		AND coalesce("acts_as_owner"('"public"."students"'::regclass), false)
		AND EXISTS (SELECT 1 FROM "public"."students" s
			WHERE s."id" = "student" AND s."archived_at" IS NOT NULL)
$$;
--> statement-breakpoint
-- The refusals of 0019, 0014, 0015 and 0006, each with the purge's door first;
-- otherwise exactly as they were.
CREATE OR REPLACE FUNCTION "students_refuse_clinical_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF "purge_permits"(OLD."id") THEN
		RETURN OLD;
	END IF;
	IF OLD."archived_at" IS NOT NULL OR "student_has_clinical_records"(OLD."id") THEN
		RAISE EXCEPTION 'students: a student with clinical records is archived, not deleted'
			USING ERRCODE = 'insufficient_privilege',
			HINT = 'Archive the student: every record is kept.';
	END IF;
	RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "suicide_assessments_refuse_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF "purge_permits"(OLD."student_id") THEN
		RETURN OLD;
	END IF;
	RAISE EXCEPTION 'suicide_assessments: a saved assessment is never deleted'
		USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "clinical_notes_refuse_signed_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND "purge_permits"(OLD."student_id") THEN
		RETURN OLD;
	END IF;
	IF OLD."signed_at" IS NULL THEN
		IF TG_OP = 'DELETE' THEN
			RETURN OLD;
		END IF;
		RETURN NEW;
	END IF;
	IF pg_trigger_depth() > 1 THEN
		IF TG_OP = 'DELETE' THEN
			RETURN OLD;
		END IF;
		IF NEW."id" = OLD."id" AND NEW."student_id" = OLD."student_id"
			AND NEW."note" = OLD."note" AND NEW."version" = OLD."version"
			AND NEW."created_at" = OLD."created_at" AND NEW."updated_at" = OLD."updated_at"
			AND NEW."signed_at" IS NOT DISTINCT FROM OLD."signed_at"
			AND (NEW."author_id" IS NOT DISTINCT FROM OLD."author_id" OR NEW."author_id" IS NULL)
			AND (NEW."signed_by" IS NOT DISTINCT FROM OLD."signed_by" OR NEW."signed_by" IS NULL) THEN
			RETURN NEW;
		END IF;
	END IF;
	RAISE EXCEPTION 'clinical_notes: a signed note is not changed (% refused)', TG_OP
		USING ERRCODE = 'insufficient_privilege',
		HINT = 'Corrections to a signed note are addenda.';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "clinical_note_addenda_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND "purge_permits"(
		(SELECT n."student_id" FROM "public"."clinical_notes" n WHERE n."id" = OLD."note_id")) THEN
		RETURN OLD;
	END IF;
	IF pg_trigger_depth() > 1 THEN
		IF TG_OP = 'DELETE' THEN
			RETURN OLD;
		END IF;
		IF TG_OP = 'UPDATE' AND NEW."author_id" IS NULL
			AND NEW."id" = OLD."id" AND NEW."note_id" = OLD."note_id"
			AND NEW."text" = OLD."text" AND NEW."created_at" = OLD."created_at" THEN
			RETURN NEW;
		END IF;
	END IF;
	RAISE EXCEPTION 'clinical_note_addenda is append-only: % is not allowed', TG_OP
		USING ERRCODE = 'insufficient_privilege',
		HINT = 'Addenda can only be added.';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "assessment_remarks_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND "purge_permits"(
		(SELECT a."student_id" FROM "public"."suicide_assessments" a WHERE a."id" = OLD."assessment_id")) THEN
		RETURN OLD;
	END IF;
	IF pg_trigger_depth() > 1 THEN
		IF TG_OP = 'DELETE' THEN
			RETURN OLD;
		END IF;
		IF TG_OP = 'UPDATE' AND NEW."author_id" IS NULL
			AND NEW."id" = OLD."id" AND NEW."assessment_id" = OLD."assessment_id"
			AND NEW."text" = OLD."text" AND NEW."created_at" = OLD."created_at" THEN
			RETURN NEW;
		END IF;
	END IF;
	RAISE EXCEPTION 'assessment_remarks is append-only: % is not allowed', TG_OP
		USING ERRCODE = 'insufficient_privilege',
		HINT = 'Final remarks can only be added.';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "safety_plan_revisions_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' AND "purge_permits"(OLD."student_id") THEN
		RETURN OLD;
	END IF;
	IF pg_trigger_depth() > 1 THEN
		IF TG_OP = 'DELETE' THEN
			RETURN OLD;
		END IF;
		IF TG_OP = 'UPDATE'
			AND (NEW."author_id" IS NOT DISTINCT FROM OLD."author_id" OR NEW."author_id" IS NULL)
			AND (NEW."assessment_id" IS NOT DISTINCT FROM OLD."assessment_id" OR NEW."assessment_id" IS NULL)
			AND NEW."id" = OLD."id" AND NEW."student_id" = OLD."student_id"
			AND NEW."version" = OLD."version" AND NEW."status" = OLD."status"
			AND NEW."warning_signs" = OLD."warning_signs"
			AND NEW."coping_strategies" = OLD."coping_strategies"
			AND NEW."social_distractions" = OLD."social_distractions"
			AND NEW."help_contacts" = OLD."help_contacts"
			AND NEW."professional_contacts" = OLD."professional_contacts"
			AND NEW."safe_environment" = OLD."safe_environment"
			AND NEW."reason_for_living" = OLD."reason_for_living"
			AND NEW."created_at" = OLD."created_at" THEN
			RETURN NEW;
		END IF;
	END IF;
	RAISE EXCEPTION 'safety_plan_revisions is append-only: % is not allowed', TG_OP
		USING ERRCODE = 'insufficient_privilege',
		HINT = 'A change to a safety plan is a new revision.';
END;
$$;
--> statement-breakpoint
-- A purge commits only with its audit row ('student.purge' for that student,
-- written by the same transaction), as a restore does (0019): checked at
-- commit. Only an archived student is ever deleted with records, so the
-- check is on those.
CREATE FUNCTION "students_purge_audited"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM "audit_log" a
		WHERE a."action" = 'student.purge' AND a."record_id" = OLD."id"::text
			AND a."outcome" = 'success' AND a."xmin" = pg_current_xact_id()::xid
	) THEN
		RAISE EXCEPTION 'students: a purge is written with its audit row'
			USING ERRCODE = 'insufficient_privilege';
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "students_purge_needs_audit"
	AFTER DELETE ON "students"
	DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW
	WHEN (OLD."archived_at" IS NOT NULL)
	EXECUTE FUNCTION "students_purge_audited"();
--> statement-breakpoint
-- The purged students' statistics are the purge's to write: the server's
-- role reads them, and cannot add, change or remove a count (the statistics
-- would no longer be those of what was done).
CREATE FUNCTION "purged_statistics_owner_only"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF coalesce("acts_as_owner"(TG_RELID), false) THEN
		IF TG_OP = 'DELETE' THEN
			RETURN OLD;
		END IF;
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'purged_statistics: only the purge, as the schema''s owner, writes it (% refused)', TG_OP
		USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "purged_statistics_owner_writes"
	BEFORE INSERT OR UPDATE OR DELETE ON "purged_statistics"
	FOR EACH ROW EXECUTE FUNCTION "purged_statistics_owner_only"();
--> statement-breakpoint
CREATE TRIGGER "purged_statistics_owner_truncates"
	BEFORE TRUNCATE ON "purged_statistics"
	FOR EACH STATEMENT EXECUTE FUNCTION "purged_statistics_owner_only"();
