CREATE TABLE "sailing_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"groups" jsonb NOT NULL,
	"told_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sailing_notices_untold_idx" ON "sailing_notices" USING btree ("id") WHERE "sailing_notices"."told_at" is null;