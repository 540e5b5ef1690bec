CREATE TABLE "account_guards" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signup_attempts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"target" text NOT NULL,
	"password_hash" text NOT NULL,
	"profile_type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otps" ADD COLUMN "attempt_id" text;--> statement-breakpoint
ALTER TABLE "otps" ADD COLUMN "reset_token_hash" text;--> statement-breakpoint
CREATE INDEX "signup_attempts_user_idx" ON "signup_attempts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "otps_reset_token_uq" ON "otps" USING btree ("reset_token_hash");