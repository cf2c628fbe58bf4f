CREATE TABLE "parcel_plans" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"island" text NOT NULL,
	"state" text NOT NULL,
	"hold_reason" text,
	"ready_at" timestamp with time zone NOT NULL,
	"route" text,
	"sailing_date" date,
	"onward_date" date,
	"cut_off_at" timestamp with time zone,
	"departs_at" timestamp with time zone,
	"earliest" date,
	"latest" date,
	"reason" text DEFAULT '' NOT NULL,
	"moved_by" text,
	"moved_from" date,
	"exception_id" integer,
	"promised_latest" date,
	"dispatched_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parcel_plans_state_check" CHECK (state in ('booked', 'at-depot', 'held', 'sailed', 'delivered', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "parcel_plans" ADD CONSTRAINT "parcel_plans_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcel_plans" ADD CONSTRAINT "parcel_plans_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parcel_plans_sailing_idx" ON "parcel_plans" USING btree ("route","sailing_date");--> statement-breakpoint
CREATE INDEX "parcel_plans_onward_idx" ON "parcel_plans" USING btree ("island","onward_date");--> statement-breakpoint
CREATE INDEX "parcel_plans_customer_idx" ON "parcel_plans" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "parcel_plans_exception_idx" ON "parcel_plans" USING btree ("exception_id");--> statement-breakpoint
CREATE INDEX "parcel_plans_delivered_idx" ON "parcel_plans" USING btree ("delivered_at");