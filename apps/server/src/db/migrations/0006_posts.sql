CREATE TABLE "media_files" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"user_id" text,
	"key" text NOT NULL,
	"url" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"mime_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"duration_sec" real,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "media_files_kind_ck" CHECK (kind IN ('image', 'video')),
	CONSTRAINT "media_files_bytes_ck" CHECK (bytes >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"post_id" text,
	"network" text,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "points_ledger_points_ck" CHECK (points > 0)
);
--> statement-breakpoint
CREATE TABLE "post_targets" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"org_id" text NOT NULL,
	"account_id" text,
	"network" text NOT NULL,
	"account_name" text NOT NULL,
	"account_picture" text,
	"format" text DEFAULT 'post' NOT NULL,
	"privacy" text,
	"state" text NOT NULL,
	"due_at" timestamp with time zone,
	"job_id" text,
	"attempt_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"attempt_started_at" timestamp with time zone,
	"ticket" text,
	"remote_post_id" text,
	"remote_url" text,
	"error" text,
	"internal_error" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "post_targets_state_ck" CHECK (state IN ('draft', 'scheduled', 'paused', 'queued', 'publishing', 'processing', 'published', 'failed', 'needs_reconnect', 'canceled')),
	CONSTRAINT "post_targets_network_ck" CHECK (network IN ('instagram', 'facebook', 'youtube', 'linkedin', 'tiktok', 'twitter', 'threads')),
	CONSTRAINT "post_targets_format_ck" CHECK (format IN ('post', 'story', 'reel'))
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"user_id" text NOT NULL,
	"post_type" text NOT NULL,
	"fe_post_type" text,
	"format" text DEFAULT 'post' NOT NULL,
	"caption" text NOT NULL,
	"title" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hashtags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_id" text,
	"privacy_status" text,
	"video_frame_ratio" text,
	"video_duration" text,
	"video_quality" text,
	"media" jsonb NOT NULL,
	"campaign_source_id" text,
	"is_draft" boolean DEFAULT false NOT NULL,
	"is_scheduled" boolean DEFAULT false NOT NULL,
	"is_paused" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_post_done" boolean DEFAULT false NOT NULL,
	"scheduled_at" timestamp with time zone,
	"posted_at" timestamp with time zone,
	"approval" text,
	"remark" text,
	"reviewed_by" text,
	"counted" boolean DEFAULT false NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "posts_type_ck" CHECK (post_type IN ('IMAGE', 'VIDEO', 'REELS', 'CAROUSEL', 'MULTIPLEPOST', 'MULTIPLEIMAGESONLY', 'storiesimage', 'storiesvideo', '2kvideo')),
	CONSTRAINT "posts_format_ck" CHECK (format IN ('post', 'story', 'reel')),
	CONSTRAINT "posts_approval_ck" CHECK (approval IS NULL OR approval IN ('pending', 'sent_back', 'approved'))
);
--> statement-breakpoint
CREATE TABLE "publish_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"target_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"detail" text
);
--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_targets" ADD CONSTRAINT "post_targets_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_targets" ADD CONSTRAINT "post_targets_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "social_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_attempts" ADD CONSTRAINT "publish_attempts_target_id_post_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "post_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_files_url_uq" ON "media_files" USING btree ("url");--> statement-breakpoint
CREATE INDEX "media_files_org_idx" ON "media_files" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_post_network_uq" ON "points_ledger" USING btree ("post_id","network");--> statement-breakpoint
CREATE INDEX "points_ledger_user_idx" ON "points_ledger" USING btree ("user_id","earned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "post_targets_post_account_uq" ON "post_targets" USING btree ("post_id","account_id");--> statement-breakpoint
CREATE INDEX "post_targets_post_idx" ON "post_targets" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "post_targets_state_due_idx" ON "post_targets" USING btree ("state","due_at");--> statement-breakpoint
CREATE INDEX "posts_org_created_idx" ON "posts" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "posts_org_scheduled_idx" ON "posts" USING btree ("org_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "publish_attempts_target_idx" ON "publish_attempts" USING btree ("target_id","started_at");