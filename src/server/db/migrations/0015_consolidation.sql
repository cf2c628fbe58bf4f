CREATE TABLE "consignment_orders" (
	"consignment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"paid_pence" integer NOT NULL,
	"released_at" timestamp with time zone,
	"left_out" boolean DEFAULT false NOT NULL,
	CONSTRAINT "consignment_orders_consignment_id_order_id_pk" PRIMARY KEY("consignment_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "consignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"island" text NOT NULL,
	"status" text NOT NULL,
	"estimate" jsonb,
	"weight_grams" integer,
	"length_mm" integer,
	"width_mm" integer,
	"height_mm" integer,
	"final" jsonb,
	"repack_started_at" timestamp with time zone,
	"repacked_by" integer,
	"carrier" text,
	"tracking_number" text DEFAULT '' NOT NULL,
	"dispatched_at" timestamp with time zone,
	"dispatched_by" integer,
	"invoice_id" integer,
	"reversed_at" timestamp with time zone,
	"reversed_by" integer,
	"reversal_invoice_id" integer,
	"late_asked_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consignments_status_check" CHECK (status in ('requested', 'awaiting parcels', 'ready', 'repacking', 'dispatched', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "consignment_id" integer;--> statement-breakpoint
ALTER TABLE "consignment_orders" ADD CONSTRAINT "consignment_orders_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment_orders" ADD CONSTRAINT "consignment_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_repacked_by_users_id_fk" FOREIGN KEY ("repacked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_dispatched_by_users_id_fk" FOREIGN KEY ("dispatched_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_reversed_by_users_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_reversal_invoice_id_invoices_id_fk" FOREIGN KEY ("reversal_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consignment_orders_open_order_idx" ON "consignment_orders" USING btree ("order_id") WHERE "consignment_orders"."released_at" is null;--> statement-breakpoint
CREATE INDEX "consignments_customer_id_idx" ON "consignments" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "consignments_status_idx" ON "consignments" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_consignment_id_idx" ON "refunds" USING btree ("consignment_id");