CREATE TABLE "gas_settings" (
	"address" text PRIMARY KEY NOT NULL,
	"gas" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sweep_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_address" text NOT NULL,
	"collection" text NOT NULL,
	"status" text NOT NULL,
	"flag" smallint DEFAULT 0 NOT NULL,
	"items" jsonb NOT NULL,
	"total" numeric(78, 0) NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"tx_data_hash" text NOT NULL,
	"tx_hash" text,
	"spent" numeric(78, 0),
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "sweep_orders_tx_hash_unique" UNIQUE("tx_hash")
);
--> statement-breakpoint
ALTER TABLE "pending_buys" ADD COLUMN "priority_fee_wei" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "gas_settings" ADD CONSTRAINT "gas_settings_address_users_address_fk" FOREIGN KEY ("address") REFERENCES "public"."users"("address") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sweep_orders" ADD CONSTRAINT "sweep_orders_user_address_users_address_fk" FOREIGN KEY ("user_address") REFERENCES "public"."users"("address") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sweep_orders_user_created_idx" ON "sweep_orders" USING btree ("user_address","created_at");