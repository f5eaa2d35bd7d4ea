-- A marketplace API may serve a Seaport order without its signature and hand the signature out per fill (OpenSea's
-- fulfillment data): such a listing is stored unsigned, with the API to ask at quote time.
ALTER TABLE "listings" ALTER COLUMN "signature" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "fulfillment_api" text;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_fulfillment_api_check" CHECK ((signature is null) = (fulfillment_api is not null) and (fulfillment_api is null or protocol = 'seaport'));
