CREATE TABLE "assessment_remarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assessment_id" uuid NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_remarks_text_length_check" CHECK (char_length("assessment_remarks"."text") <= 20000)
);
--> statement-breakpoint
CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"new_email" text NOT NULL,
	"requested_by_id" uuid,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "kind" text DEFAULT 'login' NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "import_batch_id" uuid;--> statement-breakpoint
ALTER TABLE "assessment_remarks" ADD CONSTRAINT "assessment_remarks_assessment_id_suicide_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."suicide_assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_remarks" ADD CONSTRAINT "assessment_remarks_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_remarks_assessment_created_idx" ON "assessment_remarks" USING btree ("assessment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_changes_token_hash_key" ON "email_changes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_attempts_kind_address_at_idx" ON "login_attempts" USING btree ("kind","client_address","at");--> statement-breakpoint
CREATE INDEX "students_import_batch_idx" ON "students" USING btree ("import_batch_id");--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_kind_check" CHECK ("login_attempts"."kind" in ('login', 'forgot-password', 'reset-check', 'reset'));--> statement-breakpoint
-- Final remarks written before entries existed become each assessment's first entry.
INSERT INTO "assessment_remarks" ("assessment_id", "author_id", "text", "created_at")
SELECT "id", "author_id", "final_remarks", coalesce("final_remarks_at", "created_at")
FROM "suicide_assessments" WHERE "final_remarks" <> '';
--> statement-breakpoint
-- Remarks are clinical records (docs/permissions.md#clinical-records and docs/columbia-assessment.md#final-remarks): never rewritten. Only the
-- foreign keys' own actions (run by a trigger, so one level deeper) may touch
-- them: deleting the assessment's student removes them, and deleting their
-- author's account clears `author_id` and nothing else.
CREATE FUNCTION "assessment_remarks_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER "assessment_remarks_append_only"
	BEFORE UPDATE OR DELETE ON "assessment_remarks"
	FOR EACH ROW EXECUTE FUNCTION "assessment_remarks_refuse_change"();
