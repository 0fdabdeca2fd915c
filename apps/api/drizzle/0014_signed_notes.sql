-- Signed clinical notes and their addenda (issue 19 §4,
-- docs/data-model.md#clinical-note): a note is a draft until its author signs
-- it; a signed note is never changed or removed, only completed with addenda.
CREATE TABLE "clinical_note_addenda" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinical_note_addenda_text_length_check" CHECK (char_length("clinical_note_addenda"."text") <= 20000)
);
--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD COLUMN "signed_by" uuid;--> statement-breakpoint
ALTER TABLE "clinical_note_addenda" ADD CONSTRAINT "clinical_note_addenda_note_id_clinical_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."clinical_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_note_addenda" ADD CONSTRAINT "clinical_note_addenda_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinical_note_addenda_note_created_idx" ON "clinical_note_addenda" USING btree ("note_id","created_at");--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD CONSTRAINT "clinical_notes_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- A signed note is a clinical record: the server's role (which may UPDATE and
-- DELETE this table, app-role.ts) may change or delete a draft, never a
-- signed note. Only the foreign keys' own actions (run by a trigger, so one
-- level deeper) may touch a signed note: deleting its student removes it
-- (deleting a student deletes its notes, docs/permissions.md#clinical-records),
-- and deleting its author's or signer's account clears `author_id` or
-- `signed_by` and nothing else.
CREATE FUNCTION "clinical_notes_refuse_signed_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER "clinical_notes_signed_write_once"
	BEFORE UPDATE OR DELETE ON "clinical_notes"
	FOR EACH ROW EXECUTE FUNCTION "clinical_notes_refuse_signed_change"();
--> statement-breakpoint
-- Addenda are append-only, as final remarks are (0006): only the foreign
-- keys' actions may remove them (the note's student deleted) or clear their
-- `author_id` (the author's account deleted).
CREATE FUNCTION "clinical_note_addenda_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER "clinical_note_addenda_append_only"
	BEFORE UPDATE OR DELETE ON "clinical_note_addenda"
	FOR EACH ROW EXECUTE FUNCTION "clinical_note_addenda_refuse_change"();
--> statement-breakpoint
-- A student's detail, kept by its caseload's revision (0009), shows each
-- note's addenda: a new one bumps that caseload, as a note does.
CREATE FUNCTION "clinical_note_addenda_bump_caseloads"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "bump_caseload_revisions"(ARRAY(
		SELECT s."assigned_psychologist_id" FROM "clinical_notes" n
		JOIN "students" s ON s."id" = n."student_id"
		WHERE n."id" IN (SELECT "note_id" FROM new_rows)));
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "clinical_note_addenda_caseload_insert" AFTER INSERT ON "clinical_note_addenda"
	REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "clinical_note_addenda_bump_caseloads"();
