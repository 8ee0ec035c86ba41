ALTER TABLE "messages" DROP CONSTRAINT "messages_merchant_id_merchants_id_fk";
