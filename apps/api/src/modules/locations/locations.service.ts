import type { Location, LocationWrite } from '@paylane/shared/contracts/locations';
import type { AppContext } from '../../context';
import { notFound } from '../../kit/errors';
import { recordAudit } from '../audit/audit.service';
import {
  findLocation as findLocationRow,
  insertLocation,
  listLocations as listLocationRows,
  updateLocation as updateLocationRow,
  type LocationData,
  type LocationRow,
} from './locations.repository';
import { rowsOfPage, type PageSlice } from '../../kit/paging';
import type { Actor } from '../../kit/actor';

export function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    name: row.name,
    address_line1: row.addressLine1,
    address_line2: row.addressLine2,
    city: row.city,
    state: row.state,
    postal_code: row.postalCode,
    phone: row.phone,
    time_zone: row.timeZone,
    status: row.status,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

const toData = (input: LocationWrite): LocationData => ({
  name: input.name,
  addressLine1: input.address_line1,
  addressLine2: input.address_line2,
  city: input.city,
  state: input.state,
  postalCode: input.postal_code,
  phone: input.phone,
  timeZone: input.time_zone,
  status: input.status,
});

export async function listLocations(
  ctx: AppContext,
  merchantId: string,
  query: { search?: string | undefined; page: number; page_size: number },
): Promise<PageSlice<Location>> {
  const { rows, total } = await listLocationRows(ctx.db, {
    merchantId,
    search: query.search || undefined,
    ...rowsOfPage(query),
  });
  return {
    count: total,
    results: rows.map(toLocation),
  };
}

/** The merchant's location, or null (another merchant's location is as unknown as a missing one). */
export async function findLocation(
  ctx: AppContext,
  merchantId: string,
  id: string,
): Promise<Location | null> {
  const row = await findLocationRow(ctx.db, merchantId, id);
  return row ? toLocation(row) : null;
}

export async function getLocation(ctx: AppContext, merchantId: string, id: string): Promise<Location> {
  const location = await findLocation(ctx, merchantId, id);
  if (!location) throw notFound();
  return location;
}

export async function createLocation(ctx: AppContext, actor: Actor, input: LocationWrite): Promise<Location> {
  const location = toLocation(await insertLocation(ctx.db, actor.merchantId, toData(input)));
  await audit(ctx, actor, 'location.created', location.id, { before: null, after: location });
  return location;
}

export async function updateLocation(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: LocationWrite,
): Promise<Location> {
  const before = await getLocation(ctx, actor.merchantId, id);
  const row = await updateLocationRow(ctx.db, {
    merchantId: actor.merchantId,
    id,
    data: toData(input),
    at: ctx.now(),
  });
  if (!row) throw notFound();
  const after = toLocation(row);
  await audit(ctx, actor, 'location.updated', id, { before, after });
  return after;
}

function audit(
  ctx: AppContext,
  actor: Actor,
  action: string,
  locationId: string,
  change: { before: Location | null; after: Location | null },
) {
  return recordAudit(ctx, {
    merchantId: actor.merchantId,
    actorUserId: actor.userId,
    ip: actor.ip,
    action,
    entityType: 'location',
    entityId: locationId,
    ...change,
  });
}
