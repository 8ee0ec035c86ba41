import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedScale } from '../db/seed/scale';

// npm run seed:scale -- [--merchants 200] [--customers 100000] [--demo-share 0.2] [--messages-per-customer 10]
//   [--transactions 1000000]
// Adds benchmark volume to DATABASE_URL or the embedded database (it never deletes anything). When the demo
// merchant exists it receives --demo-share of the customers, so benchmarks signed in as its admin measure a
// large merchant.
const { values } = parseArgs({
  options: {
    merchants: { type: 'string', default: '200' },
    customers: { type: 'string', default: '100000' },
    'demo-share': { type: 'string', default: '0.2' },
    'messages-per-customer': { type: 'string', default: '10' },
    transactions: { type: 'string', default: '1000000' },
  },
});
const merchantCount = Number(values.merchants);
const customerCount = Number(values.customers);
const demoShare = Number(values['demo-share']);
const messagesPerCustomer = Number(values['messages-per-customer']);
const transactionCount = Number(values.transactions);
if (
  !Number.isInteger(merchantCount) ||
  merchantCount < 1 ||
  !Number.isInteger(customerCount) ||
  customerCount < 0 ||
  !(demoShare >= 0 && demoShare <= 1) ||
  !Number.isInteger(messagesPerCustomer) ||
  messagesPerCustomer < 0 ||
  !Number.isInteger(transactionCount) ||
  transactionCount < 0
) {
  console.error(
    'Usage: npm run seed:scale -- [--merchants N>=1] [--customers N>=0] [--demo-share 0..1] [--messages-per-customer N>=0] [--transactions N>=0]',
  );
  process.exit(2);
}
const config = loadConfig();
const database = await openConfiguredDatabase(config, 2);
await migrateDatabase(database.db);
const started = Date.now();
console.log(
  `Seeding ${customerCount} customers and ${transactionCount} transactions over ${merchantCount} merchants...`,
);
const seeded = await seedScale(
  database.db,
  {
    merchants: merchantCount,
    customers: customerCount,
    demoShare,
    messagesPerCustomer,
    transactions: transactionCount,
  },
  console.log,
);
if (seeded.demoCustomers > 0) console.log(`${seeded.demoCustomers} of them went to Demo Motors.`);
await database.close();
console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
