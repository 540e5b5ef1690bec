-- Rows that point at nothing would stop the foreign keys below: what belongs to a missing account goes,
-- and a reference to a missing business or role is cleared.
DELETE FROM "activities" WHERE "user_id" NOT IN (SELECT "id" FROM "users");--> statement-breakpoint
DELETE FROM "device_tokens" WHERE "user_id" NOT IN (SELECT "id" FROM "users");--> statement-breakpoint
DELETE FROM "notification_clicks" WHERE "user_id" NOT IN (SELECT "id" FROM "users");--> statement-breakpoint
DELETE FROM "invitations" WHERE "user_id" NOT IN (SELECT "id" FROM "users");--> statement-breakpoint
DELETE FROM "roles" WHERE "org_id" NOT IN (SELECT "id" FROM "organizations");--> statement-breakpoint
DELETE FROM "otps" WHERE "user_id" IS NOT NULL AND "user_id" NOT IN (SELECT "id" FROM "users");--> statement-breakpoint
DELETE FROM "sessions" WHERE "user_id" NOT IN (SELECT "id" FROM "users");--> statement-breakpoint
DELETE FROM "signup_attempts" WHERE "user_id" NOT IN (SELECT "id" FROM "users");--> statement-breakpoint
DELETE FROM "subscriptions" WHERE "user_id" NOT IN (SELECT "id" FROM "users");--> statement-breakpoint
UPDATE "users" SET "business_id" = NULL WHERE "business_id" IS NOT NULL AND "business_id" NOT IN (SELECT "id" FROM "users");--> statement-breakpoint
UPDATE "users" SET "role_id" = NULL WHERE "role_id" IS NOT NULL AND "role_id" NOT IN (SELECT "id" FROM "roles");--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_clicks" ADD CONSTRAINT "notification_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otps" ADD CONSTRAINT "otps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_attempts" ADD CONSTRAINT "signup_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_ck" CHECK (channel IN ('email', 'sms'));--> statement-breakpoint
ALTER TABLE "account_guards" ADD CONSTRAINT "account_guards_count_ck" CHECK (count >= 0);--> statement-breakpoint
ALTER TABLE "otps" ADD CONSTRAINT "otps_purpose_ck" CHECK (purpose IN ('registration', 'reset', 'contact'));--> statement-breakpoint
ALTER TABLE "otps" ADD CONSTRAINT "otps_attempts_ck" CHECK (attempts >= 0);--> statement-breakpoint
ALTER TABLE "signup_attempts" ADD CONSTRAINT "signup_attempts_profile_type_ck" CHECK (profile_type IN ('INFLUENCER', 'BRANDS', 'BUSINESS', 'IMC', 'BUSINESS_MANAGER'));--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_post_count_ck" CHECK (post_count >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_profile_type_ck" CHECK (profile_type IN ('INFLUENCER', 'BRANDS', 'BUSINESS', 'IMC', 'BUSINESS_MANAGER'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_auth_type_ck" CHECK (auth_type IN ('LOCAL', 'GOOGLE'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_total_points_ck" CHECK (total_points >= 0);