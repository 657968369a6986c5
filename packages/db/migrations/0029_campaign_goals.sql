ALTER TABLE "campaigns" DROP CONSTRAINT "campaigns_amounts_positive";--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "max_cpm" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "goal_kind" text DEFAULT 'maxCpm' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "goal_target_micros" bigint;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "goal_target_roas_bps" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_goal" CHECK (case "campaigns"."goal_kind"
        when 'maxCpm' then "campaigns"."max_cpm" is not null and num_nonnulls("campaigns"."goal_target_micros", "campaigns"."goal_target_roas_bps") = 0
        when 'targetCpc' then coalesce("campaigns"."goal_target_micros", 0) > 0 and "campaigns"."goal_target_roas_bps" is null
        when 'targetCpa' then coalesce("campaigns"."goal_target_micros", 0) > 0 and "campaigns"."goal_target_roas_bps" is null
        when 'targetRoas' then coalesce("campaigns"."goal_target_roas_bps", 0) > 0 and "campaigns"."goal_target_micros" is null
        else false end);--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_amounts_positive" CHECK (coalesce("campaigns"."max_cpm", 1) > 0 and coalesce("campaigns"."total_budget", 1) > 0 and coalesce("campaigns"."daily_budget", 1) > 0);