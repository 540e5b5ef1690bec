CREATE TABLE "campaign_mutes" (
	"influencer_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaign_mutes_influencer_id_owner_id_pk" PRIMARY KEY("influencer_id","owner_id")
);
--> statement-breakpoint
ALTER TABLE "campaign_mutes" ADD CONSTRAINT "campaign_mutes_influencer_id_users_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_mutes" ADD CONSTRAINT "campaign_mutes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;