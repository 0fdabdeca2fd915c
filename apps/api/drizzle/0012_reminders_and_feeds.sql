-- Reminders and calendars (issue 18). An appointment's reminder, update and
-- cancellation are mails of the one queue (0010), tied to their appointment
-- so that a move or a cancellation finds the reminder still waiting and marks
-- it 'cancelled' (never sent, kept for the record). `calendar` holds the
-- mail's .ics invitation, cleared with its body once sent.
-- calendar_feeds: a psychologist's secret iCalendar URL, as the token's hash;
-- its fetches are counted per address like the recovery calls (login_attempts).
CREATE TABLE "calendar_feeds" (
	"psychologist_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"show_names" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "login_attempts" DROP CONSTRAINT "login_attempts_kind_check";--> statement-breakpoint
ALTER TABLE "mail_queue" DROP CONSTRAINT "mail_queue_status_check";--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "appointment_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "calendar" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_psychologist_id_users_id_fk" FOREIGN KEY ("psychologist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_queue_appointment_idx" ON "mail_queue" USING btree ("appointment_id") WHERE "mail_queue"."appointment_id" is not null;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_kind_check" CHECK ("login_attempts"."kind" in ('login', 'forgot-password', 'reset-check', 'reset', 'calendar-feed'));--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_status_check" CHECK ("mail_queue"."status" in ('queued', 'sending', 'sent', 'failed', 'cancelled'));