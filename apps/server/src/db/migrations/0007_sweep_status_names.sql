-- Sweeps store their state by name; the API's codes are made only where an answer is built. The order's flag 0/1/2 becomes outcome 'pending'/'bought'/'nothing_bought', and each item's is_buy becomes its status: null 'standby', 1 'in_progress', 3 'bought', 4 'failed', 5000 'skipped', 4001 'rejected', 5253 'over_gas_limit', 1515 'higher_than_expected'. Every code has its own name, so each row answers the same codes as before; a code without a name stops the migration instead of being lost.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "sweep_orders", jsonb_array_elements("items") AS item
     WHERE item->>'is_buy' IS NOT NULL AND item->>'is_buy' NOT IN ('1', '3', '4', '5000', '4001', '5253', '1515')
  ) THEN
    RAISE EXCEPTION 'sweep_orders.items holds an is_buy code without a name';
  END IF;
END $$;--> statement-breakpoint
UPDATE "sweep_orders" SET "items" = (
  SELECT coalesce(jsonb_agg((element.item - 'is_buy') || jsonb_build_object('status', CASE element.item->>'is_buy'
           WHEN '1' THEN 'in_progress'
           WHEN '3' THEN 'bought'
           WHEN '4' THEN 'failed'
           WHEN '5000' THEN 'skipped'
           WHEN '4001' THEN 'rejected'
           WHEN '5253' THEN 'over_gas_limit'
           WHEN '1515' THEN 'higher_than_expected'
           ELSE 'standby'
         END) ORDER BY element.position), '[]'::jsonb)
    FROM jsonb_array_elements("sweep_orders"."items") WITH ORDINALITY AS element(item, position)
);--> statement-breakpoint
ALTER TABLE "sweep_orders" RENAME COLUMN "flag" TO "outcome";--> statement-breakpoint
ALTER TABLE "sweep_orders" ALTER COLUMN "outcome" DROP DEFAULT;--> statement-breakpoint
-- A flag other than 0, 1 or 2 becomes null, which the column's NOT NULL refuses: the migration stops.
ALTER TABLE "sweep_orders" ALTER COLUMN "outcome" SET DATA TYPE text USING CASE "outcome" WHEN 0 THEN 'pending' WHEN 1 THEN 'bought' WHEN 2 THEN 'nothing_bought' END;--> statement-breakpoint
ALTER TABLE "sweep_orders" ALTER COLUMN "outcome" SET DEFAULT 'pending';
