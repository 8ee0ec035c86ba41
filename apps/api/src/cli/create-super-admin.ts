import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema } from '@paylane/shared/validation';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { migrateExclusively } from '../db/migrate';
import { hashPassword } from '../lib/passwords';
import { createUser, findUserByEmail } from '../modules/auth/identity.service';

// npm run create-super-admin -- --email you@example.com --first-name Ada --last-name Lovelace
// The password is read from PAYLANE_ADMIN_PASSWORD so it never lands in shell history.
const { values } = parseArgs({
  options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
});
const email = emailSchema.safeParse(values.email ?? '');
const password = passwordSchema.safeParse(process.env.PAYLANE_ADMIN_PASSWORD ?? '');
if (!email.success || !password.success) {
  console.error(
    'Usage: PAYLANE_ADMIN_PASSWORD=... npm run create-super-admin -- --email EMAIL [--first-name F --last-name L]',
  );
  if (!email.success) console.error(`email: ${email.error.issues[0]?.message}`);
  if (!password.success) console.error(`PAYLANE_ADMIN_PASSWORD: ${password.error.issues[0]?.message}`);
  process.exit(2);
}
const config = loadConfig();
const database = await openConfiguredDatabase(config, 2);
await migrateExclusively(database);
if (await findUserByEmail(database.db, email.data)) {
  console.error('Email address already in use');
  await database.close();
  process.exit(1);
}
await createUser(database.db, {
  email: email.data,
  passwordHash: await hashPassword(password.data),
  firstName: values['first-name'] ?? '',
  lastName: values['last-name'] ?? '',
  isSuperAdmin: true,
  isPartner: false,
});
await database.close();
console.log(`Super admin ${email.data} created.`);
