CREATE TABLE "chain_skipped_logs" (
	"reason" text PRIMARY KEY NOT NULL,
	"logs" bigint NOT NULL,
	CONSTRAINT "chain_skipped_logs_reason_check" CHECK (reason in ('malformed', 'foreign', 'unpriced'))
);
