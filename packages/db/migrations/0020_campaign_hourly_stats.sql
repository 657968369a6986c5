CREATE TABLE "stats_campaign_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"advertiser_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"bids" bigint DEFAULT 0 NOT NULL,
	"wins" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"invalid_impressions" bigint DEFAULT 0 NOT NULL,
	"invalid_clicks" bigint DEFAULT 0 NOT NULL,
	"click_conversions" bigint DEFAULT 0 NOT NULL,
	"view_conversions" bigint DEFAULT 0 NOT NULL,
	"conversion_value_minor" bigint DEFAULT 0 NOT NULL,
	"clearing_micros" bigint DEFAULT 0 NOT NULL,
	"spend_micros" bigint DEFAULT 0 NOT NULL,
	"margin_micros" bigint DEFAULT 0 NOT NULL,
	"commission_micros" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stats_campaign_hourly_key" ON "stats_campaign_hourly" USING btree ("advertiser_id","hour","campaign_id");--> statement-breakpoint
CREATE INDEX "stats_campaign_hourly_hour_idx" ON "stats_campaign_hourly" USING btree ("hour");--> statement-breakpoint
-- The rollups recorded so far, summed per hour and campaign (from here on written with them).
INSERT INTO "stats_campaign_hourly"
SELECT "hour", "advertiser_id", "campaign_id", sum("bids"), sum("wins"), sum("impressions"), sum("clicks"),
  sum("invalid_impressions"), sum("invalid_clicks"), sum("click_conversions"), sum("view_conversions"),
  sum("conversion_value_minor"), sum("clearing_micros"), sum("spend_micros"), sum("margin_micros"),
  sum("commission_micros")
FROM "stats_hourly"
GROUP BY "hour", "advertiser_id", "campaign_id";
