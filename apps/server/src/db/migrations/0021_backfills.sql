CREATE TABLE "backfills" (
	"from_block" bigint PRIMARY KEY NOT NULL,
	"to_block" bigint NOT NULL,
	"next_block" bigint NOT NULL,
	"logs" bigint DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
