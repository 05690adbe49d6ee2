CREATE TABLE "merchant_wallets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"type" text DEFAULT 'manual' NOT NULL,
	"valid" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quick_pays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hashed_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"site" text,
	"price" text NOT NULL,
	"currency" text NOT NULL,
	"use_fiat" boolean NOT NULL,
	"price_base_units" bigint,
	"user_currency" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "quick_pays_hashed_id_unique" UNIQUE("hashed_id")
);
--> statement-breakpoint
ALTER TABLE "merchant_wallets" ADD CONSTRAINT "merchant_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_pays" ADD CONSTRAINT "quick_pays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_wallets_user_chain_uq" ON "merchant_wallets" USING btree ("user_id","chain_id");--> statement-breakpoint
CREATE INDEX "merchant_wallets_chain_address_idx" ON "merchant_wallets" USING btree ("chain_id","address");--> statement-breakpoint
CREATE INDEX "quick_pays_user_created_idx" ON "quick_pays" USING btree ("user_id","created_at");