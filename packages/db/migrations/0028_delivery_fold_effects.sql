CREATE TABLE "delivery_fold_effects" (
	"fold_id" uuid NOT NULL,
	"advertiser_id" integer NOT NULL,
	"deltas" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_fold_effects_fold_id_advertiser_id_pk" PRIMARY KEY("fold_id","advertiser_id")
);
--> statement-breakpoint
CREATE INDEX "delivery_fold_effects_advertiser_idx" ON "delivery_fold_effects" USING btree ("advertiser_id");--> statement-breakpoint
CREATE INDEX "delivery_fold_effects_created_idx" ON "delivery_fold_effects" USING btree ("created_at");--> statement-breakpoint
-- Hand-written: a fold of the event log (which sets rtb.spend_fold in its transaction) changes the
-- ledger accounts' spend without notifying the bidders: its spend reaches them as counter deltas
-- (delivery_fold_effects), not as a reload of each advertiser. Otherwise migration 0014's function.
CREATE OR REPLACE FUNCTION delivery_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  advertiser text := '';
  changed record;
BEGIN
  IF TG_TABLE_NAME = 'ledger_accounts' AND current_setting('rtb.spend_fold', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME IN ('campaigns', 'banners', 'audiences') THEN
    advertiser := changed.advertiser_id::text;
  ELSIF TG_TABLE_NAME = 'advertisers' THEN
    advertiser := changed.id::text;
  ELSIF TG_TABLE_NAME = 'campaign_banners' THEN
    SELECT c.advertiser_id::text INTO advertiser FROM campaigns c WHERE c.id = changed.campaign_id;
  ELSIF TG_TABLE_NAME IN ('ledger_accounts', 'log_regulations') THEN
    advertiser := coalesce(changed.advertiser_id::text, 'agency-' || changed.agency_id::text, '');
  ELSIF TG_TABLE_NAME = 'agencies' THEN
    advertiser := 'agency-' || changed.id::text;
  END IF;
  PERFORM pg_notify('delivery_changed', TG_TABLE_NAME || ':' || coalesce(advertiser, ''));
  RETURN NULL;
END;
$$;
