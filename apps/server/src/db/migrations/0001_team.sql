CREATE TABLE "invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"role_name" text NOT NULL,
	"role_name_lower" text NOT NULL,
	"role_desc" text NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"permission" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "business_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role_id" text;--> statement-breakpoint
CREATE INDEX "roles_org_idx" ON "roles" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "users_business_idx" ON "users" USING btree ("business_id");