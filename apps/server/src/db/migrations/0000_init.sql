CREATE TABLE "activities" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"payload" jsonb,
	"is_read" boolean DEFAULT false NOT NULL,
	"is_seen" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"device_type" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interests" (
	"id" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_clicks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"delivered" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otps" (
	"id" text PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" text,
	"phone_code" text,
	"mobile_number" text,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plan_type" text NOT NULL,
	"plan_status" text NOT NULL,
	"subscription_verify" boolean DEFAULT true NOT NULL,
	"post_limit" integer,
	"post_count" integer DEFAULT 0 NOT NULL,
	"plan_start_date" timestamp with time zone NOT NULL,
	"plan_end_date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscriptions_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"sph_user_id" text,
	"profile_type" text NOT NULL,
	"auth_type" text DEFAULT 'LOCAL' NOT NULL,
	"email" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"phone_code" text,
	"mobile_number" text,
	"phone_key" text,
	"mobile_verified" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"google_sub" text,
	"name" text,
	"user_name" text,
	"user_name_lower" text,
	"profile_image" text,
	"background_color" text,
	"pronouns" text,
	"gender" text,
	"date_of_birth" text,
	"industry_type" text,
	"company_size" integer,
	"company_name" text,
	"num_of_influencer" integer,
	"associated_imc_code" text,
	"paypal_id" text,
	"address_line" text,
	"city" text,
	"state" text,
	"pin_code" text,
	"country" text,
	"company_address" text,
	"interested" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"profile_completed" boolean DEFAULT false NOT NULL,
	"payment_status" boolean DEFAULT false NOT NULL,
	"virality_level" text DEFAULT 'Maker' NOT NULL,
	"total_points" integer DEFAULT 0 NOT NULL,
	"user_status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone,
	"deletion_remarks" text
);
--> statement-breakpoint
CREATE INDEX "activities_user_idx" ON "activities" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "otps_target_idx" ON "otps" USING btree ("target","sent_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_key_uq" ON "users" USING btree ("phone_key");--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_sub_uq" ON "users" USING btree ("google_sub");--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_lower_uq" ON "users" USING btree ("user_name_lower");--> statement-breakpoint
CREATE INDEX "users_org_idx" ON "users" USING btree ("org_id");