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
ALTER TABLE "tags" ADD CONSTRAINT "tags_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tag_events_advertiser_seq_idx" ON "tag_events" USING btree ("advertiser_id","seq");--> statement-breakpoint
CREATE INDEX "tag_events_advertiser_time_idx" ON "tag_events" USING btree ("advertiser_id","received_at");--> statement-breakpoint
CREATE INDEX "tag_events_user_idx" ON "tag_events" USING btree ("advertiser_id","user_id","received_at") WHERE "tag_events"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "tag_events_products_idx" ON "tag_events" USING gin ("product_ids");--> statement-breakpoint
CREATE INDEX "tag_events_order_idx" ON "tag_events" USING btree ("advertiser_id","order_id") WHERE "tag_events"."order_id" is not null;