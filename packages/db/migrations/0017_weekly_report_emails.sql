CREATE TABLE "weekly_report_sends" (
	"advertiser_user_id" bigint NOT NULL,
	"week_start" date NOT NULL,
	"queued_email_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_report_sends_advertiser_user_id_week_start_pk" PRIMARY KEY("advertiser_user_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "weekly_report_subscriptions" (
	"advertiser_user_id" bigint PRIMARY KEY NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "weekly_report_sends" ADD CONSTRAINT "weekly_report_sends_advertiser_user_id_advertiser_users_id_fk" FOREIGN KEY ("advertiser_user_id") REFERENCES "public"."advertiser_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_report_sends" ADD CONSTRAINT "weekly_report_sends_queued_email_id_queued_emails_id_fk" FOREIGN KEY ("queued_email_id") REFERENCES "public"."queued_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_report_subscriptions" ADD CONSTRAINT "weekly_report_subscriptions_advertiser_user_id_advertiser_users_id_fk" FOREIGN KEY ("advertiser_user_id") REFERENCES "public"."advertiser_users"("id") ON DELETE cascade ON UPDATE no action;