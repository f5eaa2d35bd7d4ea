-- Live notifications: own wallets, notifications with their derivation cursor, broker credentials, presence, collections' supply caps (a mint-out is news). ENS names move from users.ens (never written outside tests) to a cache of verified names for any address.
CREATE TABLE "ens_names" (
	"address" text PRIMARY KEY NOT NULL,
	"name" text,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_credentials" (
	"password_hash" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"client_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_cursor" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"block_number" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_address" text,
	"type" integer NOT NULL,
	"wallet" text,
	"collection" text,
	"token_id" numeric(78, 0),
	"price_wei" numeric(78, 0),
	"profit_wei" numeric(78, 0),
	"title" text,
	"body" text,
	"tx_hash" text,
	"block_number" bigint,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notifications_source_key" UNIQUE NULLS NOT DISTINCT("user_address","type","wallet","source")
);
--> statement-breakpoint
CREATE TABLE "user_wallets" (
	"user_address" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_wallets_user_address_address_pk" PRIMARY KEY("user_address","address")
);
--> statement-breakpoint
ALTER TABLE "collections" ADD COLUMN "max_supply" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "proceeds_wei" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_credentials" ADD CONSTRAINT "live_credentials_address_users_address_fk" FOREIGN KEY ("address") REFERENCES "public"."users"("address") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_address_users_address_fk" FOREIGN KEY ("user_address") REFERENCES "public"."users"("address") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_wallets" ADD CONSTRAINT "user_wallets_user_address_users_address_fk" FOREIGN KEY ("user_address") REFERENCES "public"."users"("address") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_credentials_expires_at_idx" ON "live_credentials" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "notifications_user_time_idx" ON "notifications" USING btree ("user_address","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_block_idx" ON "notifications" USING btree ("block_number") WHERE block_number is not null;--> statement-breakpoint
CREATE INDEX "user_wallets_address_idx" ON "user_wallets" USING btree ("address");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "ens";--> statement-breakpoint
CREATE VIEW "own_wallets" AS SELECT "address" AS "user_address", "address" AS "wallet" FROM "users" UNION SELECT "user_address", "address" FROM "user_wallets";
