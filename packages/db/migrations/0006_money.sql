-- Before this migration nothing posted to the ledger: entries without a transaction cannot be
-- given one that balances, so refuse to guess.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM ledger_entries) THEN
    RAISE EXCEPTION 'ledger_entries has rows written before ledger postings existed; remove them or post them as transactions first';
  END IF;
END;
$$;
--> statement-breakpoint
CREATE TABLE "queued_email_attachments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "queued_email_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"queued_email_id" bigint NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"agency_id" bigint,
	"advertiser_id" bigint,
	"currency_id" bigint,
	"reason" text,
	"initiator_account_id" bigint,
	"impersonator_account_id" bigint,
	"request_id" text,
	"external_ref" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_external_ref_unique" UNIQUE("external_ref")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"account_id" bigint NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"agency_id" bigint,
	"advertiser_id" bigint,
	"currency_id" bigint NOT NULL,
	"net" bigint NOT NULL,
	"tax_percent" numeric(5, 2) NOT NULL,
	"tax" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"tax_note" text,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"description" text NOT NULL,
	"payment_method" text NOT NULL,
	"ledger_transaction_id" bigint NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_ledger_transaction_id_unique" UNIQUE("ledger_transaction_id"),
	CONSTRAINT "invoices_year_sequence_key" UNIQUE("year","sequence"),
	CONSTRAINT "invoices_owner" CHECK (num_nonnulls("invoices"."agency_id", "invoices"."advertiser_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "log_credits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "log_credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ledger_transaction_id" bigint NOT NULL,
	"agency_id" bigint,
	"advertiser_id" bigint,
	"credit_limit_before" bigint NOT NULL,
	"credit_limit_after" bigint NOT NULL,
	"use_credit_limit_before" boolean NOT NULL,
	"use_credit_limit_after" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_credits_ledger_transaction_id_unique" UNIQUE("ledger_transaction_id"),
	CONSTRAINT "log_credits_owner" CHECK (num_nonnulls("log_credits"."agency_id", "log_credits"."advertiser_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "log_top_up_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "log_top_up_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" bigint,
	"advertiser_id" bigint,
	"currency_id" bigint NOT NULL,
	"net" bigint NOT NULL,
	"tax_percent" numeric(5, 2) NOT NULL,
	"tax" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"tax_note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"comment" text,
	"buyer" jsonb NOT NULL,
	"requested_by_account_id" bigint,
	"impersonator_account_id" bigint,
	"decided_by_account_id" bigint,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_top_up_requests_owner" CHECK (num_nonnulls("log_top_up_requests"."agency_id", "log_top_up_requests"."advertiser_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "log_top_ups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "log_top_ups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"ledger_transaction_id" bigint NOT NULL,
	"agency_id" bigint,
	"advertiser_id" bigint,
	"currency_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"invoice_id" bigint,
	"online_payment_id" bigint,
	"top_up_request_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_top_ups_ledger_transaction_id_unique" UNIQUE("ledger_transaction_id"),
	CONSTRAINT "log_top_ups_owner" CHECK (num_nonnulls("log_top_ups"."agency_id", "log_top_ups"."advertiser_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "online_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "online_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" bigint,
	"advertiser_id" bigint,
	"currency_id" bigint NOT NULL,
	"net" bigint NOT NULL,
	"tax_percent" numeric(5, 2) NOT NULL,
	"tax" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"tax_note" text,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"checkout_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"created_by_account_id" bigint,
	"impersonator_account_id" bigint,
	"ledger_transaction_id" bigint,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_payments_provider_session_id_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "online_payments_owner" CHECK (num_nonnulls("online_payments"."agency_id", "online_payments"."advertiser_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "balance" bigint;--> statement-breakpoint
-- Organisation accounts keep a running balance (no entries yet: 0).
UPDATE "ledger_accounts" SET "balance" = 0 WHERE "agency_id" IS NOT NULL OR "advertiser_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "unposted_spend_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "transaction_id" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "balance_after" bigint;--> statement-breakpoint
ALTER TABLE "queued_email_attachments" ADD CONSTRAINT "queued_email_attachments_queued_email_id_queued_emails_id_fk" FOREIGN KEY ("queued_email_id") REFERENCES "public"."queued_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_initiator_account_id_accounts_id_fk" FOREIGN KEY ("initiator_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_impersonator_account_id_accounts_id_fk" FOREIGN KEY ("impersonator_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_credits" ADD CONSTRAINT "log_credits_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_credits" ADD CONSTRAINT "log_credits_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_credits" ADD CONSTRAINT "log_credits_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_top_up_requests" ADD CONSTRAINT "log_top_up_requests_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_top_up_requests" ADD CONSTRAINT "log_top_up_requests_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_top_up_requests" ADD CONSTRAINT "log_top_up_requests_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_top_up_requests" ADD CONSTRAINT "log_top_up_requests_requested_by_account_id_accounts_id_fk" FOREIGN KEY ("requested_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_top_up_requests" ADD CONSTRAINT "log_top_up_requests_impersonator_account_id_accounts_id_fk" FOREIGN KEY ("impersonator_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_top_up_requests" ADD CONSTRAINT "log_top_up_requests_decided_by_account_id_accounts_id_fk" FOREIGN KEY ("decided_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_top_up_requests" ADD CONSTRAINT "log_top_up_requests_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_top_ups" ADD CONSTRAINT "log_top_ups_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_top_ups" ADD CONSTRAINT "log_top_ups_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_top_ups" ADD CONSTRAINT "log_top_ups_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_top_ups" ADD CONSTRAINT "log_top_ups_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_top_ups" ADD CONSTRAINT "log_top_ups_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_top_ups" ADD CONSTRAINT "log_top_ups_online_payment_id_online_payments_id_fk" FOREIGN KEY ("online_payment_id") REFERENCES "public"."online_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_top_ups" ADD CONSTRAINT "log_top_ups_top_up_request_id_log_top_up_requests_id_fk" FOREIGN KEY ("top_up_request_id") REFERENCES "public"."log_top_up_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_created_by_account_id_accounts_id_fk" FOREIGN KEY ("created_by_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_impersonator_account_id_accounts_id_fk" FOREIGN KEY ("impersonator_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_ledger_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("ledger_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queued_email_attachments_email_idx" ON "queued_email_attachments" USING btree ("queued_email_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_transactions_agency_idx" ON "ledger_transactions" USING btree ("agency_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_transactions_advertiser_idx" ON "ledger_transactions" USING btree ("advertiser_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "invoices_newest_idx" ON "invoices" USING btree ("issued_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_agency_idx" ON "invoices" USING btree ("agency_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_advertiser_idx" ON "invoices" USING btree ("advertiser_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_credits_newest_idx" ON "log_credits" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_credits_agency_idx" ON "log_credits" USING btree ("agency_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_credits_advertiser_idx" ON "log_credits" USING btree ("advertiser_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_top_up_requests_newest_idx" ON "log_top_up_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_top_up_requests_agency_idx" ON "log_top_up_requests" USING btree ("agency_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_top_up_requests_advertiser_idx" ON "log_top_up_requests" USING btree ("advertiser_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_top_up_requests_status_idx" ON "log_top_up_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_top_ups_newest_idx" ON "log_top_ups" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_top_ups_agency_idx" ON "log_top_ups" USING btree ("agency_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "log_top_ups_advertiser_idx" ON "log_top_ups" USING btree ("advertiser_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "online_payments_newest_idx" ON "online_payments" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "online_payments_agency_idx" ON "online_payments" USING btree ("agency_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "online_payments_advertiser_idx" ON "online_payments" USING btree ("advertiser_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_platform_key" ON "ledger_accounts" USING btree ("purpose","currency_id") WHERE "ledger_accounts"."agency_id" is null and "ledger_accounts"."advertiser_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_balance_kept" CHECK (("ledger_accounts"."balance" is null) = ("ledger_accounts"."agency_id" is null and "ledger_accounts"."advertiser_id" is null));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner" CHECK (("ledger_accounts"."purpose" in ('platform_funding', 'platform_revenue', 'platform_adjustment')) = ("ledger_accounts"."agency_id" is null and "ledger_accounts"."advertiser_id" is null));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_not_zero" CHECK ("ledger_entries"."amount" <> 0);--> statement-breakpoint
-- Double entry: every ledger transaction's entries sum to zero. Checked when the database
-- transaction commits, once all its entries are in.
CREATE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
BEGIN
  SELECT sum(amount) INTO total FROM ledger_entries WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: its entries sum to %', NEW.transaction_id, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced
  AFTER INSERT ON ledger_entries DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balanced();
--> statement-breakpoint
-- Money records are history: a correction is a new record, never an edit.
CREATE FUNCTION money_records_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_update_delete
  BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION money_records_append_only();
--> statement-breakpoint
CREATE TRIGGER invoices_no_update_delete
  BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION money_records_append_only();
--> statement-breakpoint
CREATE TRIGGER log_credits_no_update_delete
  BEFORE UPDATE OR DELETE ON log_credits
  FOR EACH ROW EXECUTE FUNCTION money_records_append_only();
--> statement-breakpoint
CREATE TRIGGER log_top_ups_no_update_delete
  BEFORE UPDATE OR DELETE ON log_top_ups
  FOR EACH ROW EXECUTE FUNCTION money_records_append_only();
