ALTER TABLE "transactions" ADD COLUMN "client_prefix" text;--> statement-breakpoint
DROP INDEX IF EXISTS "transactions_initiated_client_idx";--> statement-breakpoint
CREATE INDEX "transactions_initiated_prefix_idx" ON "transactions" USING btree ("client_prefix","expires_at") WHERE "transactions"."status" = 'initiated';--> statement-breakpoint
CREATE INDEX "transactions_initiated_expires_idx" ON "transactions" USING btree ("expires_at") WHERE "transactions"."status" = 'initiated';
