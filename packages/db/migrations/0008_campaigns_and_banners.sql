CREATE TABLE "banners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "banners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"advertiser_id" bigint NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"mime_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"animated" boolean DEFAULT false NOT NULL,
	"file_count" integer,
	"landing_url" text NOT NULL,
	"asset_key" text NOT NULL,
	"asset_entry" text NOT NULL,
	"rejection_reason" text,
	"rejection_note" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by_account_id" bigint,
	"created_by_account_id" bigint,
	"updated_by_account_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_asset_key_unique" UNIQUE("asset_key"),
	CONSTRAINT "banners_size_positive" CHECK ("banners"."width" > 0 and "banners"."height" > 0 and "banners"."file_size" > 0),
	CONSTRAINT "banners_rejection_reason" CHECK (("banners"."status" = 'rejected') = ("banners"."rejection_reason" is not null) or "banners"."status" = 'archived')
);
--> statement-breakpoint
CREATE TABLE "campaign_banners" (
	"campaign_id" bigint NOT NULL,
	"banner_id" bigint NOT NULL,
	CONSTRAINT "campaign_banners_campaign_id_banner_id_pk" PRIMARY KEY("campaign_id","banner_id")
);
--> statement-breakpoint
CREATE TABLE "campaign_daily_stats" (
	"campaign_id" bigint NOT NULL,
	"day" date NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_daily_stats_campaign_id_day_pk" PRIMARY KEY("campaign_id","day")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"advertiser_id" bigint NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"hours_of_week" smallint[],
	"total_budget" bigint,
	"daily_budget" bigint,
	"max_cpm" bigint NOT NULL,
	"pacing" text DEFAULT 'even' NOT NULL,
	"frequency_cap_count" integer,
	"frequency_cap_period" text,
	"countries" text[] DEFAULT '{}' NOT NULL,
	"device_types" text[] DEFAULT '{}' NOT NULL,
	"operating_systems" text[] DEFAULT '{}' NOT NULL,
	"include_domains" text[] DEFAULT '{}' NOT NULL,
	"exclude_domains" text[] DEFAULT '{}' NOT NULL,
	"excluded_categories" text[] DEFAULT '{}' NOT NULL,
	"created_by_account_id" bigint,
	"updated_by_account_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_budget" CHECK (num_nonnulls("campaigns"."total_budget", "campaigns"."daily_budget") > 0),
	CONSTRAINT "campaigns_amounts_positive" CHECK ("campaigns"."max_cpm" > 0 and coalesce("campaigns"."total_budget", 1) > 0 and coalesce("campaigns"."daily_budget", 1) > 0),
	CONSTRAINT "campaigns_dates" CHECK ("campaigns"."end_date" is null or "campaigns"."end_date" >= "campaigns"."start_date"),
	CONSTRAINT "campaigns_frequency_cap" CHECK (("campaigns"."frequency_cap_count" is null) = ("campaigns"."frequency_cap_period" is null) and coalesce("campaigns"."frequency_cap_count", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "advertisers" ADD COLUMN "time_zone" text DEFAULT 'Europe/Warsaw' NOT NULL;--> statement-breakpoint
ALTER TABLE "advertisers" ADD COLUMN "creatives_trusted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_reviewed_by_account_id_accounts_id_fk" FOREIGN KEY ("reviewed_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_created_by_account_id_accounts_id_fk" FOREIGN KEY ("created_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_updated_by_account_id_accounts_id_fk" FOREIGN KEY ("updated_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_banners" ADD CONSTRAINT "campaign_banners_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_banners" ADD CONSTRAINT "campaign_banners_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_daily_stats" ADD CONSTRAINT "campaign_daily_stats_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_account_id_accounts_id_fk" FOREIGN KEY ("created_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_updated_by_account_id_accounts_id_fk" FOREIGN KEY ("updated_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banners_advertiser_created_idx" ON "banners" USING btree ("advertiser_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "banners_review_queue_idx" ON "banners" USING btree ("submitted_at","id") WHERE "banners"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "campaign_banners_banner_idx" ON "campaign_banners" USING btree ("banner_id");--> statement-breakpoint
CREATE INDEX "campaigns_advertiser_created_idx" ON "campaigns" USING btree ("advertiser_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_active_idx" ON "campaigns" USING btree ("id") WHERE "campaigns"."status" = 'active';