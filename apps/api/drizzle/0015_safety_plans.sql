-- Safety plans (issue 19 §2, docs/data-model.md#safety-plan): one row per
-- revision, after Stanley and Brown's sections; the plan in force is the
-- student's highest version, and every earlier revision stays readable.
CREATE TABLE "safety_plan_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"warning_signs" text DEFAULT '' NOT NULL,
	"coping_strategies" text DEFAULT '' NOT NULL,
	"social_distractions" text DEFAULT '' NOT NULL,
	"help_contacts" text DEFAULT '' NOT NULL,
	"professional_contacts" text DEFAULT '' NOT NULL,
	"safe_environment" text DEFAULT '' NOT NULL,
	"reason_for_living" text DEFAULT '' NOT NULL,
	"assessment_id" uuid,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safety_plan_revisions_version_check" CHECK ("safety_plan_revisions"."version" >= 1),
	CONSTRAINT "safety_plan_revisions_status_check" CHECK ("safety_plan_revisions"."status" in ('draft', 'complete')),
	CONSTRAINT "safety_plan_revisions_sections_length_check" CHECK (char_length("safety_plan_revisions"."warning_signs") <= 4000 and char_length("safety_plan_revisions"."coping_strategies") <= 4000 and char_length("safety_plan_revisions"."social_distractions") <= 4000 and char_length("safety_plan_revisions"."help_contacts") <= 4000 and char_length("safety_plan_revisions"."professional_contacts") <= 4000 and char_length("safety_plan_revisions"."safe_environment") <= 4000 and char_length("safety_plan_revisions"."reason_for_living") <= 4000)
);
--> statement-breakpoint
ALTER TABLE "safety_plan_revisions" ADD CONSTRAINT "safety_plan_revisions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_plan_revisions" ADD CONSTRAINT "safety_plan_revisions_assessment_id_suicide_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."suicide_assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_plan_revisions" ADD CONSTRAINT "safety_plan_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "safety_plan_revisions_student_version_idx" ON "safety_plan_revisions" USING btree ("student_id","version");
--> statement-breakpoint
-- Revisions are append-only, as addenda are (0014): only the foreign keys'
-- actions may remove them (the student deleted) or clear `author_id` (the
-- author's account deleted) or `assessment_id` (its assessment deleted).
CREATE FUNCTION "safety_plan_revisions_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER "safety_plan_revisions_append_only"
	BEFORE UPDATE OR DELETE ON "safety_plan_revisions"
	FOR EACH ROW EXECUTE FUNCTION "safety_plan_revisions_refuse_change"();
--> statement-breakpoint
-- A student's detail, kept by its caseload's revision (0009), shows the plan:
-- a new revision bumps that caseload, as a note does.
CREATE FUNCTION "safety_plan_revisions_bump_caseloads"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "bump_caseload_revisions"(ARRAY(
		SELECT s."assigned_psychologist_id" FROM "students" s
		WHERE s."id" IN (SELECT "student_id" FROM new_rows)));
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "safety_plan_revisions_caseload_insert" AFTER INSERT ON "safety_plan_revisions"
	REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "safety_plan_revisions_bump_caseloads"();
