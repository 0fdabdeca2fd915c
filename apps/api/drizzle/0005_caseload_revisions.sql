CREATE TABLE "caseload_revisions" (
	"psychologist_id" uuid PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
-- One sequence for every caseload: a revision number is never given twice,
-- so a cached answer can never be mistaken for a later state.
CREATE SEQUENCE "caseload_revision_seq";
--> statement-breakpoint
CREATE FUNCTION "bump_caseload_revisions"(psychologist_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
	INSERT INTO "caseload_revisions" ("psychologist_id", "revision")
	SELECT id, nextval('caseload_revision_seq')
	FROM (SELECT DISTINCT id FROM unnest(psychologist_ids) AS id WHERE id IS NOT NULL) AS ids
	-- a fixed order, so two imports at once lock the rows alike (no deadlock)
	ORDER BY id
	ON CONFLICT ("psychologist_id") DO UPDATE SET "revision" = excluded."revision";
$$;
--> statement-breakpoint
-- Statement-level, with transition tables: an import of 5,000 students bumps
-- each caseload once, not 5,000 times.
CREATE FUNCTION "students_bump_caseloads"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "bump_caseload_revisions"(ARRAY(SELECT DISTINCT "assigned_psychologist_id" FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "bump_caseload_revisions"(ARRAY(SELECT DISTINCT "assigned_psychologist_id" FROM old_rows));
	ELSE
		PERFORM "bump_caseload_revisions"(ARRAY(
			SELECT "assigned_psychologist_id" FROM new_rows
			UNION SELECT "assigned_psychologist_id" FROM old_rows));
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "students_caseload_insert" AFTER INSERT ON "students"
	REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "students_bump_caseloads"();
--> statement-breakpoint
CREATE TRIGGER "students_caseload_update" AFTER UPDATE ON "students"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "students_bump_caseloads"();
--> statement-breakpoint
CREATE TRIGGER "students_caseload_delete" AFTER DELETE ON "students"
	REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "students_bump_caseloads"();
--> statement-breakpoint
-- The list shows the psychologist's own name and e-mail with each student.
CREATE FUNCTION "users_bump_caseload"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "bump_caseload_revisions"(ARRAY[NEW."id"]);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_caseload_update" AFTER UPDATE OF "first_name", "last_name", "email" ON "users"
	FOR EACH ROW
	WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name"
		OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
		OR OLD."email" IS DISTINCT FROM NEW."email")
	EXECUTE FUNCTION "users_bump_caseload"();
