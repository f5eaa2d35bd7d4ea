-- A nonce lives 10 minutes and older rows have no issued text to compare a login with: they go (a replay of one then reads as unknown, refused all the same).
DELETE FROM "auth_nonces";--> statement-breakpoint
ALTER TABLE "auth_nonces" ADD COLUMN "message" text NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_nonces" DROP COLUMN "domain";--> statement-breakpoint
ALTER TABLE "auth_nonces" DROP COLUMN "chain_id";
