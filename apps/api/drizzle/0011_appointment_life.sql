-- An appointment has a life (issue 18): a duration, a status that is closed
-- once (attended, no-show, or cancelled by the student or the service with a
-- reason), and a version for the optimistic check of a move or an edit.
-- Existing appointments become scheduled sessions of 50 minutes.
--
-- No caseload-revision trigger (0005, 0009): the answers cached by revision
-- (the caseload list and a student's detail) show no appointment; the
-- appointments are read fresh on every call.
ALTER TABLE "appointments" ADD COLUMN "duration_minutes" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "status" text DEFAULT 'SCHEDULED' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- An appointment written before this migration was last changed when it was made.
UPDATE "appointments" SET "updated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_duration_check" CHECK ("appointments"."duration_minutes" between 15 and 180);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('SCHEDULED', 'ATTENDED', 'NO_SHOW', 'CANCELLED'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancellation_check" CHECK (case when "appointments"."status" = 'CANCELLED' then "appointments"."cancelled_by" in ('STUDENT', 'SERVICE') and char_length(btrim(coalesce("appointments"."cancel_reason", ''))) > 0 else "appointments"."cancelled_by" is null and "appointments"."cancel_reason" is null end);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_changed_check" CHECK (("appointments"."status" = 'SCHEDULED') = ("appointments"."status_changed_at" is null));
