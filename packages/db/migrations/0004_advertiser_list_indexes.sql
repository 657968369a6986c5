DROP INDEX "advertisers_name_idx";--> statement-breakpoint
CREATE INDEX "advertisers_name_desc_idx" ON "advertisers" USING btree ("name" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "advertisers_created_desc_idx" ON "advertisers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "advertisers_name_idx" ON "advertisers" USING btree ("name","id");