CREATE TABLE "amm_pools" (
	"protocol" text NOT NULL,
	"address" text NOT NULL,
	"factory_made" boolean NOT NULL,
	"announced_block" bigint,
	CONSTRAINT "amm_pools_protocol_address_pk" PRIMARY KEY("protocol","address")
);
