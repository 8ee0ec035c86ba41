CREATE TABLE "merchant_customer_counts" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"live_customers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_customer_counts" ADD CONSTRAINT "merchant_customer_counts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Statement-level triggers keep merchant_customer_counts in step with every insert, void (update of
-- voided_at), merge and delete of customers: one counter update per statement, however many rows it wrote.
CREATE FUNCTION merchant_customer_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO merchant_customer_counts AS c (merchant_id, live_customers)
      SELECT merchant_id, count(*)::int FROM new_rows WHERE voided_at IS NULL GROUP BY merchant_id
      ON CONFLICT (merchant_id) DO UPDATE SET live_customers = c.live_customers + excluded.live_customers;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE merchant_customer_counts c SET live_customers = c.live_customers - d.n
      FROM (SELECT merchant_id, count(*)::int AS n FROM old_rows WHERE voided_at IS NULL GROUP BY merchant_id) d
      WHERE c.merchant_id = d.merchant_id;
  ELSE
    INSERT INTO merchant_customer_counts AS c (merchant_id, live_customers)
      SELECT merchant_id, sum(delta)::int FROM (
        SELECT merchant_id, 1 AS delta FROM new_rows WHERE voided_at IS NULL
        UNION ALL
        SELECT merchant_id, -1 AS delta FROM old_rows WHERE voided_at IS NULL
      ) d GROUP BY merchant_id HAVING sum(delta) <> 0
      ON CONFLICT (merchant_id) DO UPDATE SET live_customers = c.live_customers + excluded.live_customers;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER customers_count_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION merchant_customer_counts_apply();--> statement-breakpoint
CREATE TRIGGER customers_count_update AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION merchant_customer_counts_apply();--> statement-breakpoint
CREATE TRIGGER customers_count_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION merchant_customer_counts_apply();--> statement-breakpoint
INSERT INTO merchant_customer_counts (merchant_id, live_customers)
  SELECT merchant_id, count(*)::int FROM customers WHERE voided_at IS NULL GROUP BY merchant_id;
