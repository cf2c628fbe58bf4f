ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_cases" ADD COLUMN "kind" text DEFAULT 'missing-items' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_cases" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "order_cases" ADD COLUMN "remeasure" jsonb;--> statement-breakpoint
ALTER TABLE "order_cases" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "order_cases" ADD COLUMN "outcome_pence" integer;--> statement-breakpoint
ALTER TABLE "order_cases" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "parcel_photos" ADD COLUMN "case_id" integer;--> statement-breakpoint
ALTER TABLE "order_cases" ADD CONSTRAINT "order_cases_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_cases" ADD CONSTRAINT "order_cases_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_cases_invoice_id_unique" ON "order_cases" USING btree ("invoice_id");--> statement-breakpoint
UPDATE "invoices" SET "kind" = 'excess' WHERE "reason" LIKE 'Excess carriage:%';
