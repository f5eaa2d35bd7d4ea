-- Premium is derived from payments, trials and invitation bonuses (0011), so no end is stored on the user.
ALTER TABLE "users" DROP COLUMN "premium_until";