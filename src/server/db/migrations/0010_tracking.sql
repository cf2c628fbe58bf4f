CREATE TABLE "order_tracking_codes" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_tracking_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "order_tracking_codes" ADD CONSTRAINT "order_tracking_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;