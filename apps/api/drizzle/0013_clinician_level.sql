-- The clinician's level of a saved assessment (issue 19 §1,
-- docs/columbia-assessment.md#clinicians-level): the author's own judgement
-- with its reason, beside the engine's level, which stays as it was stored.
ALTER TABLE "suicide_assessments" ADD COLUMN "clinician_level" text;--> statement-breakpoint
ALTER TABLE "suicide_assessments" ADD COLUMN "clinician_reason" text;--> statement-breakpoint
ALTER TABLE "suicide_assessments" ADD COLUMN "clinician_level_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "suicide_assessments" ADD COLUMN "clinician_level_by" uuid;--> statement-breakpoint
ALTER TABLE "suicide_assessments" ADD CONSTRAINT "suicide_assessments_clinician_level_by_users_id_fk" FOREIGN KEY ("clinician_level_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suicide_assessments" ADD CONSTRAINT "suicide_assessments_clinician_level_check" CHECK ("suicide_assessments"."clinician_level" is null or "suicide_assessments"."clinician_level" in ('NO_APLICA', 'MUY_ALTO', 'ALTO', 'MODERADO', 'BAJO', 'INDETERMINADO'));--> statement-breakpoint
-- All or nothing: a level always comes with its reason and its moment.
ALTER TABLE "suicide_assessments" ADD CONSTRAINT "suicide_assessments_clinician_level_complete_check" CHECK (("suicide_assessments"."clinician_level" is null and "suicide_assessments"."clinician_reason" is null and "suicide_assessments"."clinician_level_at" is null and "suicide_assessments"."clinician_level_by" is null) or ("suicide_assessments"."clinician_level" is not null and "suicide_assessments"."clinician_reason" is not null and "suicide_assessments"."clinician_level_at" is not null));--> statement-breakpoint
ALTER TABLE "suicide_assessments" ADD CONSTRAINT "suicide_assessments_clinician_reason_length_check" CHECK ("suicide_assessments"."clinician_reason" is null or char_length("suicide_assessments"."clinician_reason") between 1 and 2000);--> statement-breakpoint
-- A saved assessment is a clinical record: the server's role (which may
-- UPDATE the table, app-role.ts) may only ever fill in the clinician's level,
-- once. Nothing else of the row changes, and a recorded level is never
-- changed or cleared. Only the foreign keys' own actions (run by a trigger,
-- so one level deeper) may touch a row otherwise: deleting an account clears
-- `author_id` or `clinician_level_by` and nothing else.
CREATE FUNCTION "suicide_assessments_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."id" IS DISTINCT FROM OLD."id"
		OR NEW."student_id" IS DISTINCT FROM OLD."student_id"
		OR NEW."answers" IS DISTINCT FROM OLD."answers"
		OR NEW."risk_level" IS DISTINCT FROM OLD."risk_level"
		OR NEW."created_at" IS DISTINCT FROM OLD."created_at" THEN
		RAISE EXCEPTION 'suicide_assessments: a saved assessment is not changed'
			USING ERRCODE = 'insufficient_privilege',
			HINT = 'Only the clinician''s level may be recorded, once.';
	END IF;
	IF pg_trigger_depth() > 1 THEN
		IF (NEW."author_id" IS NOT DISTINCT FROM OLD."author_id" OR NEW."author_id" IS NULL)
			AND (NEW."clinician_level_by" IS NOT DISTINCT FROM OLD."clinician_level_by" OR NEW."clinician_level_by" IS NULL)
			AND NEW."clinician_level" IS NOT DISTINCT FROM OLD."clinician_level"
			AND NEW."clinician_reason" IS NOT DISTINCT FROM OLD."clinician_reason"
			AND NEW."clinician_level_at" IS NOT DISTINCT FROM OLD."clinician_level_at" THEN
			RETURN NEW;
		END IF;
	END IF;
	IF NEW."author_id" IS DISTINCT FROM OLD."author_id" THEN
		RAISE EXCEPTION 'suicide_assessments: a saved assessment is not changed'
			USING ERRCODE = 'insufficient_privilege',
			HINT = 'Only the clinician''s level may be recorded, once.';
	END IF;
	IF OLD."clinician_level" IS NOT NULL AND (
		NEW."clinician_level" IS DISTINCT FROM OLD."clinician_level"
		OR NEW."clinician_reason" IS DISTINCT FROM OLD."clinician_reason"
		OR NEW."clinician_level_at" IS DISTINCT FROM OLD."clinician_level_at"
		OR NEW."clinician_level_by" IS DISTINCT FROM OLD."clinician_level_by") THEN
		RAISE EXCEPTION 'suicide_assessments: the clinician''s level is recorded once'
			USING ERRCODE = 'insufficient_privilege',
			HINT = 'A recorded clinician''s level is never changed.';
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "suicide_assessments_write_once"
	BEFORE UPDATE ON "suicide_assessments"
	FOR EACH ROW EXECUTE FUNCTION "suicide_assessments_refuse_change"();
