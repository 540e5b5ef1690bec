ALTER TABLE "post_targets" ADD COLUMN "prep_ticket" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "prep_key" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "prep_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "prep_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "prep_ms" integer;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "prep_error" text;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "prep_used" boolean DEFAULT false NOT NULL;