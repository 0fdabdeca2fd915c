-- A caseload's revision (0005) now also changes with what a student's detail
-- and the list show beside the student's own row: its clinical notes (with
-- their authors' names) and its latest assessment's level. The answers kept
-- by revision (the list, a student's detail) are then never stale.
CREATE FUNCTION "student_records_bump_caseloads"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "bump_caseload_revisions"(ARRAY(
			SELECT s."assigned_psychologist_id" FROM "students" s
			WHERE s."id" IN (SELECT "student_id" FROM new_rows)));
	ELSIF TG_OP = 'DELETE' THEN
		-- A student's deletion cascades here after its own row is gone; the
		-- students trigger bumps that caseload.
		PERFORM "bump_caseload_revisions"(ARRAY(
			SELECT s."assigned_psychologist_id" FROM "students" s
			WHERE s."id" IN (SELECT "student_id" FROM old_rows)));
	ELSE
		PERFORM "bump_caseload_revisions"(ARRAY(
			SELECT s."assigned_psychologist_id" FROM "students" s
			WHERE s."id" IN (SELECT "student_id" FROM new_rows UNION SELECT "student_id" FROM old_rows)));
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "clinical_notes_caseload_insert" AFTER INSERT ON "clinical_notes"
	REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "student_records_bump_caseloads"();
--> statement-breakpoint
CREATE TRIGGER "clinical_notes_caseload_update" AFTER UPDATE ON "clinical_notes"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "student_records_bump_caseloads"();
--> statement-breakpoint
CREATE TRIGGER "clinical_notes_caseload_delete" AFTER DELETE ON "clinical_notes"
	REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "student_records_bump_caseloads"();
--> statement-breakpoint
CREATE TRIGGER "suicide_assessments_caseload_insert" AFTER INSERT ON "suicide_assessments"
	REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "student_records_bump_caseloads"();
--> statement-breakpoint
CREATE TRIGGER "suicide_assessments_caseload_update" AFTER UPDATE ON "suicide_assessments"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "student_records_bump_caseloads"();
--> statement-breakpoint
CREATE TRIGGER "suicide_assessments_caseload_delete" AFTER DELETE ON "suicide_assessments"
	REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "student_records_bump_caseloads"();
--> statement-breakpoint
-- A note shows its author's name, and an author may write in caseloads that
-- are no longer (or never were) their own: a renamed user bumps those too.
CREATE OR REPLACE FUNCTION "users_bump_caseload"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "bump_caseload_revisions"(ARRAY[NEW."id"] || ARRAY(
		SELECT DISTINCT s."assigned_psychologist_id" FROM "clinical_notes" n
		JOIN "students" s ON s."id" = n."student_id"
		WHERE n."author_id" = NEW."id"));
	RETURN NULL;
END;
$$;
