ALTER TABLE "post_targets" DROP CONSTRAINT "post_targets_state_ck";--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "sent_window_from" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "post_targets_account_remote_uq" ON "post_targets" USING btree ("account_id","remote_post_id") WHERE remote_post_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "post_targets_lease_idx" ON "post_targets" USING btree ("lease_until") WHERE lease_until IS NOT NULL;--> statement-breakpoint
ALTER TABLE "post_targets" ADD CONSTRAINT "post_targets_state_ck" CHECK (state IN ('draft', 'scheduled', 'paused', 'queued', 'publishing', 'processing', 'published', 'failed', 'needs_reconnect', 'needs_check', 'canceled'));--> statement-breakpoint
-- targets already tried keep their first attempt's start as the moment since which a send may have gone out
UPDATE "post_targets" t SET "sent_window_from" = a.first FROM (SELECT "target_id", min("started_at") AS first FROM "publish_attempts" GROUP BY "target_id") a WHERE a."target_id" = t."id" AND t."sent_window_from" IS NULL;
