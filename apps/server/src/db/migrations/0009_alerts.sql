-- Chat-DM alerts: the users' chat links, their alerts, what each alert last saw (crossings, floors), every firing (one DM, unique on its cause) and how far the wallet alerts have read.
CREATE TABLE "alert_cursor" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"block_number" bigint NOT NULL,
	"listings_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"alert_id" bigint NOT NULL,
	"user_address" text NOT NULL,
	"source" text NOT NULL,
	"content" text NOT NULL,
	"status" text NOT NULL,
	"block_number" bigint,
	"block_hash" text,
	"event_at" timestamp with time zone NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"message_id" text,
	CONSTRAINT "alert_deliveries_source_key" UNIQUE("alert_id","source")
);
--> statement-breakpoint
CREATE TABLE "alert_states" (
	"alert_id" bigint NOT NULL,
	"key" text NOT NULL,
	"above" boolean NOT NULL,
	"value_wei" numeric(78, 0),
	"crossings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "alert_states_alert_id_key_pk" PRIMARY KEY("alert_id","key")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_address" text NOT NULL,
	"type" integer NOT NULL,
	"title" text NOT NULL,
	"enabled" boolean NOT NULL,
	"dm_limit" integer NOT NULL,
	"collection" text,
	"rule" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_links" (
	"user_address" text PRIMARY KEY NOT NULL,
	"chat_id" text NOT NULL,
	"dm_channel_id" text,
	"lang" text NOT NULL,
	"tested_at" timestamp with time zone,
	"reachable" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_states" ADD CONSTRAINT "alert_states_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_address_users_address_fk" FOREIGN KEY ("user_address") REFERENCES "public"."users"("address") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_links" ADD CONSTRAINT "chat_links_user_address_users_address_fk" FOREIGN KEY ("user_address") REFERENCES "public"."users"("address") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_alert_fired_idx" ON "alert_deliveries" USING btree ("alert_id","fired_at");--> statement-breakpoint
CREATE INDEX "alerts_user_created_idx" ON "alerts" USING btree ("user_address","created_at");