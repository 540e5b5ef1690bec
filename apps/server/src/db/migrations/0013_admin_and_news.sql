CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_articles" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"sub_heading" text,
	"description" text NOT NULL,
	"cover_image" text,
	"author_first_name" text,
	"author_last_name" text,
	"author_image" text,
	"news_type" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"published_at" timestamp with time zone,
	"read_time_minutes" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "news_articles_type_ck" CHECK (news_type IN ('HIGHLIGHTS', 'NEW_RELEASE', 'MEDIA_COVERAGE')),
	CONSTRAINT "news_articles_status_ck" CHECK (status IN ('DRAFT', 'PUBLISHED')),
	CONSTRAINT "news_articles_read_time_ck" CHECK (read_time_minutes >= 1)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_profile_type_ck";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_articles" ADD CONSTRAINT "news_articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "news_articles_public_idx" ON "news_articles" USING btree ("status","published_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_type_ck" CHECK (profile_type IN ('INFLUENCER', 'BRANDS', 'BUSINESS', 'IMC', 'BUSINESS_MANAGER', 'ADMIN'));