CREATE TABLE "marketplace_connectors" (
	"name" text PRIMARY KEY NOT NULL,
	"ok_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"failure" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"backoff_until" timestamp with time zone,
	"listings_stored" integer DEFAULT 0 NOT NULL,
	"listings_refused" integer DEFAULT 0 NOT NULL
);
