CREATE TABLE "customer_import_rows" (
	"import_id" uuid NOT NULL,
	"merchant_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"row_number" integer NOT NULL,
	"cells" text NOT NULL,
	CONSTRAINT "customer_import_rows_import_id_position_pk" PRIMARY KEY("import_id","position")
);
--> statement-breakpoint
ALTER TABLE "customer_imports" ALTER COLUMN "csv_text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_import_rows" ADD CONSTRAINT "customer_import_rows_import_fk" FOREIGN KEY ("merchant_id","import_id") REFERENCES "public"."customer_imports"("merchant_id","id") ON DELETE cascade ON UPDATE no action;