-- A database that ran the server between migration 0006 and this one may hold
-- remarks the old code still wrote into the column: each becomes an entry
-- before the column goes (the text that was there when 0006 ran is already one).
INSERT INTO "assessment_remarks" ("assessment_id", "author_id", "text", "created_at")
SELECT a."id", a."author_id", a."final_remarks", coalesce(a."final_remarks_at", a."created_at")
FROM "suicide_assessments" a
WHERE a."final_remarks" <> ''
	AND NOT EXISTS (
		SELECT 1 FROM "assessment_remarks" r
		WHERE r."assessment_id" = a."id" AND r."text" = a."final_remarks"
	);
--> statement-breakpoint
ALTER TABLE "suicide_assessments" DROP COLUMN "final_remarks";--> statement-breakpoint
ALTER TABLE "suicide_assessments" DROP COLUMN "final_remarks_at";
--> statement-breakpoint
-- TRUNCATE runs no row trigger: refused as the audit log refuses it (0003),
-- so that no statement empties the remarks at once, cascading or not.
CREATE TRIGGER "assessment_remarks_no_truncate"
	BEFORE TRUNCATE ON "assessment_remarks"
	FOR EACH STATEMENT EXECUTE FUNCTION "assessment_remarks_refuse_change"();
