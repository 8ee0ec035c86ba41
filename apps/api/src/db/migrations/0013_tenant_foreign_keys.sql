ALTER TABLE "memberships" DROP CONSTRAINT "memberships_custom_role_id_custom_roles_id_fk";
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_merged_into_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "customers" DROP CONSTRAINT "customers_merged_into_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "merchant_accounts" DROP CONSTRAINT "merchant_accounts_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "account_co_borrowers" DROP CONSTRAINT "account_co_borrowers_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "account_co_borrowers" DROP CONSTRAINT "account_co_borrowers_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "account_tag_links" DROP CONSTRAINT "account_tag_links_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "account_tag_links" DROP CONSTRAINT "account_tag_links_tag_id_account_tags_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_events" DROP CONSTRAINT "customer_events_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_events" DROP CONSTRAINT "customer_events_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_notes" DROP CONSTRAINT "customer_notes_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_notes" DROP CONSTRAINT "customer_notes_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_methods" DROP CONSTRAINT "payment_methods_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_import_row_errors" DROP CONSTRAINT "customer_import_row_errors_import_id_customer_imports_id_fk";
--> statement-breakpoint
ALTER TABLE "consent_events" DROP CONSTRAINT "consent_events_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_group_members" DROP CONSTRAINT "customer_group_members_group_id_customer_groups_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_group_members" DROP CONSTRAINT "customer_group_members_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "message_batches" DROP CONSTRAINT "message_batches_template_id_message_templates_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_batch_id_message_batches_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_template_id_message_templates_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_conversations" DROP CONSTRAINT "customer_conversations_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_conversations" DROP CONSTRAINT "customer_conversations_location_id_locations_id_fk";
--> statement-breakpoint
ALTER TABLE "custom_roles" ADD CONSTRAINT "custom_roles_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
ALTER TABLE "account_tags" ADD CONSTRAINT "account_tags_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
ALTER TABLE "customer_imports" ADD CONSTRAINT "customer_imports_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
ALTER TABLE "message_batches" ADD CONSTRAINT "message_batches_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_merchant_id_id_key" UNIQUE("merchant_id","id");--> statement-breakpoint

-- Tenant foreign keys: a child row names its parent together with its own merchant, so a row pointing at
-- another merchant's customer, account, location, tag, role, group, template, batch or import is refused by
-- the database even when a check in code is missed. SET NULL (column) clears only the reference and keeps
-- merchant_id (PostgreSQL 15+); drizzle-kit cannot express it, so these live here and not in the schema.
-- messages are a parent only of rows our own code derives from the message row (status and consent events):
-- a (merchant_id, id) key on the largest table would cost every mass text for no refusal we need.

ALTER TABLE "memberships" ADD CONSTRAINT "memberships_custom_role_id_tenant_fk" FOREIGN KEY ("merchant_id","custom_role_id") REFERENCES "custom_roles"("merchant_id","id") ON DELETE SET NULL ("custom_role_id");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_customer_id_tenant_fk" FOREIGN KEY ("merchant_id","customer_id") REFERENCES "customers"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_location_id_tenant_fk" FOREIGN KEY ("merchant_id","location_id") REFERENCES "locations"("merchant_id","id") ON DELETE SET NULL ("location_id");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_merged_into_id_tenant_fk" FOREIGN KEY ("merchant_id","merged_into_id") REFERENCES "accounts"("merchant_id","id") ON DELETE SET NULL ("merged_into_id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_location_id_tenant_fk" FOREIGN KEY ("merchant_id","location_id") REFERENCES "locations"("merchant_id","id") ON DELETE SET NULL ("location_id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_merged_into_id_tenant_fk" FOREIGN KEY ("merchant_id","merged_into_id") REFERENCES "customers"("merchant_id","id") ON DELETE SET NULL ("merged_into_id");--> statement-breakpoint
ALTER TABLE "merchant_accounts" ADD CONSTRAINT "merchant_accounts_location_id_tenant_fk" FOREIGN KEY ("merchant_id","location_id") REFERENCES "locations"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "account_co_borrowers" ADD CONSTRAINT "account_co_borrowers_account_id_tenant_fk" FOREIGN KEY ("merchant_id","account_id") REFERENCES "accounts"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "account_co_borrowers" ADD CONSTRAINT "account_co_borrowers_customer_id_tenant_fk" FOREIGN KEY ("merchant_id","customer_id") REFERENCES "customers"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "account_tag_links" ADD CONSTRAINT "account_tag_links_account_id_tenant_fk" FOREIGN KEY ("merchant_id","account_id") REFERENCES "accounts"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "account_tag_links" ADD CONSTRAINT "account_tag_links_tag_id_tenant_fk" FOREIGN KEY ("merchant_id","tag_id") REFERENCES "account_tags"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "customer_events" ADD CONSTRAINT "customer_events_customer_id_tenant_fk" FOREIGN KEY ("merchant_id","customer_id") REFERENCES "customers"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "customer_events" ADD CONSTRAINT "customer_events_account_id_tenant_fk" FOREIGN KEY ("merchant_id","account_id") REFERENCES "accounts"("merchant_id","id") ON DELETE SET NULL ("account_id");--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_tenant_fk" FOREIGN KEY ("merchant_id","customer_id") REFERENCES "customers"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_account_id_tenant_fk" FOREIGN KEY ("merchant_id","account_id") REFERENCES "accounts"("merchant_id","id") ON DELETE SET NULL ("account_id");--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_customer_id_tenant_fk" FOREIGN KEY ("merchant_id","customer_id") REFERENCES "customers"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "customer_import_row_errors" ADD CONSTRAINT "customer_import_row_errors_import_id_tenant_fk" FOREIGN KEY ("merchant_id","import_id") REFERENCES "customer_imports"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_customer_id_tenant_fk" FOREIGN KEY ("merchant_id","customer_id") REFERENCES "customers"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_group_id_tenant_fk" FOREIGN KEY ("merchant_id","group_id") REFERENCES "customer_groups"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_customer_id_tenant_fk" FOREIGN KEY ("merchant_id","customer_id") REFERENCES "customers"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "message_batches" ADD CONSTRAINT "message_batches_template_id_tenant_fk" FOREIGN KEY ("merchant_id","template_id") REFERENCES "message_templates"("merchant_id","id") ON DELETE SET NULL ("template_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_customer_id_tenant_fk" FOREIGN KEY ("merchant_id","customer_id") REFERENCES "customers"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_tenant_fk" FOREIGN KEY ("merchant_id","account_id") REFERENCES "accounts"("merchant_id","id") ON DELETE SET NULL ("account_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_batch_id_tenant_fk" FOREIGN KEY ("merchant_id","batch_id") REFERENCES "message_batches"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_template_id_tenant_fk" FOREIGN KEY ("merchant_id","template_id") REFERENCES "message_templates"("merchant_id","id") ON DELETE SET NULL ("template_id");--> statement-breakpoint
ALTER TABLE "customer_conversations" ADD CONSTRAINT "customer_conversations_customer_id_tenant_fk" FOREIGN KEY ("merchant_id","customer_id") REFERENCES "customers"("merchant_id","id") ON DELETE CASCADE;--> statement-breakpoint
ALTER TABLE "customer_conversations" ADD CONSTRAINT "customer_conversations_location_id_tenant_fk" FOREIGN KEY ("merchant_id","location_id") REFERENCES "locations"("merchant_id","id") ON DELETE SET NULL ("location_id");
