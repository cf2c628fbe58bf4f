CREATE TABLE "backup_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rows" bigint NOT NULL,
	"bytes" bigint NOT NULL
);
