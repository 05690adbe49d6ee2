CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"transaction_id" uuid,
	"unmapped_id" uuid,
	"chain_id" integer NOT NULL,
	"token_address" text NOT NULL,
	"decimals" integer NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"source_token_account" text NOT NULL,
	"destination_owner" text NOT NULL,
	"destination_token_account" text NOT NULL,
	"reference" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"signature" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "refunds_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "refunded_amount" numeric(78, 0) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_unmapped_id_unmapped_transfers_id_fk" FOREIGN KEY ("unmapped_id") REFERENCES "public"."unmapped_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_transaction_idx" ON "refunds" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "refunds_unmapped_idx" ON "refunds" USING btree ("unmapped_id");--> statement-breakpoint
CREATE INDEX "refunds_user_created_idx" ON "refunds" USING btree ("user_id","created_at");