CREATE TABLE "retired_routes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"chain_id" integer NOT NULL,
	"route_address" text NOT NULL,
	"owner_address" text NOT NULL,
	"deploy_hash" text,
	"deploy_block" bigint,
	"verified_at" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_wallets" ADD COLUMN "route_deploy_block" bigint;--> statement-breakpoint
ALTER TABLE "retired_routes" ADD CONSTRAINT "retired_routes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "retired_routes_user_chain_route_uq" ON "retired_routes" USING btree ("user_id","chain_id","route_address");