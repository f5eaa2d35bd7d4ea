-- LooksRare v2 joins the exchange protocols a listing may name.
ALTER TABLE "listings" DROP CONSTRAINT "listings_protocol_check";--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_protocol_check" CHECK (protocol in ('seaport', 'looksrare-v2'));