ALTER TABLE "campaigns" ADD COLUMN "click_window_days" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "view_window_days" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_attribution_windows" CHECK ("campaigns"."click_window_days" between 1 and 90 and "campaigns"."view_window_days" between 0 and 30);