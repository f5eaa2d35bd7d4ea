CREATE TABLE "calendar_events" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"time_known" boolean NOT NULL,
	"collection" text,
	"image_url" text,
	"twitter_url" text,
	"discord_url" text,
	"marketplace_url" text,
	"website_url" text
);
--> statement-breakpoint
CREATE TABLE "chain_blocks" (
	"number" bigint PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"parent_hash" text NOT NULL,
	"timestamp" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_stats_1m" (
	"collection" text NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"trades" integer DEFAULT 0 NOT NULL,
	"volume_wei" numeric(78, 0) DEFAULT '0' NOT NULL,
	"new_listings" integer DEFAULT 0 NOT NULL,
	"floor_wei" numeric(78, 0),
	CONSTRAINT "collection_stats_1m_collection_minute_pk" PRIMARY KEY("collection","minute")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"address" text PRIMARY KEY NOT NULL,
	"name" text,
	"symbol" text,
	"standard" text,
	"total_supply" numeric(78, 0),
	"image_url" text,
	"verified" boolean DEFAULT false NOT NULL,
	"info_status" text DEFAULT 'pending' NOT NULL,
	"first_seen_block" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"order_hash" text PRIMARY KEY NOT NULL,
	"collection" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"offerer" text NOT NULL,
	"price_wei" numeric(78, 0) NOT NULL,
	"marketplace" text NOT NULL,
	"order_way" integer NOT NULL,
	"protocol_address" text NOT NULL,
	"operator" text NOT NULL,
	"counter" numeric(78, 0) NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"parameters" jsonb NOT NULL,
	"signature" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"status_reason" text,
	"status_block" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pending_buys" (
	"tx_hash" text NOT NULL,
	"collection" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"buyer" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pending_buys_tx_hash_collection_token_id_pk" PRIMARY KEY("tx_hash","collection","token_id")
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"item_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"collection" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"price_wei" numeric(78, 0) NOT NULL,
	"payment_token" text NOT NULL,
	"buyer" text NOT NULL,
	"seller" text NOT NULL,
	"marketplace" text,
	"order_hash" text NOT NULL,
	"indexed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_block_number_log_index_item_index_pk" PRIMARY KEY("block_number","log_index","item_index")
);
--> statement-breakpoint
CREATE TABLE "token_traits" (
	"collection" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"trait_type" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "token_traits_collection_token_id_trait_type_value_pk" PRIMARY KEY("collection","token_id","trait_type","value")
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"collection" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"owner" text,
	"name" text,
	"image_url" text,
	"metadata_status" text DEFAULT 'pending' NOT NULL,
	"metadata_attempts" integer DEFAULT 0 NOT NULL,
	"metadata_next_attempt_at" timestamp with time zone,
	"minted_block" bigint,
	CONSTRAINT "tokens_collection_token_id_pk" PRIMARY KEY("collection","token_id")
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"item_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"collection" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	CONSTRAINT "transfers_block_number_log_index_item_index_pk" PRIMARY KEY("block_number","log_index","item_index")
);
--> statement-breakpoint
CREATE INDEX "calendar_events_starts_at_idx" ON "calendar_events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "collection_stats_1m_minute_idx" ON "collection_stats_1m" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "listings_active_collection_price_idx" ON "listings" USING btree ("collection","price_wei") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "listings_collection_token_idx" ON "listings" USING btree ("collection","token_id");--> statement-breakpoint
CREATE INDEX "listings_offerer_idx" ON "listings" USING btree ("offerer");--> statement-breakpoint
CREATE INDEX "listings_status_block_idx" ON "listings" USING btree ("status_block");--> statement-breakpoint
CREATE INDEX "listings_created_at_idx" ON "listings" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pending_buys_collection_token_idx" ON "pending_buys" USING btree ("collection","token_id");--> statement-breakpoint
CREATE INDEX "tokens_metadata_queue_idx" ON "tokens" USING btree ("metadata_status","metadata_next_attempt_at");--> statement-breakpoint
CREATE INDEX "transfers_collection_token_idx" ON "transfers" USING btree ("collection","token_id");