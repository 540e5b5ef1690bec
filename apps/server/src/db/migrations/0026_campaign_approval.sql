CREATE TABLE "campaign_post_reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"post_id" text NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaign_post_reviews_action_ck" CHECK (action IN ('submitted', 'approved', 'changes_requested'))
);
--> statement-breakpoint
ALTER TABLE "campaign_influencers" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "approval_required" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- campaigns that were running before keep going out without approval: their rules do not change under them
UPDATE "campaigns" SET "approval_required" = false;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "campaign_review" text;--> statement-breakpoint
ALTER TABLE "campaign_post_reviews" ADD CONSTRAINT "campaign_post_reviews_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_post_reviews" ADD CONSTRAINT "campaign_post_reviews_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_post_reviews_post_idx" ON "campaign_post_reviews" USING btree ("post_id","created_at");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_campaign_review_ck" CHECK (campaign_review IS NULL OR campaign_review IN ('awaiting', 'changes_requested', 'approved'));