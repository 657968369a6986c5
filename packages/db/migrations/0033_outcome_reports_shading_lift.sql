CREATE TABLE "win_curves" (
	"segment" text PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"observations" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "win_curves_observations" CHECK ("win_curves"."observations" >= 0)
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "holdout_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD COLUMN "min_to_win_micros" bigint;--> statement-breakpoint
ALTER TABLE "delivery_events" ADD COLUMN "unshaded_micros" bigint;--> statement-breakpoint
ALTER TABLE "stats_campaign_daily" ADD COLUMN "predicted_clicks_micro" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_campaign_daily" ADD COLUMN "predicted_conversions_micro" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_campaign_daily" ADD COLUMN "shaded_clearing_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_campaign_daily" ADD COLUMN "unshaded_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_campaign_hourly" ADD COLUMN "predicted_clicks_micro" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_campaign_hourly" ADD COLUMN "predicted_conversions_micro" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_campaign_hourly" ADD COLUMN "shaded_clearing_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_campaign_hourly" ADD COLUMN "unshaded_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "predicted_clicks_micro" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "predicted_conversions_micro" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "shaded_clearing_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stats_hourly" ADD COLUMN "unshaded_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_holdout" CHECK ("campaigns"."holdout_bps" between 0 and 5000);