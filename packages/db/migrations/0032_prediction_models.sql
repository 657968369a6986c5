CREATE TABLE "prediction_models" (
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"refused_checks" text[] DEFAULT '{}'::text[] NOT NULL,
	"bits" integer NOT NULL,
	"non_zero_weights" integer NOT NULL,
	"weight_indices" text,
	"weight_values" text,
	"trained_examples" bigint NOT NULL,
	"trained_through" timestamp with time zone NOT NULL,
	"holdout_from" timestamp with time zone NOT NULL,
	"holdout_to" timestamp with time zone NOT NULL,
	"quality" jsonb NOT NULL,
	"current_quality" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prediction_models_kind_version_pk" PRIMARY KEY("kind","version"),
	CONSTRAINT "prediction_models_version" CHECK ("prediction_models"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "delivery_events" ADD COLUMN "bid_context" jsonb;--> statement-breakpoint
CREATE INDEX "prediction_models_published_idx" ON "prediction_models" USING btree ("kind","version" DESC NULLS LAST) WHERE "prediction_models"."status" = 'published';