DROP INDEX "transactions_user_created_idx";--> statement-breakpoint
CREATE INDEX "transactions_user_created_id_idx" ON "transactions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_user_signature_idx" ON "transactions" USING btree ("user_id","signature");--> statement-breakpoint
CREATE INDEX "transactions_user_order_id_idx" ON "transactions" USING btree ("user_id",("merchant_extras" ->> 'orderId'));