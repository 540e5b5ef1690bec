CREATE TABLE "queue_defaults" (
	"org_id" text PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"slots" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_schedules" (
	"account_id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"time_zone" text NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"slots" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queue_defaults" ADD CONSTRAINT "queue_defaults_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_schedules" ADD CONSTRAINT "queue_schedules_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "social_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_schedules" ADD CONSTRAINT "queue_schedules_org_id_organizations_id_fk" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE cascade ON UPDATE no action;