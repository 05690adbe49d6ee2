ALTER TABLE "collects" ADD COLUMN "last_email_kind" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "production_requests" ADD COLUMN "granted_at" timestamp with time zone;