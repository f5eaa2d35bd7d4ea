CREATE TABLE "collection_stats_buckets" (
	"span_minutes" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"collection" text NOT NULL,
	"trades" integer DEFAULT 0 NOT NULL,
	"volume_wei" numeric(78, 0) DEFAULT '0' NOT NULL,
	CONSTRAINT "collection_stats_buckets_span_minutes_bucket_collection_pk" PRIMARY KEY("span_minutes","bucket","collection") INCLUDE ("trades", "volume_wei")
);
--> statement-breakpoint
DROP INDEX "listings_active_collection_price_idx";--> statement-breakpoint
CREATE INDEX "listings_active_collection_price_idx" ON "listings" USING btree ("collection","price_wei","end_time","start_time") WHERE status = 'active';--> statement-breakpoint
-- A database indexed before this migration: its minutes fill the buckets (spans as in COARSE_SPANS_MINUTES).
INSERT INTO "collection_stats_buckets" ("span_minutes", "bucket", "collection", "trades", "volume_wei")
SELECT span.minutes, date_bin(span.minutes * interval '1 minute', m.minute, timestamptz '2000-01-01 00:00:00+00'),
       m.collection, sum(m.trades), sum(m.volume_wei)
  FROM "collection_stats_1m" m CROSS JOIN unnest(ARRAY[10, 60, 240, 720]) AS span(minutes)
 WHERE m.trades > 0
 GROUP BY 1, 2, 3;
