CREATE TABLE "evm_log_cursors" (
	"chain_id" integer NOT NULL,
	"proxy" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "evm_log_cursors_chain_proxy_uq" ON "evm_log_cursors" USING btree ("chain_id","proxy");