-- A LooksRare ask signed in a batch is filled with its merkle tree (the root signed, and its proof), kept beside it;
-- a Seaport bulk order's proof is part of its signature, so a Seaport listing never has one.
ALTER TABLE "listings" ADD COLUMN "merkle_tree" jsonb;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_merkle_tree_check" CHECK (protocol = 'looksrare-v2' or merkle_tree is null);