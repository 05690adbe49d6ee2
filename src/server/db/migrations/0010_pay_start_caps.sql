ALTER TABLE "transactions" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE INDEX "transactions_initiated_product_idx" ON "transactions" USING btree ("product_id") WHERE "transactions"."status" = 'initiated';--> statement-breakpoint
CREATE INDEX "transactions_initiated_client_idx" ON "transactions" USING btree ("client_address") WHERE "transactions"."status" = 'initiated';