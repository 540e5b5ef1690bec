CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"price_id" text NOT NULL,
	"kind" text NOT NULL,
	"applied_kind" text,
	"currency" text NOT NULL,
	"list_amount_minor" integer NOT NULL,
	"amount_due_minor" integer NOT NULL,
	"amount_paid_minor" integer,
	"promotion_code" text,
	"status" text NOT NULL,
	"stripe_session_id" text,
	"stripe_payment_intent" text,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_status_ck" CHECK (status IN ('pending', 'paid', 'failed')),
	CONSTRAINT "payments_kind_ck" CHECK (kind IN ('new', 'renew', 'upgrade')),
	CONSTRAINT "payments_currency_ck" CHECK (currency IN ('usd', 'inr', 'gbp', 'eur')),
	CONSTRAINT "payments_amounts_ck" CHECK (list_amount_minor >= 0 AND amount_due_minor >= 0 AND (amount_paid_minor IS NULL OR amount_paid_minor >= 0))
);
--> statement-breakpoint
CREATE TABLE "plan_prices" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" integer NOT NULL,
	CONSTRAINT "plan_prices_currency_ck" CHECK (currency IN ('usd', 'inr', 'gbp', 'eur')),
	CONSTRAINT "plan_prices_amount_ck" CHECK (amount_minor >= 0)
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_type" text NOT NULL,
	"plan_name" text NOT NULL,
	"plan_level" integer NOT NULL,
	"post_limit" integer,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"purchasable" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "plans_post_limit_ck" CHECK (post_limit IS NULL OR post_limit >= 0)
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_prices" ADD CONSTRAINT "plan_prices_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_stripe_session_uq" ON "payments" USING btree ("stripe_session_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "plan_prices_plan_currency_uq" ON "plan_prices" USING btree ("plan_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_plan_type_uq" ON "plans" USING btree ("plan_type");--> statement-breakpoint
INSERT INTO "plans" ("id", "plan_type", "plan_name", "plan_level", "post_limit", "features", "purchasable") VALUES
	('plan_free_tier', 'FreeTier', 'FreeTier', 0, 5, '["5 posts a month","Every network","Renews every month"]'::jsonb, false),
	('plan_starter', 'Starter', 'Starter', 1, 20, '["20 posts a month","Schedule posts ahead","Drafts and calendar","Post analytics"]'::jsonb, true),
	('plan_professional', 'Professional', 'Professional', 2, NULL, '["Unlimited posts","Everything in Starter","Team members and roles","Priority support"]'::jsonb, true),
	('plan_enterprise', 'Enterprise', 'Enterprise', 3, NULL, '["Unlimited posts","Everything in Professional","A dedicated account manager","Onboarding for your team"]'::jsonb, true)
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "plan_prices" ("id", "plan_id", "currency", "amount_minor") VALUES
	('price_starter_usd', 'plan_starter', 'usd', 1900),
	('price_starter_inr', 'plan_starter', 'inr', 149900),
	('price_starter_gbp', 'plan_starter', 'gbp', 1500),
	('price_starter_eur', 'plan_starter', 'eur', 1700),
	('price_professional_usd', 'plan_professional', 'usd', 4900),
	('price_professional_inr', 'plan_professional', 'inr', 399900),
	('price_professional_gbp', 'plan_professional', 'gbp', 3900),
	('price_professional_eur', 'plan_professional', 'eur', 4500),
	('price_enterprise_usd', 'plan_enterprise', 'usd', 1749900),
	('price_enterprise_inr', 'plan_enterprise', 'inr', 1749900),
	('price_enterprise_gbp', 'plan_enterprise', 'gbp', 15900),
	('price_enterprise_eur', 'plan_enterprise', 'eur', 17900)
ON CONFLICT DO NOTHING;
