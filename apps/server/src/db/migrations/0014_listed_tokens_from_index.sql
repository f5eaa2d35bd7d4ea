-- The token joins the active listings' covering index: trending's listed count is distinct tokens, read from the index alone.
DROP INDEX "listings_active_collection_price_idx";--> statement-breakpoint
CREATE INDEX "listings_active_collection_price_idx" ON "listings" USING btree ("collection","price_wei","end_time","start_time","token_id") WHERE status = 'active';