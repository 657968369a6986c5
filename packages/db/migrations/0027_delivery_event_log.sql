CREATE TABLE "delivery_event_log" (
	"event_key" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "delivery_event_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"origin" text NOT NULL,
	"appended_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entry" jsonb NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "delivery_event_log_origin_seq_idx" ON "delivery_event_log" USING btree ("origin","seq");--> statement-breakpoint
CREATE INDEX "delivery_event_log_seq_idx" ON "delivery_event_log" USING btree ("seq");