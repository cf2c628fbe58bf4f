CREATE TABLE "order_item_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"value_each_pence" integer NOT NULL,
	"origin" text NOT NULL,
	"commodity_code" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_item_lines_quantity_check" CHECK ("order_item_lines"."quantity" > 0),
	CONSTRAINT "order_item_lines_value_check" CHECK ("order_item_lines"."value_each_pence" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "retailer_delivery_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item_lines" ADD CONSTRAINT "order_item_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_item_lines_order_position_idx" ON "order_item_lines" USING btree ("order_id","position");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_retailer_delivery_check" CHECK ("orders"."retailer_delivery_pence" >= 0);--> statement-breakpoint
-- GST becomes a setting per island (issue 27, docs/decisions/0035): an installation's Jersey rate
-- and threshold move into Tax/Gst, the Bailiwick of Guernsey's islands off. A new installation
-- gets Tax/Gst from the seed instead (src/server/db/seed-data.ts).
INSERT INTO "settings" ("category", "name", "value", "public")
SELECT 'Tax', 'Gst', json_build_object(
  'Jersey', json_build_object(
    'Enabled', true,
    'Rate', coalesce((SELECT "value"::numeric FROM "settings" WHERE "category" = 'Tax' AND "name" = 'JerseyGstRate'), 0.05),
    'ThresholdPence', coalesce((SELECT "value"::numeric::integer FROM "settings" WHERE "category" = 'Tax' AND "name" = 'JerseyGstThresholdPence'), 6000)),
  'Guernsey', json_build_object('Enabled', false, 'Rate', 0.05, 'ThresholdPence', 6000),
  'Alderney', json_build_object('Enabled', false, 'Rate', 0.05, 'ThresholdPence', 6000),
  'Sark', json_build_object('Enabled', false, 'Rate', 0.05, 'ThresholdPence', 6000),
  'Herm', json_build_object('Enabled', false, 'Rate', 0.05, 'ThresholdPence', 6000))::text, true
WHERE EXISTS (SELECT 1 FROM "settings" WHERE "category" = 'Tax' AND "name" = 'JerseyGstRate')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "settings" WHERE "category" = 'Tax' AND "name" IN ('JerseyGstRate', 'JerseyGstThresholdPence');
