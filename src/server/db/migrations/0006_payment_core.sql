CREATE TABLE "receiving_account_scans" (
	"chain_id" integer NOT NULL,
	"account" text NOT NULL,
	"user_id" uuid NOT NULL,
	"last_signature" text,
	"scanned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "unmapped_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"chain_id" integer NOT NULL,
	"token_address" text NOT NULL,
	"recipient_token_account" text NOT NULL,
	"signature" text NOT NULL,
	"instruction_index" integer NOT NULL,
	"inner_index" integer DEFAULT -1 NOT NULL,
	"source" text NOT NULL,
	"payer" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"memos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"slot" bigint,
	"block_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "payment_credits_transfer_uq";--> statement-breakpoint
ALTER TABLE "payment_credits" ADD COLUMN "inner_index" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_credits" ADD COLUMN "payer" text;--> statement-breakpoint
ALTER TABLE "payment_credits" ADD COLUMN "source_owner" text;--> statement-breakpoint
ALTER TABLE "payment_credits" ADD COLUMN "finalized" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_credits" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "receiving_account_scans" ADD CONSTRAINT "receiving_account_scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmapped_transfers" ADD CONSTRAINT "unmapped_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receiving_account_scans_pk" ON "receiving_account_scans" USING btree ("chain_id","account");--> statement-breakpoint
CREATE UNIQUE INDEX "unmapped_transfers_transfer_uq" ON "unmapped_transfers" USING btree ("chain_id","signature","instruction_index","inner_index");--> statement-breakpoint
CREATE INDEX "unmapped_transfers_user_created_idx" ON "unmapped_transfers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_credits_transfer_uq" ON "payment_credits" USING btree ("chain_id","signature","instruction_index","inner_index");--> statement-breakpoint
-- Credits of transactions already validated were seen at finalized.
UPDATE "payment_credits" SET "finalized" = true FROM "transactions" WHERE "transactions"."id" = "payment_credits"."transaction_id" AND "transactions"."status" = 'validated';--> statement-breakpoint
UPDATE "payment_credits" SET "payer" = "transactions"."payer" FROM "transactions" WHERE "transactions"."id" = "payment_credits"."transaction_id";
