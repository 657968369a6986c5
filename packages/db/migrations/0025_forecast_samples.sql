CREATE TABLE "bid_request_sample_days" (
	"day" date PRIMARY KEY NOT NULL,
	"requests" bigint DEFAULT 0 NOT NULL,
	"sampled" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bid_request_samples" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bid_request_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seen_at" timestamp with time zone NOT NULL,
	"auction_type" smallint NOT NULL,
	"imps" jsonb NOT NULL,
	"currencies" text[] NOT NULL,
	"country" text,
	"device_type" text,
	"os" text,
	"domain" text,
	"categories" text[] NOT NULL,
	"blocked_categories" text[] NOT NULL,
	"blocked_advertiser_domains" text[] NOT NULL,
	"user_hash" text,
	CONSTRAINT "bid_request_samples_auction_type_check" CHECK ("bid_request_samples"."auction_type" in (1, 2))
);
--> statement-breakpoint
CREATE INDEX "bid_request_samples_seen_at_idx" ON "bid_request_samples" USING btree ("seen_at");