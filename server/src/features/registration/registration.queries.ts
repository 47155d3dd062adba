import { type AnyColumn, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type RegistrationColumn, type RegistrationFilter, type RegistrationRow, registrationRowCan } from '@portal/contracts';
import { namespaces } from '../../db/schema';
import type { Db } from '../../db/types';
import { contains } from '../../lib/search';

/** The spec's column names on the namespaces table (the operator reads every namespace's row). */
const stateLabel = sql`case when ${namespaces.status} = 1 then 'Active' else 'Inactive' end`;
const sourceLabel = sql`case when ${namespaces.sourceType} = 1 then 'Non Lite User' else 'Lite User' end`;

const FILTER_COLUMN: Record<RegistrationColumn, AnyColumn | SQL> = {
  id: sql`${namespaces.id}::text`,
  name: namespaces.contactName,
  companyname: namespaces.companyName,
  email: namespaces.email,
  mobilenumber: namespaces.mobile,
  namespace: namespaces.name,
  currentstate: stateLabel,
  sourcetype: sourceLabel,
};

const SORT_COLUMN: Record<RegistrationColumn, AnyColumn | SQL> = {
  id: namespaces.id,
  name: sql`lower(coalesce(${namespaces.contactName}, ''))`,
  companyname: sql`lower(${namespaces.companyName})`,
  email: sql`lower(coalesce(${namespaces.email}, ''))`,
  mobilenumber: sql`coalesce(${namespaces.mobile}, '')`,
  namespace: sql`lower(${namespaces.name})`,
  currentstate: namespaces.status,
  sourcetype: namespaces.sourceType,
};

function where(filter: RegistrationFilter): SQL | undefined {
  const parts = Object.entries(filter)
    .filter(([, text]) => typeof text === 'string' && text.trim() !== '')
    .map(([column, text]) => contains(FILTER_COLUMN[column as RegistrationColumn], text as string));
  return parts.length > 0 ? sql.join(parts, sql` and `) : undefined;
}

const rowColumns = {
  id: namespaces.id,
  name: sql<string>`coalesce(${namespaces.contactName}, '')`,
  email: sql<string>`coalesce(${namespaces.email}, '')`,
  mobilenumber: namespaces.mobile,
  namespace: namespaces.name,
  companyname: namespaces.companyName,
  companyaddress: namespaces.companyAddress,
  companywebsite: namespaces.companyWebsite,
  projectname: namespaces.projectName,
  projectaddress: namespaces.projectAddress,
  projectwebsite: namespaces.projectWebsite,
  projectreraregistration: namespaces.projectReraRegistration,
  currentprojectphase: namespaces.currentProjectPhase,
  sourcetype: namespaces.sourceType,
  userdesignation: namespaces.userDesignation,
  currentstate: namespaces.status,
  hasLogo: sql<boolean>`${namespaces.logoFileId} is not null`,
};

function withFlags(row: Omit<RegistrationRow, 'operator' | 'can'>, operatorId: number): RegistrationRow {
  const operator = row.id === operatorId;
  return { ...row, operator, can: registrationRowCan({ currentstate: row.currentstate, operator }) };
}

export async function registrationRows(
  db: Db,
  operatorId: number,
  query: { offset: number; limit: number; sortField: RegistrationColumn; sortOrder: 'asc' | 'desc'; filter: RegistrationFilter },
): Promise<RegistrationRow[]> {
  const order = query.sortOrder === 'desc' ? desc : asc;
  const base = db
    .select(rowColumns)
    .from(namespaces)
    .where(where(query.filter))
    .orderBy(order(SORT_COLUMN[query.sortField]), order(namespaces.id));
  const rows = query.limit === -1 ? await base : await base.limit(query.limit).offset(Math.max(query.offset, 0));
  return rows.map((r) => withFlags(r, operatorId));
}

export async function registrationCount(db: Db, filter: RegistrationFilter): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(namespaces).where(where(filter));
  return row.n;
}

export async function registrationRow(db: Db, operatorId: number, id: number): Promise<RegistrationRow | null> {
  const [row] = await db.select(rowColumns).from(namespaces).where(eq(namespaces.id, id));
  return row ? withFlags(row, operatorId) : null;
}
