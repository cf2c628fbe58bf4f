CREATE TABLE "closing_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"jurisdiction" text NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closing_days_jurisdiction_check" CHECK (jurisdiction in ('england', 'jersey', 'guernsey', 'alderney', 'sark'))
);
--> statement-breakpoint
CREATE TABLE "sailing_departures" (
	"id" serial PRIMARY KEY NOT NULL,
	"island" text NOT NULL,
	"weekday" integer NOT NULL,
	"departs" text NOT NULL,
	"cut_off_days_before" integer NOT NULL,
	"cut_off" text NOT NULL,
	"arrives_days_after" integer NOT NULL,
	"arrives" text NOT NULL,
	CONSTRAINT "sailing_departures_weekday_check" CHECK ("sailing_departures"."weekday" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "sailing_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"island" text NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"departs_on" date,
	"departs" text,
	"cut_off_days_before" integer,
	"cut_off" text,
	"arrives_days_after" integer,
	"arrives" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sailing_exceptions_kind_check" CHECK (kind in ('extra', 'cancelled', 'changed')),
	CONSTRAINT "sailing_exceptions_times_check" CHECK (("sailing_exceptions"."kind" = 'cancelled') = ("sailing_exceptions"."departs_on" is null))
);
--> statement-breakpoint
CREATE TABLE "sailing_routes" (
	"island" text PRIMARY KEY NOT NULL,
	"via" text,
	"capacity" integer NOT NULL,
	"delivery_days_min" integer NOT NULL,
	"delivery_days_max" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sailing_routes_capacity_check" CHECK ("sailing_routes"."capacity" >= 0),
	CONSTRAINT "sailing_routes_delivery_days_check" CHECK ("sailing_routes"."delivery_days_min" >= 0 and "sailing_routes"."delivery_days_max" >= "sailing_routes"."delivery_days_min")
);
--> statement-breakpoint
ALTER TABLE "sailing_departures" ADD CONSTRAINT "sailing_departures_island_sailing_routes_island_fk" FOREIGN KEY ("island") REFERENCES "public"."sailing_routes"("island") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sailing_exceptions" ADD CONSTRAINT "sailing_exceptions_island_sailing_routes_island_fk" FOREIGN KEY ("island") REFERENCES "public"."sailing_routes"("island") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sailing_exceptions" ADD CONSTRAINT "sailing_exceptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "closing_days_jurisdiction_date_idx" ON "closing_days" USING btree ("jurisdiction","date");--> statement-breakpoint
CREATE INDEX "closing_days_date_idx" ON "closing_days" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "sailing_departures_island_weekday_idx" ON "sailing_departures" USING btree ("island","weekday");--> statement-breakpoint
CREATE UNIQUE INDEX "sailing_exceptions_island_date_idx" ON "sailing_exceptions" USING btree ("island","date");--> statement-breakpoint
CREATE INDEX "sailing_exceptions_date_idx" ON "sailing_exceptions" USING btree ("date");