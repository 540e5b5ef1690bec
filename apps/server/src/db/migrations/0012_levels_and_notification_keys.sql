ALTER TABLE "activities" ADD COLUMN "sender_id" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "level_reached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_user_dedupe_uq" ON "activities" USING btree ("user_id","dedupe_key");