-- Clinical texts sealed at rest (docs/decisions.md#clinical-texts-sealed-at-rest,
-- src/security/clinical-texts.ts): the server seals every clinical free text
-- with AES-256-GCM before it reaches the database, so the database holds
-- `c1:<key id>:<base64>` where it held the text.
--
-- The length of a text, sealed or not: the bytes of its UTF-8, which the
-- sealed form keeps (base64 of 12 bytes of nonce, 16 of tag and the text's
-- bytes, after the 12 characters of `c1:<key id>:`). The limits the
-- database holds are these bytes: four per character at most, so a note of
-- 20,000 characters (the schema's limit) is at most 80,000 bytes.
CREATE FUNCTION "clinical_text_length"("stored" text) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT AS $$
	SELECT CASE WHEN "stored" ~ '^c1:[0-9a-f]{8}:'
		THEN greatest(octet_length(decode(substr("stored", 13), 'base64')) - 28, 0)
		ELSE octet_length("stored") END
$$;
--> statement-breakpoint
ALTER TABLE "assessment_remarks" DROP CONSTRAINT "assessment_remarks_text_length_check";
--> statement-breakpoint
ALTER TABLE "clinical_note_addenda" DROP CONSTRAINT "clinical_note_addenda_text_length_check";
--> statement-breakpoint
ALTER TABLE "clinical_notes" DROP CONSTRAINT "clinical_notes_note_length_check";
--> statement-breakpoint
ALTER TABLE "safety_plan_revisions" DROP CONSTRAINT "safety_plan_revisions_sections_length_check";
--> statement-breakpoint
ALTER TABLE "suicide_assessments" DROP CONSTRAINT "suicide_assessments_clinician_reason_length_check";
--> statement-breakpoint
ALTER TABLE "assessment_remarks" ADD CONSTRAINT "assessment_remarks_text_length_check" CHECK (clinical_text_length("assessment_remarks"."text") <= 80000);
--> statement-breakpoint
ALTER TABLE "clinical_note_addenda" ADD CONSTRAINT "clinical_note_addenda_text_length_check" CHECK (clinical_text_length("clinical_note_addenda"."text") <= 80000);
--> statement-breakpoint
ALTER TABLE "clinical_notes" ADD CONSTRAINT "clinical_notes_note_length_check" CHECK (clinical_text_length("clinical_notes"."note") <= 80000);
--> statement-breakpoint
ALTER TABLE "safety_plan_revisions" ADD CONSTRAINT "safety_plan_revisions_sections_length_check" CHECK (clinical_text_length("safety_plan_revisions"."warning_signs") <= 16000 and clinical_text_length("safety_plan_revisions"."coping_strategies") <= 16000 and clinical_text_length("safety_plan_revisions"."social_distractions") <= 16000 and clinical_text_length("safety_plan_revisions"."help_contacts") <= 16000 and clinical_text_length("safety_plan_revisions"."professional_contacts") <= 16000 and clinical_text_length("safety_plan_revisions"."safe_environment") <= 16000 and clinical_text_length("safety_plan_revisions"."reason_for_living") <= 16000);
--> statement-breakpoint
ALTER TABLE "suicide_assessments" ADD CONSTRAINT "suicide_assessments_clinician_reason_length_check" CHECK ("suicide_assessments"."clinician_reason" is null or clinical_text_length("suicide_assessments"."clinician_reason") between 1 and 8000);

--> statement-breakpoint
-- The reseal's door (`npm run rotate-key`, and the first start that seals
-- texts written in clear before this version): the append-only triggers
-- refuse every change to a signed note, an addendum, a remark, an
-- assessment or a plan revision, and must keep refusing them to the server's
-- role. A new key, though, rewrites each sealed value as the same text
-- under the new key. So, as for the purge (0020), a narrow door: a
-- transaction that sets `psicocampus.reseal` to 'on', run by the tables'
-- owner (or a superuser), may change the sealed columns of a row and
-- nothing else of it. The database cannot see that the text is the same;
-- the owner's role, which could as well drop the triggers, is trusted with
-- that, and the server's role setting the flag changes nothing.
CREATE FUNCTION "reseal_permits"("table_oid" oid, "old_row" jsonb, "new_row" jsonb, "sealed" text[])
RETURNS boolean
LANGUAGE sql STABLE AS $$
	SELECT coalesce(current_setting('psicocampus.reseal', true), '') = 'on'
		AND coalesce("acts_as_owner"("table_oid"), false)
		AND ("old_row" - "sealed") = ("new_row" - "sealed")
$$;
--> statement-breakpoint
-- The refusals of 0020 and 0013, each with the reseal's door first;
-- otherwise exactly as they were.
CREATE OR REPLACE FUNCTION "clinical_notes_refuse_signed_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND "reseal_permits"(TG_RELID, to_jsonb(OLD), to_jsonb(NEW), ARRAY['note']) THEN
		RETURN NEW;
	END IF;
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
	IF TG_OP = 'UPDATE' AND "reseal_permits"(TG_RELID, to_jsonb(OLD), to_jsonb(NEW), ARRAY['text']) THEN
		RETURN NEW;
	END IF;
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
	IF TG_OP = 'UPDATE' AND "reseal_permits"(TG_RELID, to_jsonb(OLD), to_jsonb(NEW), ARRAY['text']) THEN
		RETURN NEW;
	END IF;
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
	IF TG_OP = 'UPDATE' AND "reseal_permits"(TG_RELID, to_jsonb(OLD), to_jsonb(NEW), ARRAY['warning_signs', 'coping_strategies', 'social_distractions', 'help_contacts', 'professional_contacts', 'safe_environment', 'reason_for_living']) THEN
		RETURN NEW;
	END IF;
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
CREATE OR REPLACE FUNCTION "suicide_assessments_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND "reseal_permits"(TG_RELID, to_jsonb(OLD), to_jsonb(NEW), ARRAY['answers', 'clinician_reason']) THEN
		RETURN NEW;
	END IF;
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
