CREATE TABLE "alert_digest_sends" (
	"account_id" bigint NOT NULL,
	"day" date NOT NULL,
	"queued_email_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_digest_sends_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "alert_digest_subscriptions" (
	"account_id" bigint PRIMARY KEY NOT NULL,
	"subscribed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_digest_sends" ADD CONSTRAINT "alert_digest_sends_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_digest_sends" ADD CONSTRAINT "alert_digest_sends_queued_email_id_queued_emails_id_fk" FOREIGN KEY ("queued_email_id") REFERENCES "public"."queued_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_digest_subscriptions" ADD CONSTRAINT "alert_digest_subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;