-- Times from the database and a tamper-evident audit log
-- (docs/data-model.md#audit-chain, docs/decisions.md#a-tamper-evident-audit-log).
--
-- The server's role may insert into the append-only tables, never change them
-- (0003, 0006, 0014, 0015, app-role.ts); until now it could still insert a
-- back-dated row, or one in another's name, and so fabricate history. From
-- here the database sets the creation time of every append-only row, and
-- chains each audit row to the one before it by a SHA-256 that it computes
-- itself: a row inserted out of the chain, altered or removed later (by
-- someone who can bypass the triggers: the schema's owner, a superuser) is
-- found by `npm run audit:verify`, which recomputes the chain.
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Whether an insert may keep the time it gives: only when the table's owner
-- (or a superuser) asks for it in its transaction, as the demo data does to
-- show a history. That role could disable the triggers anyway; the server's
-- role in production is never the owner (app-role.ts refuses it), so what it
-- sends is always replaced, whatever it sets.
CREATE FUNCTION "keeps_given_time"("table_oid" oid) RETURNS boolean
LANGUAGE sql STABLE AS $$
	SELECT coalesce(current_setting('psicocampus.keep_given_times', true), '') = 'on'
		AND pg_has_role(current_user, c."relowner", 'USAGE')
	FROM pg_catalog.pg_class c WHERE c."oid" = "table_oid"
$$;
--> statement-breakpoint
-- The creation time of an append-only row: the transaction's time, as the
-- column's default, whatever the insert says.
CREATE FUNCTION "append_only_created_at"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."created_at" IS NULL OR NOT "keeps_given_time"(TG_RELID) THEN
		NEW."created_at" := now();
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "assessment_remarks_created_at_from_database"
	BEFORE INSERT ON "assessment_remarks"
	FOR EACH ROW EXECUTE FUNCTION "append_only_created_at"();
--> statement-breakpoint
CREATE TRIGGER "clinical_note_addenda_created_at_from_database"
	BEFORE INSERT ON "clinical_note_addenda"
	FOR EACH ROW EXECUTE FUNCTION "append_only_created_at"();
--> statement-breakpoint
CREATE TRIGGER "safety_plan_revisions_created_at_from_database"
	BEFORE INSERT ON "safety_plan_revisions"
	FOR EACH ROW EXECUTE FUNCTION "append_only_created_at"();
--> statement-breakpoint
-- One field of an audit row's canonical text: NULL is \N; in a value, a
-- backslash is doubled and a bar escaped, so that no two rows share a text.
-- apps/api/src/plugins/audit/audit-chain.ts writes the same text to check it.
CREATE FUNCTION "audit_log_canonical_field"("value" text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN "value" IS NULL THEN E'\\N'
		ELSE replace(replace("value", E'\\', E'\\\\'), '|', E'\\|') END
$$;
--> statement-breakpoint
-- The row's hash: SHA-256, in hex, of its fields joined by bars, in this
-- order, its time in UTC to the microsecond and its detail as jsonb's text.
-- A column added to audit_log later is not covered unless a migration says so.
CREATE FUNCTION "audit_log_hash"("entry" "audit_log") RETURNS text
LANGUAGE sql STABLE AS $$
	SELECT encode(sha256(convert_to(array_to_string(ARRAY[
		"audit_log_canonical_field"(("entry")."seq"::text),
		"audit_log_canonical_field"(("entry")."prev_hash"),
		"audit_log_canonical_field"(("entry")."id"::text),
		"audit_log_canonical_field"(to_char(("entry")."at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')),
		"audit_log_canonical_field"(("entry")."user_id"::text),
		"audit_log_canonical_field"(("entry")."role"),
		"audit_log_canonical_field"(("entry")."action"),
		"audit_log_canonical_field"(("entry")."record_type"),
		"audit_log_canonical_field"(("entry")."record_id"),
		"audit_log_canonical_field"(("entry")."client_address"),
		"audit_log_canonical_field"(("entry")."outcome"),
		"audit_log_canonical_field"(("entry")."request_id"),
		"audit_log_canonical_field"(("entry")."detail"::text)
	], '|'), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- The rows written so far, chained in the order of their time (then id).
-- The append-only trigger is off for this transaction's own UPDATE only.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update_delete";
--> statement-breakpoint
DO $$
DECLARE
	"entry" "audit_log";
	"previous" text := repeat('0', 64);
	"position" bigint := 0;
BEGIN
	FOR "entry" IN SELECT * FROM "audit_log" ORDER BY "at", "id" LOOP
		"position" := "position" + 1;
		"entry"."seq" := "position";
		"entry"."prev_hash" := "previous";
		"previous" := "audit_log_hash"("entry");
		UPDATE "audit_log" SET "seq" = "position", "prev_hash" = "entry"."prev_hash", "hash" = "previous"
			WHERE "id" = "entry"."id";
	END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update_delete";
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_seq_key" ON "audit_log" USING btree ("seq");
--> statement-breakpoint
-- Every new row: the next place in the chain, the previous row's hash, the
-- database's time and its own hash, whatever the insert said. One insert at a
-- time takes the next place: the lock is held until the transaction ends, so
-- places follow the order of commits and a rolled-back row leaves no gap. In
-- READ COMMITTED each statement here sees every row committed before the lock
-- was granted; a stricter isolation would read an older last row and fork
-- the chain, so it is refused.
CREATE FUNCTION "audit_log_chain"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	"last_seq" bigint;
	"last_hash" text;
BEGIN
	IF current_setting('transaction_isolation') <> 'read committed' THEN
		RAISE EXCEPTION 'audit_log: rows are chained in READ COMMITTED transactions only (this one is %)',
			current_setting('transaction_isolation')
			USING ERRCODE = 'invalid_transaction_state';
	END IF;
	PERFORM pg_advisory_xact_lock(727150018);
	SELECT "seq", "hash" INTO "last_seq", "last_hash"
		FROM "public"."audit_log" ORDER BY "seq" DESC LIMIT 1;
	NEW."seq" := coalesce("last_seq", 0) + 1;
	NEW."prev_hash" := coalesce("last_hash", repeat('0', 64));
	IF NEW."at" IS NULL OR NOT "keeps_given_time"(TG_RELID) THEN
		NEW."at" := clock_timestamp();
	END IF;
	NEW."hash" := "audit_log_hash"(NEW);
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_chain"
	BEFORE INSERT ON "audit_log"
	FOR EACH ROW EXECUTE FUNCTION "audit_log_chain"();
