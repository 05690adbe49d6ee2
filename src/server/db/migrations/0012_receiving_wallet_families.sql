CREATE TABLE "wallet_address_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"family" text NOT NULL,
	"old_address" text NOT NULL,
	"new_address" text NOT NULL,
	"old_type" text NOT NULL,
	"new_type" text NOT NULL,
	"signed_in_as" text NOT NULL,
	"signed_in_at" timestamp with time zone NOT NULL,
	"client_address" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_proof_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"message" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "merchant_wallets_user_chain_uq";--> statement-breakpoint
ALTER TABLE "merchant_wallets" ADD COLUMN "family" text;--> statement-breakpoint
ALTER TABLE "merchant_wallets" ADD COLUMN "chains" integer[];--> statement-breakpoint
-- Wallets attached before families existed were one per chain (in practice the instance's Solana
-- chain). Each becomes its chain's family wallet receiving on that chain; should a merchant hold
-- two of one family (a data directory used in both modes), the oldest keeps the family and the
-- others are kept apart under their chain and marked unusable rather than failing the start.
WITH ranked AS (
	SELECT "id",
		CASE
			WHEN "chain_id" IN (-5000, -5001, -5002) THEN 'solana'
			WHEN "chain_id" IN (1, 10, 56, 66, 137, 1284, 8453, 42161, 43114, 1313161554, 31337, 31338) THEN 'evm'
			WHEN "chain_id" = -6005 THEN 'near'
			WHEN "chain_id" = -10001 THEN 'icp'
			ELSE 'chain:' || "chain_id"
		END AS "family"
	FROM "merchant_wallets"
), numbered AS (
	SELECT r."id", r."family", row_number() OVER (PARTITION BY w."user_id", r."family" ORDER BY w."created_at", w."id") AS "n"
	FROM ranked r JOIN "merchant_wallets" w ON w."id" = r."id"
)
UPDATE "merchant_wallets" w
SET "family" = CASE WHEN n."n" = 1 THEN n."family" ELSE 'retired:' || w."chain_id" || ':' || w."id" END,
	"valid" = w."valid" AND n."n" = 1,
	"chains" = ARRAY[w."chain_id"]
FROM numbered n
WHERE n."id" = w."id";--> statement-breakpoint
ALTER TABLE "merchant_wallets" ALTER COLUMN "family" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_wallets" ALTER COLUMN "chains" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_wallets" ADD COLUMN "wallet_name" text;--> statement-breakpoint
ALTER TABLE "merchant_wallets" ADD COLUMN "proven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_address_changes" ADD CONSTRAINT "wallet_address_changes_wallet_id_merchant_wallets_id_fk" FOREIGN KEY ("wallet_id") REFERENCES "public"."merchant_wallets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_address_changes" ADD CONSTRAINT "wallet_address_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_proof_nonces" ADD CONSTRAINT "wallet_proof_nonces_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_address_changes_wallet_idx" ON "wallet_address_changes" USING btree ("wallet_id","changed_at");--> statement-breakpoint
CREATE INDEX "wallet_proof_nonces_expires_idx" ON "wallet_proof_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_wallets_user_family_uq" ON "merchant_wallets" USING btree ("user_id","family");