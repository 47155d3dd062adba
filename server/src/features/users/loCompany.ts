import { eq } from 'drizzle-orm';
import { LOCATION_OBJECT_TYPE } from '@portal/contracts';
import { namespaces } from '../../db/schema';
import type { LocationType } from '../locations';

/**
 * `GET /api/Location/Object?objectType=LO_COMPANY`: the Company choice of LO users, which is the
 * namespace itself (the provider company). An LO user's companyId is this id.
 */
export const loCompanyLocation: LocationType = {
  objectType: LOCATION_OBJECT_TYPE.LO_COMPANY,
  objects: {
    permission: 'locations.read',
    async run(ctx) {
      const rows = await ctx.db
        .select({ id: namespaces.id, name: namespaces.companyName })
        .from(namespaces)
        .where(eq(namespaces.id, ctx.scope.namespaceId));
      return rows.map((row) => ({ ...row, objectType: LOCATION_OBJECT_TYPE.LO_COMPANY }));
    },
  },
};
