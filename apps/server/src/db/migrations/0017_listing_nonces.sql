-- LooksRare's order and subset nonces beside the global one (counter): present exactly for LooksRare listings.
ALTER TABLE "listings" ADD COLUMN "order_nonce" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "subset_nonce" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_nonces_check" CHECK ((protocol = 'looksrare-v2') = (order_nonce is not null and subset_nonce is not null));