CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text NOT NULL,
	"product_id" integer,
	"bespoke_price_pence" integer,
	"quote_price_pence" integer,
	"length_mm" integer,
	"width_mm" integer,
	"height_mm" integer,
	"weight_grams" integer,
	"description" text NOT NULL,
	"item_value_pence" integer NOT NULL,
	"item_count" integer DEFAULT 1 NOT NULL,
	"island" text NOT NULL,
	"retailer_name" text DEFAULT '' NOT NULL,
	"retailer_website" text DEFAULT '' NOT NULL,
	"retailer_order_number" text DEFAULT '' NOT NULL,
	"expected_delivery_date" date,
	"tracking_number" text DEFAULT '' NOT NULL,
	"delivery_count" integer DEFAULT 1 NOT NULL,
	"extra_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_reference_unique" UNIQUE("reference"),
	CONSTRAINT "orders_status_check" CHECK (status in ('Quote Requested', 'Quote Ready', 'Quote Declined', 'Awaiting Payment', 'Awaiting Parcel', 'Received at Depot', 'Paid', 'Shipped', 'Delivered', 'Missing Items Reported', 'Cancelled')),
	CONSTRAINT "orders_item_value_check" CHECK ("orders"."item_value_pence" > 0),
	CONSTRAINT "orders_item_count_check" CHECK ("orders"."item_count" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_customer_id_idx" ON "orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");