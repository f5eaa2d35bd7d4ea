-- A holder's tokens of a collection, found by owner: whale alerts count them for every lister they check.
CREATE INDEX "tokens_collection_owner_idx" ON "tokens" USING btree ("collection","owner");