-- Each sale names the exchange protocol it was read from. Every sale stored so far came from Seaport or LooksRare v2,
-- the only exchanges indexed until now; LooksRare's are the marketplace `looks`.
ALTER TABLE "sales" ADD COLUMN "protocol" text;--> statement-breakpoint
UPDATE "sales" SET "protocol" = CASE WHEN "marketplace" = 'looks' THEN 'looksrare-v2' ELSE 'seaport' END;--> statement-breakpoint
ALTER TABLE "sales" ALTER COLUMN "protocol" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_protocol_check" CHECK (protocol in ('seaport', 'looksrare-v2', 'blur-v1', 'blur-v2', 'x2y2', 'sudoswap-v1', 'sudoswap-v2'));
