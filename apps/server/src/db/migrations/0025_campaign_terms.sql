ALTER TABLE "campaign_influencers" ADD COLUMN "deliverables" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_influencers" ADD COLUMN "fee_minor" integer;--> statement-breakpoint
ALTER TABLE "campaign_influencers" ADD COLUMN "terms_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_influencers" ADD COLUMN "agreed_at" timestamp with time zone;