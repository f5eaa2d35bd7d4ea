-- Market intelligence: OpenRarity scores and trait kinds, the transactions behind sales and mints (costs, mint prices), metadata refresh requests, the daily flippers, and wallet-side indexes for portfolios.
CREATE TABLE "chain_transactions" (
	"tx_hash" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text,
	"value_wei" numeric(78, 0) NOT NULL,
	"gas_used" numeric(78, 0) NOT NULL,
	"effective_gas_price_wei" numeric(78, 0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flippers" (
	"address" text PRIMARY KEY NOT NULL,
	"trades" integer NOT NULL,
	"collections" integer NOT NULL,
	"wins" integer NOT NULL,
	"profit_wei" numeric(78, 0) NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metadata_refreshes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "metadata_refreshes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_address" text NOT NULL,
	"collection" text NOT NULL,
	"token_id" numeric(78, 0),
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "token_traits" ADD COLUMN "kind" text DEFAULT 'string' NOT NULL;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "rarity_score" double precision;--> statement-breakpoint
ALTER TABLE "metadata_refreshes" ADD CONSTRAINT "metadata_refreshes_user_address_users_address_fk" FOREIGN KEY ("user_address") REFERENCES "public"."users"("address") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_transactions_block_idx" ON "chain_transactions" USING btree ("block_number");--> statement-breakpoint
CREATE INDEX "metadata_refreshes_user_idx" ON "metadata_refreshes" USING btree ("user_address","requested_at");--> statement-breakpoint
CREATE INDEX "metadata_refreshes_collection_idx" ON "metadata_refreshes" USING btree ("collection","requested_at");--> statement-breakpoint
CREATE INDEX "sales_buyer_idx" ON "sales" USING btree ("buyer");--> statement-breakpoint
CREATE INDEX "sales_seller_idx" ON "sales" USING btree ("seller");--> statement-breakpoint
CREATE INDEX "transfers_to_idx" ON "transfers" USING btree ("to_address");--> statement-breakpoint
CREATE INDEX "transfers_from_idx" ON "transfers" USING btree ("from_address");--> statement-breakpoint
CREATE INDEX "transfers_mint_block_idx" ON "transfers" USING btree ("block_number","collection") WHERE from_address = '0x0000000000000000000000000000000000000000';