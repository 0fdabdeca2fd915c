-- Mail that matters (invitations, reset links, notices) is queued here and
-- sent by whichever server process claims it first (FOR UPDATE SKIP LOCKED),
-- retried with back-off until it leaves or is given up as 'failed'
-- (src/mail/mail-queue.ts). A sent mail keeps its envelope and dates only:
-- its body, which may carry a live link, is cleared.
CREATE TABLE "mail_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text,
	"html" text,
	"user_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_queue_status_check" CHECK ("mail_queue"."status" in ('queued', 'sending', 'sent', 'failed')),
	CONSTRAINT "mail_queue_kind_check" CHECK ("mail_queue"."kind" in ('invite', 'reset', 'email-change', 'notice', 'reminder'))
);
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD CONSTRAINT "mail_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- What the senders look for: mail due now, and mail whose sender's lease ran out.
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("next_attempt_at") WHERE "status" = 'queued';
--> statement-breakpoint
CREATE INDEX "mail_queue_lease_idx" ON "mail_queue" USING btree ("lease_until") WHERE "status" = 'sending';
--> statement-breakpoint
CREATE INDEX "mail_queue_created_idx" ON "mail_queue" USING btree ("created_at");
