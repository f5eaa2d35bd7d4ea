CREATE TABLE "watchlist" (
	"user_address" text NOT NULL,
	"collection" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "watchlist_user_address_collection_pk" PRIMARY KEY("user_address","collection")
);
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "rarity_stale" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "rarity_rank" integer;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "flagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "watchlist" ADD CONSTRAINT "watchlist_user_address_users_address_fk" FOREIGN KEY ("user_address") REFERENCES "public"."users"("address") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_collection_block_idx" ON "sales" USING btree ("collection","block_number");