CREATE TABLE "account_figures" (
	"account_id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"network" text NOT NULL,
	"user_name" text,
	"picture_url" text,
	"followers" integer,
	"following" integer,
	"media" integer,
	"subscribers" integer,
	"views" integer,
	"likes" integer,
	"fetched_at" timestamp with time zone,
	"error" text,
	"error_at" timestamp with time zone,
	"next_fetch_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "target_metrics" (
	"target_id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"org_id" text NOT NULL,
	"metrics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fetched_at" timestamp with time zone,
	"error" text,
	"error_code" text,
	"error_at" timestamp with time zone,
	"next_fetch_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_figures" ADD CONSTRAINT "account_figures_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "target_metrics" ADD CONSTRAINT "target_metrics_target_id_post_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "post_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_figures_org_idx" ON "account_figures" USING btree ("org_id","network");--> statement-breakpoint
CREATE INDEX "account_figures_due_idx" ON "account_figures" USING btree ("next_fetch_at");--> statement-breakpoint
CREATE INDEX "target_metrics_post_idx" ON "target_metrics" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "target_metrics_due_idx" ON "target_metrics" USING btree ("next_fetch_at");--> statement-breakpoint
CREATE INDEX "post_targets_published_idx" ON "post_targets" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "posts_org_posted_idx" ON "posts" USING btree ("org_id","posted_at");--> statement-breakpoint
CREATE INDEX "posts_org_waiting_idx" ON "posts" USING btree ("org_id","scheduled_at","id") WHERE "posts"."is_active" AND NOT "posts"."is_draft" AND "posts"."is_scheduled" AND NOT "posts"."is_post_done";--> statement-breakpoint
CREATE INDEX "posts_org_out_idx" ON "posts" USING btree ("org_id","posted_at","id") WHERE "posts"."is_active" AND NOT "posts"."is_draft" AND "posts"."is_post_done";