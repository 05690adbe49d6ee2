CREATE TABLE "api_idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hashed_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"price" text NOT NULL,
	"currency" text NOT NULL,
	"use_fiat" boolean NOT NULL,
	"price_base_units" bigint,
	"user_currency" text NOT NULL,
	"order_id" text,
	"metadata" jsonb,
	"callback_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_payments_hashed_id_unique" UNIQUE("hashed_id")
);
--> statement-breakpoint
ALTER TABLE "merchant_integrations" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "merchant_integrations" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_idempotency_keys" ADD CONSTRAINT "api_idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_idempotency_keys" ADD CONSTRAINT "api_idempotency_keys_payment_id_api_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."api_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_payments" ADD CONSTRAINT "api_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_idempotency_keys_user_key_idx" ON "api_idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "api_payments_user_created_idx" ON "api_payments" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "api_payments_user_order_idx" ON "api_payments" USING btree ("user_id","order_id");