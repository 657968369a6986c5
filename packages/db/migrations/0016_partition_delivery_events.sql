-- Hand-written around drizzle-kit's output (it cannot express PARTITION BY): delivery_events
-- becomes a table range-partitioned by UTC day of `partition_at`, keeping every row
-- (docs/operations.md, 'Raw events and their retention'). The key: a bid's events take the
-- bid's time (signed in its token, the same for every notice of the bid, so a retry lands in the
-- partition of the first); a conversion takes when it happened and is deduplicated by
-- conversion_orders, which is not partitioned. The API creates the day partitions ahead and on
-- demand (apps/api/src/modules/delivery/partitions.ts) and drops the expired ones.
CREATE TABLE "conversion_orders" (
	"advertiser_id" bigint NOT NULL,
	"order_id" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversion_orders_advertiser_id_order_id_pk" PRIMARY KEY("advertiser_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "delivery_events" RENAME TO "delivery_events_unpartitioned";
--> statement-breakpoint
ALTER TABLE "delivery_events_unpartitioned" RENAME CONSTRAINT "delivery_events_pkey" TO "delivery_events_unpartitioned_pkey";
--> statement-breakpoint
DROP INDEX "delivery_events_bid_idx";
--> statement-breakpoint
DROP INDEX "delivery_events_touch_idx";
--> statement-breakpoint
DROP INDEX "delivery_events_valid_click_idx";
--> statement-breakpoint
DROP INDEX "delivery_events_advertiser_time_idx";
--> statement-breakpoint
CREATE TABLE "delivery_events" (
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"bid_id" text,
	"advertiser_id" bigint NOT NULL,
	"campaign_id" bigint,
	"banner_id" bigint,
	"user_id" text,
	"country" text,
	"device_type" text,
	"domain" text,
	"clearing_micros" bigint,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"margin_micros" bigint DEFAULT 0 NOT NULL,
	"commission_micros" bigint DEFAULT 0 NOT NULL,
	"order_id" text,
	"value_minor" bigint,
	"attribution" text,
	"invalid_reason" text,
	"loss_reason" integer,
	"source" text NOT NULL,
	"partition_at" timestamp with time zone NOT NULL,
	CONSTRAINT "delivery_events_event_key_partition_at_pk" PRIMARY KEY("event_key","partition_at"),
	CONSTRAINT "delivery_events_amounts" CHECK ("cost_micros" >= 0 and "margin_micros" >= 0 and "commission_micros" >= 0)
) PARTITION BY RANGE ("partition_at");
--> statement-breakpoint
CREATE INDEX "delivery_events_bid_idx" ON "delivery_events" USING btree ("bid_id","kind");
--> statement-breakpoint
CREATE INDEX "delivery_events_touch_idx" ON "delivery_events" USING btree ("advertiser_id","user_id","occurred_at" DESC NULLS LAST) WHERE "delivery_events"."kind" in ('click', 'impression') and "delivery_events"."invalid_reason" is null and "delivery_events"."user_id" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_events_valid_click_idx" ON "delivery_events" USING btree ("bid_id","partition_at") WHERE "delivery_events"."kind" = 'click' and "delivery_events"."invalid_reason" is null;
--> statement-breakpoint
CREATE INDEX "delivery_events_advertiser_time_idx" ON "delivery_events" USING btree ("advertiser_id","occurred_at");
--> statement-breakpoint
-- Still append-only row by row; dropping a whole expired partition is the retention, not a DELETE.
CREATE TRIGGER delivery_events_no_update_delete
  BEFORE UPDATE OR DELETE ON delivery_events
  FOR EACH ROW EXECUTE FUNCTION delivery_events_append_only();
--> statement-breakpoint
-- The rows recorded so far, if any, go to one partition of everything before the UTC midnight
-- after now (plus an hour of clock skew) and after the newest row: the bid time of their events
-- was never stored, so the earliest event of each bid stands in for it, and this partition has
-- unique indexes of its own on the keys and the valid clicks, which hold whatever key a late
-- retry of one of these bids computes (its bid time is before the cut, so it lands here too).
-- It is dropped like any other once its whole range is past the retention.
DO $$
DECLARE
  cut timestamptz;
  part text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM delivery_events_unpartitioned) THEN
    RETURN;
  END IF;
  SELECT (date_trunc('day', greatest(now() + interval '1 hour', max(occurred_at)) AT TIME ZONE 'UTC') + interval '1 day') AT TIME ZONE 'UTC'
    INTO cut FROM delivery_events_unpartitioned;
  part := 'delivery_events_before_' || to_char(cut AT TIME ZONE 'UTC', 'YYYYMMDD');
  EXECUTE format('CREATE TABLE %I PARTITION OF delivery_events FOR VALUES FROM (MINVALUE) TO (%L)', part, cut);
  EXECUTE format('CREATE UNIQUE INDEX %I ON %I (event_key)', part || '_event_key', part);
  EXECUTE format(
    'CREATE UNIQUE INDEX %I ON %I (bid_id) WHERE kind = ''click'' AND invalid_reason IS NULL',
    part || '_valid_click', part);
END;
$$;
--> statement-breakpoint
INSERT INTO "delivery_events" ("event_key", "kind", "occurred_at", "bid_id", "advertiser_id", "campaign_id",
  "banner_id", "user_id", "country", "device_type", "domain", "clearing_micros", "cost_micros", "margin_micros",
  "commission_micros", "order_id", "value_minor", "attribution", "invalid_reason", "loss_reason", "source", "partition_at")
SELECT "event_key", "kind", "occurred_at", "bid_id", "advertiser_id", "campaign_id", "banner_id", "user_id", "country",
  "device_type", "domain", "clearing_micros", "cost_micros", "margin_micros", "commission_micros", "order_id",
  "value_minor", "attribution", "invalid_reason", "loss_reason", "source",
  CASE WHEN "kind" = 'conversion' OR "bid_id" IS NULL THEN "occurred_at"
    ELSE min("occurred_at") FILTER (WHERE "kind" <> 'conversion') OVER (PARTITION BY "bid_id") END
FROM "delivery_events_unpartitioned";
--> statement-breakpoint
INSERT INTO "conversion_orders" ("advertiser_id", "order_id", "recorded_at")
SELECT "advertiser_id", "order_id", min("occurred_at") FROM "delivery_events_unpartitioned"
WHERE "kind" = 'conversion' AND "order_id" IS NOT NULL
GROUP BY "advertiser_id", "order_id";
--> statement-breakpoint
DROP TABLE "delivery_events_unpartitioned";
