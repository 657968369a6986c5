CREATE TABLE "audiences" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audiences_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"advertiser_id" bigint NOT NULL,
	"name" text NOT NULL,
	"rule" text NOT NULL,
	"product_type" text,
	"lookback_days" smallint NOT NULL,
	"created_by_account_id" bigint,
	"updated_by_account_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audiences_lookback" CHECK ("audiences"."lookback_days" between 1 and 90),
	CONSTRAINT "audiences_product_type" CHECK (("audiences"."rule" = 'product_type_viewers') = ("audiences"."product_type" is not null))
);
--> statement-breakpoint
CREATE TABLE "feed_import_rejections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feed_import_rejections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"import_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"product_id" text,
	"attribute" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_imports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "feed_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"advertiser_id" bigint NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"format" text,
	"file_path" text,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"bytes_total" bigint,
	"items_read" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"lease_token" uuid,
	"lease_expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_feeds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_feeds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"advertiser_id" bigint NOT NULL,
	"source" text NOT NULL,
	"url" text,
	"schedule" text,
	"etag" text,
	"last_modified" text,
	"content_sha256" text,
	"next_fetch_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_feeds_advertiser_id_unique" UNIQUE("advertiser_id"),
	CONSTRAINT "product_feeds_source" CHECK (("product_feeds"."source" = 'url') = ("product_feeds"."url" is not null and "product_feeds"."schedule" is not null and "product_feeds"."next_fetch_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"advertiser_id" bigint NOT NULL,
	"product_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"link" text NOT NULL,
	"image_link" text NOT NULL,
	"additional_image_links" jsonb NOT NULL,
	"price_micros" bigint NOT NULL,
	"price_currency" char(3),
	"sale_price_micros" bigint,
	"sale_price_currency" char(3),
	"availability" text NOT NULL,
	"brand" text,
	"gtin" text,
	"mpn" text,
	"condition" text,
	"google_product_category" text,
	"product_type" text,
	"item_group_id" text,
	"custom_label_0" text,
	"custom_label_1" text,
	"custom_label_2" text,
	"custom_label_3" text,
	"custom_label_4" text,
	"extra" jsonb NOT NULL,
	"content_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"last_import_id" bigint,
	CONSTRAINT "products_advertiser_product_key" UNIQUE("advertiser_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "tag_events" (
	"event_key" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tag_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"advertiser_id" bigint NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"visitor_id" text NOT NULL,
	"user_id" text,
	"page_url" text,
	"product_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"quantity" integer,
	"items" jsonb,
	"order_id" text,
	"value" text,
	"value_minor" bigint,
	"currency" text,
	"bot" boolean DEFAULT false NOT NULL,
	"hints" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"advertiser_id" bigint PRIMARY KEY NOT NULL,
	"tag_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_tag_key_unique" UNIQUE("tag_key")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "audience_include_ids" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "audience_exclude_ids" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_created_by_account_id_accounts_id_fk" FOREIGN KEY ("created_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_updated_by_account_id_accounts_id_fk" FOREIGN KEY ("updated_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_import_rejections" ADD CONSTRAINT "feed_import_rejections_import_id_feed_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."feed_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_imports" ADD CONSTRAINT "feed_imports_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_feeds" ADD CONSTRAINT "product_feeds_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_last_import_id_feed_imports_id_fk" FOREIGN KEY ("last_import_id") REFERENCES "public"."feed_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audiences_advertiser_idx" ON "audiences" USING btree ("advertiser_id","id");--> statement-breakpoint
CREATE INDEX "feed_import_rejections_import_idx" ON "feed_import_rejections" USING btree ("import_id","position","id");--> statement-breakpoint
CREATE INDEX "feed_imports_advertiser_created_idx" ON "feed_imports" USING btree ("advertiser_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feed_imports_queue_idx" ON "feed_imports" USING btree ("id") WHERE "feed_imports"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "feed_imports_one_running_idx" ON "feed_imports" USING btree ("advertiser_id") WHERE "feed_imports"."status" = 'running';--> statement-breakpoint
CREATE INDEX "product_feeds_due_idx" ON "product_feeds" USING btree ("next_fetch_at") WHERE "product_feeds"."source" = 'url';--> statement-breakpoint
CREATE INDEX "products_advertiser_availability_idx" ON "products" USING btree ("advertiser_id","availability");--> statement-breakpoint
CREATE INDEX "products_advertiser_brand_idx" ON "products" USING btree ("advertiser_id","brand");--> statement-breakpoint
CREATE INDEX "products_advertiser_type_idx" ON "products" USING btree ("advertiser_id","product_type");--> statement-breakpoint
CREATE INDEX "products_advertiser_removed_idx" ON "products" USING btree ("advertiser_id","removed_at");--> statement-breakpoint
CREATE INDEX "tag_events_advertiser_seq_idx" ON "tag_events" USING btree ("advertiser_id","seq");--> statement-breakpoint
CREATE INDEX "tag_events_advertiser_time_idx" ON "tag_events" USING btree ("advertiser_id","received_at");--> statement-breakpoint
CREATE INDEX "tag_events_user_idx" ON "tag_events" USING btree ("advertiser_id","user_id","received_at") WHERE "tag_events"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "tag_events_products_idx" ON "tag_events" USING gin ("product_ids");--> statement-breakpoint
CREATE INDEX "tag_events_order_idx" ON "tag_events" USING btree ("advertiser_id","order_id") WHERE "tag_events"."order_id" is not null;