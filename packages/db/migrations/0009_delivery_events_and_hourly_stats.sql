CREATE TABLE "delivery_events" (
	"event_key" text PRIMARY KEY NOT NULL,
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
	"source" text NOT NULL,
	CONSTRAINT "delivery_events_amounts" CHECK ("delivery_events"."cost_micros" >= 0 and "delivery_events"."margin_micros" >= 0 and "delivery_events"."commission_micros" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stats_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"advertiser_id" bigint NOT NULL,
	"campaign_id" bigint NOT NULL,
	"banner_id" bigint NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"device_type" text DEFAULT '' NOT NULL,
	"domain" text DEFAULT '' NOT NULL,
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
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner";--> statement-breakpoint
CREATE INDEX "delivery_events_bid_idx" ON "delivery_events" USING btree ("bid_id","kind");--> statement-breakpoint
CREATE INDEX "delivery_events_touch_idx" ON "delivery_events" USING btree ("advertiser_id","user_id","occurred_at" DESC NULLS LAST) WHERE "delivery_events"."kind" in ('click', 'impression') and "delivery_events"."invalid_reason" is null and "delivery_events"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_events_valid_click_idx" ON "delivery_events" USING btree ("bid_id") WHERE "delivery_events"."kind" = 'click' and "delivery_events"."invalid_reason" is null;--> statement-breakpoint
CREATE INDEX "delivery_events_advertiser_time_idx" ON "delivery_events" USING btree ("advertiser_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stats_hourly_key" ON "stats_hourly" USING btree ("hour","campaign_id","banner_id","country","device_type","domain");--> statement-breakpoint
CREATE INDEX "stats_hourly_advertiser_hour_idx" ON "stats_hourly" USING btree ("advertiser_id","hour");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner" CHECK (("ledger_accounts"."purpose" in ('platform_funding', 'platform_revenue', 'platform_media', 'platform_adjustment')) = ("ledger_accounts"."agency_id" is null and "ledger_accounts"."advertiser_id" is null));--> statement-breakpoint
-- Delivery events are the evidence behind spend and reports: once written never changed or removed.
CREATE FUNCTION delivery_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'delivery_events is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER delivery_events_no_update_delete
  BEFORE UPDATE OR DELETE ON delivery_events
  FOR EACH ROW EXECUTE FUNCTION delivery_events_append_only();
--> statement-breakpoint
-- The bidders keep the campaigns in memory; a change to what decides a bid tells them at commit
-- (channel 'delivery_changed', payload '<table>:<advertiser id>' or '<table>:' for platform-wide
-- settings). NOTIFY folds identical payloads of one transaction into one.
CREATE FUNCTION delivery_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  advertiser text := '';
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME IN ('campaigns', 'banners') THEN
    advertiser := changed.advertiser_id::text;
  ELSIF TG_TABLE_NAME = 'advertisers' THEN
    advertiser := changed.id::text;
  ELSIF TG_TABLE_NAME = 'campaign_banners' THEN
    SELECT c.advertiser_id::text INTO advertiser FROM campaigns c WHERE c.id = changed.campaign_id;
  ELSIF TG_TABLE_NAME IN ('ledger_accounts', 'log_regulations') THEN
    advertiser := coalesce(changed.advertiser_id::text, 'agency-' || changed.agency_id::text, '');
  ELSIF TG_TABLE_NAME = 'agencies' THEN
    advertiser := 'agency-' || changed.id::text;
  END IF;
  PERFORM pg_notify('delivery_changed', TG_TABLE_NAME || ':' || coalesce(advertiser, ''));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER campaigns_delivery_changed AFTER INSERT OR UPDATE OR DELETE ON campaigns
  FOR EACH ROW EXECUTE FUNCTION delivery_changed();
--> statement-breakpoint
CREATE TRIGGER campaign_banners_delivery_changed AFTER INSERT OR UPDATE OR DELETE ON campaign_banners
  FOR EACH ROW EXECUTE FUNCTION delivery_changed();
--> statement-breakpoint
CREATE TRIGGER banners_delivery_changed AFTER UPDATE ON banners
  FOR EACH ROW EXECUTE FUNCTION delivery_changed();
--> statement-breakpoint
CREATE TRIGGER advertisers_delivery_changed AFTER UPDATE ON advertisers
  FOR EACH ROW EXECUTE FUNCTION delivery_changed();
--> statement-breakpoint
CREATE TRIGGER agencies_delivery_changed AFTER UPDATE ON agencies
  FOR EACH ROW EXECUTE FUNCTION delivery_changed();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_delivery_changed AFTER INSERT OR UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION delivery_changed();
--> statement-breakpoint
CREATE TRIGGER log_regulations_delivery_changed AFTER INSERT ON log_regulations
  FOR EACH ROW EXECUTE FUNCTION delivery_changed();
--> statement-breakpoint
CREATE TRIGGER config_values_delivery_changed AFTER INSERT OR UPDATE ON config_values
  FOR EACH ROW EXECUTE FUNCTION delivery_changed();
--> statement-breakpoint
CREATE TRIGGER currency_rates_delivery_changed AFTER INSERT OR UPDATE OR DELETE ON currency_rates
  FOR EACH ROW EXECUTE FUNCTION delivery_changed();
--> statement-breakpoint
CREATE TRIGGER regulations_delivery_changed AFTER INSERT OR UPDATE ON regulations
  FOR EACH ROW EXECUTE FUNCTION delivery_changed();
