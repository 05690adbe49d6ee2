ALTER TABLE "webhook_attempts" ADD COLUMN "state" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ALTER COLUMN "duration_ms" DROP NOT NULL;
