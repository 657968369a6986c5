-- Renders (our pixel in the browser, with its cookie's user) are view touches for attribution too.
DROP INDEX "delivery_events_touch_idx";--> statement-breakpoint
CREATE INDEX "delivery_events_touch_idx" ON "delivery_events" USING btree ("advertiser_id","user_id","occurred_at" DESC NULLS LAST) WHERE "delivery_events"."kind" in ('click', 'impression', 'render') and "delivery_events"."invalid_reason" is null and "delivery_events"."user_id" is not null;
