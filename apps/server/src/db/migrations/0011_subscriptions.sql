-- Subscriptions paid on chain, trials, invitation and community codes, and sales (issue 14).
CREATE TABLE "communities" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "communities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code" text NOT NULL,
	"half_year_price_wei" numeric(78, 0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitation_codes" (
	"address" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"invitee" text PRIMARY KEY NOT NULL,
	"inviter" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"slug" text PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_zh" text NOT NULL,
	"body_en" text NOT NULL,
	"body_zh" text NOT NULL,
	"ended_en" text,
	"ended_zh" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"offers" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_payments" (
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"payer" text NOT NULL,
	"plan" integer NOT NULL,
	"price_wei" numeric(78, 0) NOT NULL,
	"quote_id" text NOT NULL,
	CONSTRAINT "subscription_payments_tx_hash_log_index_pk" PRIMARY KEY("tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "trial_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"redeemed_by" text,
	"redeemed_at" timestamp with time zone,
	CONSTRAINT "trial_codes_redeemed_by_unique" UNIQUE("redeemed_by")
);
--> statement-breakpoint
CREATE TABLE "trials" (
	"address" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "community_id" integer;--> statement-breakpoint
ALTER TABLE "invitation_codes" ADD CONSTRAINT "invitation_codes_address_users_address_fk" FOREIGN KEY ("address") REFERENCES "public"."users"("address") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invitee_users_address_fk" FOREIGN KEY ("invitee") REFERENCES "public"."users"("address") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_inviter_users_address_fk" FOREIGN KEY ("inviter") REFERENCES "public"."users"("address") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trial_codes" ADD CONSTRAINT "trial_codes_owner_users_address_fk" FOREIGN KEY ("owner") REFERENCES "public"."users"("address") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trials" ADD CONSTRAINT "trials_address_users_address_fk" FOREIGN KEY ("address") REFERENCES "public"."users"("address") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "communities_code_idx" ON "communities" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_codes_code_idx" ON "invitation_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "invitations_inviter_idx" ON "invitations" USING btree ("inviter");--> statement-breakpoint
CREATE INDEX "subscription_payments_payer_idx" ON "subscription_payments" USING btree ("payer","block_number");--> statement-breakpoint
CREATE INDEX "subscription_payments_block_idx" ON "subscription_payments" USING btree ("block_number");--> statement-breakpoint
CREATE INDEX "trial_codes_owner_idx" ON "trial_codes" USING btree ("owner","created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE no action ON UPDATE no action;