CREATE TABLE "api_secrets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"hint" text NOT NULL,
	"legacy" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"previous_hash" text,
	"previous_hint" text,
	"previous_expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_secrets" ADD CONSTRAINT "api_secrets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Merchants whose server already calls the zAPI (they made an API payment) keep their webhook
-- secret as a legacy API secret, hashed, so the running integration is not cut off; the one before
-- a regenerate still inside its 24 h grace comes along. Everyone else makes an API secret first.
INSERT INTO "api_secrets" ("user_id", "secret_hash", "hint", "legacy", "previous_hash", "previous_hint", "previous_expires_at")
SELECT i."user_id",
	encode(sha256(convert_to(i."secret", 'UTF8')), 'hex'),
	right(i."secret", 4),
	true,
	CASE WHEN i."previous_secret" IS NOT NULL AND i."rotated_at" > now() - interval '24 hours' THEN encode(sha256(convert_to(i."previous_secret", 'UTF8')), 'hex') END,
	CASE WHEN i."previous_secret" IS NOT NULL AND i."rotated_at" > now() - interval '24 hours' THEN right(i."previous_secret", 4) END,
	CASE WHEN i."previous_secret" IS NOT NULL AND i."rotated_at" > now() - interval '24 hours' THEN i."rotated_at" + interval '24 hours' END
FROM "merchant_integrations" i
WHERE EXISTS (SELECT 1 FROM "api_payments" p WHERE p."user_id" = i."user_id");--> statement-breakpoint
ALTER TABLE "merchant_integrations" DROP COLUMN "previous_secret";--> statement-breakpoint
ALTER TABLE "merchant_integrations" DROP COLUMN "rotated_at";
--> statement-breakpoint
CREATE TABLE "route_settlement_cursors" (
	"chain_id" integer NOT NULL,
	"route_address" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "route_settlements" (
	"chain_id" integer NOT NULL,
	"route_address" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"token" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "route_settlement_cursors_chain_route_uq" ON "route_settlement_cursors" USING btree ("chain_id","route_address");--> statement-breakpoint
CREATE UNIQUE INDEX "route_settlements_chain_tx_log_uq" ON "route_settlements" USING btree ("chain_id","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "route_settlements_chain_route_block_idx" ON "route_settlements" USING btree ("chain_id","route_address","block_number");
