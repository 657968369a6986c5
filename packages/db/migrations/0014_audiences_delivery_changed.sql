-- Hand-written (a trigger drizzle-kit cannot express): a change of an audience's rule, type or
-- lookback, or its deletion, reaches the bidders like a campaign's (payload 'audiences:<advertiser id>').
-- The function is migration 0009's with 'audiences' among the tables that carry advertiser_id.
CREATE OR REPLACE FUNCTION delivery_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  advertiser text := '';
  changed record;
BEGIN
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
--> statement-breakpoint
-- A new audience is in no campaign yet: only updates and deletions matter.
CREATE TRIGGER audiences_delivery_changed AFTER UPDATE OR DELETE ON audiences
  FOR EACH ROW EXECUTE FUNCTION delivery_changed();
