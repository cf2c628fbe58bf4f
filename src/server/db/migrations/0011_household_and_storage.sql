CREATE TABLE "household_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"parcel_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_notices_parcel_kind_unique" UNIQUE("parcel_id","kind")
);
--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "household_member_id" integer;--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "abandoned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "parcels" ADD COLUMN "abandoned_by" integer;--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_notices" ADD CONSTRAINT "storage_notices_parcel_id_parcels_id_fk" FOREIGN KEY ("parcel_id") REFERENCES "public"."parcels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "household_members_customer_id_idx" ON "household_members" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "household_members_name_idx" ON "household_members" USING btree (lower("first_name" || ' ' || "last_name"));--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_household_member_id_household_members_id_fk" FOREIGN KEY ("household_member_id") REFERENCES "public"."household_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parcels" ADD CONSTRAINT "parcels_abandoned_by_users_id_fk" FOREIGN KEY ("abandoned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;