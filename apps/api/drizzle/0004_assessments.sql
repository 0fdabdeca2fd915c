CREATE TABLE "suicide_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"author_id" uuid,
	"answers" jsonb NOT NULL,
	"risk_level" text NOT NULL,
	"final_remarks" text DEFAULT '' NOT NULL,
	"final_remarks_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suicide_assessments_risk_level_check" CHECK ("suicide_assessments"."risk_level" in ('NO_APLICA', 'MUY_ALTO', 'ALTO', 'MODERADO', 'BAJO', 'INDETERMINADO'))
);
--> statement-breakpoint
ALTER TABLE "suicide_assessments" ADD CONSTRAINT "suicide_assessments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suicide_assessments" ADD CONSTRAINT "suicide_assessments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "suicide_assessments_student_created_idx" ON "suicide_assessments" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "suicide_assessments_author_created_idx" ON "suicide_assessments" USING btree ("author_id","created_at");