CREATE TABLE "status_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"process" text NOT NULL,
	"row_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "status_events_process_check" CHECK (process in ('payment', 'invoice', 'refund', 'case', 'discount-use'))
);
--> statement-breakpoint
ALTER TABLE "status_events" ADD CONSTRAINT "status_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "status_events_row_idx" ON "status_events" USING btree ("process","row_id","id");