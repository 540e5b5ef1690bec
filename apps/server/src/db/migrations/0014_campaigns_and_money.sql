CREATE TABLE "campaign_influencers" (
	"campaign_id" text NOT NULL,
	"influencer_id" text NOT NULL,
	"status" text DEFAULT 'invited' NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "campaign_influencers_campaign_id_influencer_id_pk" PRIMARY KEY("campaign_id","influencer_id"),
	CONSTRAINT "campaign_influencers_status_ck" CHECK (status IN ('invited', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"brief" text NOT NULL,
	"budget_minor" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "campaigns_budget_ck" CHECK (budget_minor > 0),
	CONSTRAINT "campaigns_currency_ck" CHECK (currency = 'USD'),
	CONSTRAINT "campaigns_dates_ck" CHECK (end_date >= start_date)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"movement_id" text NOT NULL,
	"account" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_amount_ck" CHECK (amount_minor <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_movements" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_movements_kind_ck" CHECK (kind IN ('capture', 'payout_hold', 'payout_paid', 'payout_return'))
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"receiver" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"provider_status" text,
	"paypal_batch_id" text,
	"paypal_item_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payouts_status_ck" CHECK (status IN ('PENDING', 'COMPLETED', 'FAILED', 'RETURNED', 'UNCLAIMED')),
	CONSTRAINT "payouts_currency_ck" CHECK (currency = 'USD'),
	CONSTRAINT "payouts_amount_ck" CHECK (amount_minor > 0)
);
--> statement-breakpoint
CREATE TABLE "paypal_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"payer_id" text NOT NULL,
	"receiver_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"fee_minor" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" text NOT NULL,
	"request_id" text NOT NULL,
	"paypal_order_id" text,
	"paypal_capture_id" text,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "transfers_status_ck" CHECK (status IN ('CREATED', 'PENDING', 'COMPLETED', 'DECLINED', 'VOIDED', 'FAILED')),
	CONSTRAINT "transfers_currency_ck" CHECK (currency = 'USD'),
	CONSTRAINT "transfers_amounts_ck" CHECK (amount_minor > 0 AND fee_minor >= 0 AND fee_minor <= amount_minor)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wallet_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_influencers" ADD CONSTRAINT "campaign_influencers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_influencers" ADD CONSTRAINT "campaign_influencers_influencer_id_users_id_fk" FOREIGN KEY ("influencer_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_movement_id_ledger_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "ledger_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_influencers_influencer_idx" ON "campaign_influencers" USING btree ("influencer_id","status");--> statement-breakpoint
CREATE INDEX "campaigns_owner_idx" ON "campaigns" USING btree ("owner_id","start_date");--> statement-breakpoint
CREATE INDEX "campaigns_dates_idx" ON "campaigns" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "ledger_entries_movement_idx" ON "ledger_entries" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_movements_kind_ref_uq" ON "ledger_movements" USING btree ("kind","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_batch_uq" ON "payouts" USING btree ("paypal_batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_item_uq" ON "payouts" USING btree ("paypal_item_id");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_pending_idx" ON "payouts" USING btree ("created_at") WHERE status = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_request_uq" ON "transfers" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_order_uq" ON "transfers" USING btree ("paypal_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_capture_uq" ON "transfers" USING btree ("paypal_capture_id");--> statement-breakpoint
CREATE INDEX "transfers_payer_idx" ON "transfers" USING btree ("payer_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_receiver_idx" ON "transfers" USING btree ("receiver_id","created_at");--> statement-breakpoint
CREATE INDEX "transfers_campaign_idx" ON "transfers" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "posts_campaign_idx" ON "posts" USING btree ("campaign_source_id","created_at") WHERE "posts"."campaign_source_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_wallet_minor_ck" CHECK (wallet_minor >= 0);