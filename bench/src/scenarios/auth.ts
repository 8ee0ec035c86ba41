import { callerReadSql } from './caller-read-sql';
import { routeBudget } from '../budget';
import type { Scenario } from './scenario';

// Sign-in verifies an argon2id hash (~40 ms of CPU each on this machine), so it is CPU-bound by design:
// fewer connections, and it is expected to be far slower than the bare route. No §7 budget.
export const signIn: Scenario = {
  name: 'POST /api/token/',
  connections: 10,
  request: (ctx) => ({
    method: 'POST',
    path: '/api/token/',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ctx.admin.email, password: ctx.admin.password }),
  }),
};

const profileBudget = routeBudget('detail');

export const profile: Scenario = {
  name: 'GET /api/profile/',
  budget: profileBudget,
  connections: profileBudget.clients,
  request: (ctx) => ({
    method: 'GET',
    path: '/api/profile/',
    headers: { authorization: `Bearer ${ctx.admin.access}` },
  }),
  // What the route runs: the caller read, then the memberships with their merchants.
  sql: (ctx) => [
    callerReadSql(ctx, null),
    {
      text: `select m.roles, me.id, me.name, me.logo_path from memberships m
             join merchants me on me.id = m.merchant_id where m.user_id = $1 order by m.created_at`,
      values: [ctx.admin.userId],
    },
  ],
};
