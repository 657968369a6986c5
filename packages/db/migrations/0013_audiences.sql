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
ALTER TABLE "campaigns" ADD COLUMN "audience_include_ids" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "audience_exclude_ids" bigint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_created_by_account_id_accounts_id_fk" FOREIGN KEY ("created_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audiences" ADD CONSTRAINT "audiences_updated_by_account_id_accounts_id_fk" FOREIGN KEY ("updated_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audiences_advertiser_idx" ON "audiences" USING btree ("advertiser_id","id");