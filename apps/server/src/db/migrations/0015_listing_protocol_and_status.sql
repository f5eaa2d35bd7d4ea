-- Each listing names its exchange protocol; every listing stored so far is a Seaport order. Status and protocol are checked against the names the code knows.
ALTER TABLE "listings" ADD COLUMN "protocol" text NOT NULL DEFAULT 'seaport';--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "protocol" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_status_check" CHECK (status in ('active', 'unverified', 'filled', 'cancelled', 'expired', 'invalid'));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_protocol_check" CHECK (protocol in ('seaport'));
