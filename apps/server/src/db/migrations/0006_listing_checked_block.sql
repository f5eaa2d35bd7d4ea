-- Each listing records the block its on-chain checks read; a rollback or a replaced block makes it 'unverified' until checked again. Listings from before have none: any rollback has them checked again.
ALTER TABLE "listings" ADD COLUMN "validated_block" bigint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "validated_hash" text;--> statement-breakpoint
CREATE INDEX "listings_active_validated_block_idx" ON "listings" USING btree ("validated_block") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "listings_unverified_idx" ON "listings" USING btree ("order_hash") WHERE status = 'unverified';