-- Deleting a student with clinical records archives it (docs/data-model.md#archived-students,
-- docs/permissions.md#clinical-records): the delete used to cascade past the
-- append-only triggers of 0006, 0014 and 0015 (they let the foreign keys'
-- actions through), and took the signed notes, addenda, safety-plan revisions,
-- assessments and final remarks with it. Now no foreign key of a clinical
-- record cascades (RESTRICT), the database itself refuses to delete a
-- student who has any, an assessment is never deleted, and an archived
-- student comes back only by an administrator's audited restore.
ALTER TABLE "assessment_remarks" DROP CONSTRAINT "assessment_remarks_assessment_id_suicide_assessments_id_fk";
--> statement-breakpoint
ALTER TABLE "clinical_note_addenda" DROP CONSTRAINT "clinical_note_addenda_note_id_clinical_notes_id_fk";
--> statement-breakpoint
ALTER TABLE "clinical_notes" DROP CONSTRAINT "clinical_notes_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "safety_plan_revisions" DROP CONSTRAINT "safety_plan_revisions_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "suicide_assessments" DROP CONSTRAINT "suicide_assessments_student_id_students_id_fk";
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "archived_by_id" uuid;--> statement-breakpoint
ALTER TABLE "assessment_remarks" ADD CONSTRAINT "assessment_remarks_assessment_id_suicide_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."suicide_assessments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_note_addenda" ADD CONSTRAINT "clinical_note_addenda_note_id_clinical_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."clinical_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD CONSTRAINT "clinical_notes_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_plan_revisions" ADD CONSTRAINT "safety_plan_revisions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_archived_by_id_users_id_fk" FOREIGN KEY ("archived_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suicide_assessments" ADD CONSTRAINT "suicide_assessments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "students_archived_idx" ON "students" USING btree ("archived_at");--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_archived_unassigned_check" CHECK ("students"."archived_at" is null or "students"."assigned_psychologist_id" is null);
--> statement-breakpoint
-- What makes a student's file clinical: a note (a draft too), an assessment,
-- a safety plan, an appointment the student attended. Such a student is
-- archived, never deleted; the server asks the same question before
-- choosing (student-archive.queries.ts).
CREATE FUNCTION "student_has_clinical_records"("student" uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
	SELECT EXISTS (SELECT 1 FROM "clinical_notes" WHERE "student_id" = "student")
		OR EXISTS (SELECT 1 FROM "suicide_assessments" WHERE "student_id" = "student")
		OR EXISTS (SELECT 1 FROM "safety_plan_revisions" WHERE "student_id" = "student")
		OR EXISTS (SELECT 1 FROM "appointments" WHERE "student_id" = "student" AND "status" = 'ATTENDED')
$$;
--> statement-breakpoint
CREATE FUNCTION "students_refuse_clinical_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF OLD."archived_at" IS NOT NULL OR "student_has_clinical_records"(OLD."id") THEN
		RAISE EXCEPTION 'students: a student with clinical records is archived, not deleted'
			USING ERRCODE = 'insufficient_privilege',
			HINT = 'Archive the student: every record is kept.';
	END IF;
	RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "students_keep_clinical_records"
	BEFORE DELETE ON "students"
	FOR EACH ROW EXECUTE FUNCTION "students_refuse_clinical_delete"();
--> statement-breakpoint
-- A saved assessment is a clinical record: never deleted, whoever asks (the
-- server never does; 0013 already refuses changing one).
CREATE FUNCTION "suicide_assessments_refuse_delete"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'suicide_assessments: a saved assessment is never deleted'
		USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "suicide_assessments_never_deleted"
	BEFORE DELETE ON "suicide_assessments"
	FOR EACH ROW EXECUTE FUNCTION "suicide_assessments_refuse_delete"();
--> statement-breakpoint
-- An archived student is kept as it was: no change but the restore (the
-- archive's two columns cleared and a psychologist given, nothing else) and
-- the foreign keys' own actions (an account deleted clears its id).
CREATE FUNCTION "students_archived_unchanged"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	moving constant text[] := ARRAY['archived_at', 'archived_by_id', 'assigned_psychologist_id', 'created_by_id'];
BEGIN
	IF OLD."archived_at" IS NULL THEN
		RETURN NEW;
	END IF;
	IF (to_jsonb(NEW) - moving) IS DISTINCT FROM (to_jsonb(OLD) - moving)
		OR (NEW."created_by_id" IS DISTINCT FROM OLD."created_by_id" AND NEW."created_by_id" IS NOT NULL) THEN
		RAISE EXCEPTION 'students: an archived student is not changed'
			USING ERRCODE = 'insufficient_privilege',
			HINT = 'An administrator restores the student first.';
	END IF;
	IF NEW."archived_at" IS NOT NULL THEN
		-- Still archived: only an account's deletion may clear who archived it.
		IF NEW."archived_at" = OLD."archived_at" AND NEW."assigned_psychologist_id" IS NULL
			AND (NEW."archived_by_id" IS NOT DISTINCT FROM OLD."archived_by_id" OR NEW."archived_by_id" IS NULL) THEN
			RETURN NEW;
		END IF;
	ELSIF NEW."archived_by_id" IS NULL AND NEW."assigned_psychologist_id" IS NOT NULL THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'students: an archived student is only restored, to a psychologist'
		USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "students_archived_write_once"
	BEFORE UPDATE ON "students"
	FOR EACH ROW EXECUTE FUNCTION "students_archived_unchanged"();
--> statement-breakpoint
-- A restore commits only with its audit row ('student.restore', the
-- student's id, written by the same transaction): checked at commit, after
-- the row, which is the last statement of an audited write. The server's role
-- cannot bring a student back without the audit chain saying so.
CREATE FUNCTION "students_restore_audited"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF NOT EXISTS (
		SELECT 1 FROM "audit_log" a
		WHERE a."action" = 'student.restore' AND a."record_id" = NEW."id"::text
			AND a."outcome" = 'success' AND a."xmin" = pg_current_xact_id()::xid
	) THEN
		RAISE EXCEPTION 'students: a restore is written with its audit row'
			USING ERRCODE = 'insufficient_privilege';
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "students_restore_needs_audit"
	AFTER UPDATE ON "students"
	DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW
	WHEN (OLD."archived_at" IS NOT NULL AND NEW."archived_at" IS NULL)
	EXECUTE FUNCTION "students_restore_audited"();
