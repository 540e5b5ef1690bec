CREATE TABLE "link_states" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"org_id" text NOT NULL,
	"network" text NOT NULL,
	"origin" text,
	"request_token" text,
	"secret" text,
	"grant" text,
	"pages" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "link_states_network_ck" CHECK (network IN ('instagram', 'facebook', 'youtube', 'linkedin', 'tiktok', 'twitter', 'threads'))
);
--> statement-breakpoint
CREATE TABLE "social_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"linked_by" text,
	"network" text NOT NULL,
	"remote_id" text NOT NULL,
	"kind" text NOT NULL,
	"user_name" text NOT NULL,
	"picture_url" text,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"token_secret" text,
	"access_expires_at" timestamp with time zone,
	"refresh_expires_at" timestamp with time zone,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'linked' NOT NULL,
	"status_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "social_accounts_network_ck" CHECK (network IN ('instagram', 'facebook', 'youtube', 'linkedin', 'tiktok', 'twitter', 'threads')),
	CONSTRAINT "social_accounts_status_ck" CHECK (status IN ('linked', 'needs_reconnect'))
);
--> statement-breakpoint
ALTER TABLE "link_states" ADD CONSTRAINT "link_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_accounts" ADD CONSTRAINT "social_accounts_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_states_request_token_idx" ON "link_states" USING btree ("request_token");--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_org_remote_uq" ON "social_accounts" USING btree ("org_id","network","remote_id");--> statement-breakpoint
CREATE INDEX "social_accounts_refresh_idx" ON "social_accounts" USING btree ("access_expires_at");