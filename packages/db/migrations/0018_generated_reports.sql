CREATE TABLE "generated_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "generated_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"rows" bigint,
	"file_key" text,
	"file_size" bigint,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_by_account_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"lease_token" uuid,
	"lease_expires_at" timestamp with time zone,
	CONSTRAINT "generated_reports_file_key_unique" UNIQUE("file_key"),
	CONSTRAINT "generated_reports_progress" CHECK ("generated_reports"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "generated_reports" ADD CONSTRAINT "generated_reports_created_by_account_id_accounts_id_fk" FOREIGN KEY ("created_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "generated_reports_created_idx" ON "generated_reports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "generated_reports_queue_idx" ON "generated_reports" USING btree ("id") WHERE "generated_reports"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "generated_reports_expires_idx" ON "generated_reports" USING btree ("expires_at") WHERE "generated_reports"."expires_at" is not null;