CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"all_notification" boolean NOT NULL,
	"promotional" boolean NOT NULL,
	"social_media" boolean NOT NULL,
	"advertisements" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;