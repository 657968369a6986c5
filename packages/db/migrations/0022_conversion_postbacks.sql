CREATE TABLE "conversion_settings" (
	"advertiser_id" bigint PRIMARY KEY NOT NULL,
	"max_order_value_minor" bigint,
	"postback_secret" text,
	"postback_secret_created_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversion_orders" ADD COLUMN "id" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "conversion_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "conversion_orders" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "conversion_orders" ADD COLUMN "occurred_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversion_orders" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "conversion_orders" ADD COLUMN "value_minor" bigint;--> statement-breakpoint
ALTER TABLE "conversion_orders" ADD COLUMN "status" text DEFAULT 'counted' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversion_orders" ADD COLUMN "hold_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "conversion_orders" ADD COLUMN "attribution" text;--> statement-breakpoint
ALTER TABLE "conversion_orders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversion_orders" ADD COLUMN "confirmed_by" text;--> statement-breakpoint
ALTER TABLE "conversion_orders" ADD COLUMN "confirmed_by_account_id" bigint;--> statement-breakpoint
ALTER TABLE "conversion_orders" ADD COLUMN "confirmed_value_minor" bigint;--> statement-breakpoint
ALTER TABLE "stats_campaign_hourly" ADD COLUMN "pixel_conversions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_campaign_hourly" ADD COLUMN "tag_conversions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_campaign_hourly" ADD COLUMN "postback_conversions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "pixel_conversions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "tag_conversions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "postback_conversions" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversion_settings" ADD CONSTRAINT "conversion_settings_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversion_orders_id_idx" ON "conversion_orders" USING btree ("id");--> statement-breakpoint
CREATE INDEX "conversion_orders_advertiser_idx" ON "conversion_orders" USING btree ("advertiser_id","id");--> statement-breakpoint
CREATE INDEX "conversion_orders_held_idx" ON "conversion_orders" USING btree ("advertiser_id","id") WHERE "conversion_orders"."status" = 'held';--> statement-breakpoint
CREATE INDEX "conversion_orders_user_idx" ON "conversion_orders" USING btree ("advertiser_id","user_id","occurred_at") WHERE "conversion_orders"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "tag_events_visitor_idx" ON "tag_events" USING btree ("advertiser_id","visitor_id","received_at") WHERE "tag_events"."user_id" is not null;--> statement-breakpoint
-- The conversions counted so far by where they came from (the pixel or the tag), from the raw
-- events still kept; rollup rows older than the raw events' retention keep zeros there.
UPDATE "stats_hourly" s SET "pixel_conversions" = r.pixel, "tag_conversions" = r.tag
FROM (
  SELECT date_trunc('hour', "occurred_at" at time zone 'UTC') at time zone 'UTC' AS hour, "campaign_id", "banner_id",
    coalesce("country", '') AS country, coalesce("device_type", '') AS device_type, coalesce("domain", '') AS domain,
    count(*) FILTER (WHERE "source" = 'conversion') AS pixel, count(*) FILTER (WHERE "source" = 'tag') AS tag
  FROM "delivery_events"
  WHERE "kind" = 'conversion' AND "invalid_reason" IS NULL AND "attribution" IS NOT NULL
    AND "campaign_id" IS NOT NULL AND "banner_id" IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6
) r
WHERE s."hour" = r.hour AND s."campaign_id" = r."campaign_id" AND s."banner_id" = r."banner_id"
  AND s."country" = r.country AND s."device_type" = r.device_type AND s."domain" = r.domain;
--> statement-breakpoint
UPDATE "stats_campaign_hourly" c SET "pixel_conversions" = d.pixel, "tag_conversions" = d.tag
FROM (
  SELECT "advertiser_id", "hour", "campaign_id", sum("pixel_conversions") AS pixel, sum("tag_conversions") AS tag
  FROM "stats_hourly" GROUP BY 1, 2, 3
) d
WHERE c."advertiser_id" = d."advertiser_id" AND c."hour" = d."hour" AND c."campaign_id" = d."campaign_id";
