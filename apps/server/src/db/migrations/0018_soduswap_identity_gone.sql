-- The devnet's made-up second Seaport marketplace, labelled soduswap, is gone: soduswap is the switch for sudoswap's
-- AMM pools, which trade through no signed listing. The order book now refuses its Seaport listings (no marketplace
-- of the chain pays its fee recipient), so those still open end as refused; its sales become sales of a Seaport
-- marketplace the indexer cannot tell, which is how it reads any such order. Floors follow on the next refresh.
UPDATE "listings" SET "status" = 'invalid', "status_reason" = 'refused', "updated_at" = now()
 WHERE "marketplace" = 'soduswap' AND "status" IN ('active', 'unverified');--> statement-breakpoint
UPDATE "sales" SET "marketplace" = NULL WHERE "marketplace" = 'soduswap';
