CREATE TABLE "retailer_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"parcel_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"bought" boolean DEFAULT false NOT NULL,
	"invoice_id" integer,
	"label_content_type" text,
	"label_file_name" text DEFAULT '' NOT NULL,
	"label_data" "bytea",
	"label_attached_at" timestamp with time zone,
	"carrier" text DEFAULT '' NOT NULL,
	"tracking_number" text DEFAULT '' NOT NULL,
	"refund_pence" integer,
	"returned_at" timestamp with time zone,
	"returned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retailer_returns_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "retailer_returns" ADD CONSTRAINT "retailer_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retailer_returns" ADD CONSTRAINT "retailer_returns_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retailer_returns" ADD CONSTRAINT "retailer_returns_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retailer_returns" ADD CONSTRAINT "retailer_returns_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retailer_returns" ADD CONSTRAINT "retailer_returns_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retailer_returns_open_idx" ON "retailer_returns" USING btree ("returned_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK (status in ('Quote Requested', 'Quote Ready', 'Quote Declined', 'Awaiting Payment', 'Awaiting Parcel', 'Received at Depot', 'Paid', 'Return Requested', 'Returned to Retailer', 'Shipped', 'Delivered', 'Cancelled'));