CREATE TABLE "stats_campaign_daily" (
	"day" date NOT NULL,
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
	"pixel_conversions" bigint DEFAULT 0 NOT NULL,
	"tag_conversions" bigint DEFAULT 0 NOT NULL,
	"postback_conversions" bigint DEFAULT 0 NOT NULL,
	"clearing_micros" bigint DEFAULT 0 NOT NULL,
	"spend_micros" bigint DEFAULT 0 NOT NULL,
	"margin_micros" bigint DEFAULT 0 NOT NULL,
	"commission_micros" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stats_campaign_daily_key" ON "stats_campaign_daily" USING btree ("advertiser_id","day","campaign_id");--> statement-breakpoint
-- The campaigns' hours recorded so far, summed per day of their advertiser's clock (from here on
-- written with them).
INSERT INTO "stats_campaign_daily" ("day", "advertiser_id", "campaign_id", "bids", "wins", "impressions",
  "clicks", "invalid_impressions", "invalid_clicks", "click_conversions", "view_conversions",
  "conversion_value_minor", "pixel_conversions", "tag_conversions", "postback_conversions",
  "clearing_micros", "spend_micros", "margin_micros", "commission_micros")
SELECT ("s"."hour" AT TIME ZONE "a"."time_zone")::date, "s"."advertiser_id", "s"."campaign_id", sum("bids"),
  sum("wins"), sum("impressions"), sum("clicks"), sum("invalid_impressions"), sum("invalid_clicks"),
  sum("click_conversions"), sum("view_conversions"), sum("conversion_value_minor"),
  sum("pixel_conversions"), sum("tag_conversions"), sum("postback_conversions"), sum("clearing_micros"),
  sum("spend_micros"), sum("margin_micros"), sum("commission_micros")
FROM "stats_campaign_hourly" "s" JOIN "advertisers" "a" ON "a"."id" = "s"."advertiser_id"
GROUP BY 1, 2, 3;
