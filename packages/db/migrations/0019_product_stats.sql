CREATE TABLE "stats_product_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"advertiser_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"banner_id" bigint NOT NULL,
	"product_key" bigint NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"click_conversions" bigint DEFAULT 0 NOT NULL,
	"conversion_value_minor" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_events" ADD COLUMN "product_keys" bigint[];--> statement-breakpoint
CREATE UNIQUE INDEX "stats_product_hourly_key" ON "stats_product_hourly" USING btree ("hour","campaign_id","banner_id","product_key");--> statement-breakpoint
CREATE INDEX "stats_product_hourly_advertiser_hour_idx" ON "stats_product_hourly" USING btree ("advertiser_id","hour");