ALTER TABLE "merchant_wallets" ADD COLUMN "route_address" text;--> statement-breakpoint
ALTER TABLE "merchant_wallets" ADD COLUMN "deploy_hash" text;--> statement-breakpoint
ALTER TABLE "merchant_wallets" ADD COLUMN "deployed_at" timestamp with time zone;