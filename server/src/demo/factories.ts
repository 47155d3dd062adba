import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isClientRole, type Role, USER_TYPE } from '@portal/contracts';
import { newBlobKey } from '../lib/tokens';
import {
  clientCompanies,
  clientOffices,
  configurations,
  divisions,
  files,
  namespaces,
  numberSequences,
  offices,
  roleLicences,
  sites,
  userDivisions,
  userOffices,
  users,
  userSites,
} from '../db/schema';
import type { Db } from '../db/types';
import { insertNamespaceRoles } from '../features/registration';
import { derivedCode, typedCode } from '../features/sequences';
import { demoPasswordHash } from './password';

/**
 * Insert helpers shared by the demo seed, the API tests (as fixtures) and the benchmark's
 * data generator. They write rows directly and check nothing: the services do the checking.
 */
export interface NamespaceFixture {
  id: number;
  name: string;
  roleIds: Record<Role, number>;
}

/** Customer Registration's fields of a demo namespace (the operator's registration table shows them). */
export interface RegistrationFields {
  contactName?: string;
  mobile?: string;
  companyAddress?: string;
  companyWebsite?: string;
  projectName?: string;
  currentProjectPhase?: string;
  userDesignation?: string;
  sourceType?: number;
}

export async function insertNamespace(
  db: Db,
  input: { name: string; companyName: string; email?: string; registration?: RegistrationFields },
): Promise<NamespaceFixture> {
  const [ns] = await db
    .insert(namespaces)
    .values({ name: input.name, companyName: input.companyName, email: input.email, ...input.registration })
    .returning({ id: namespaces.id, name: namespaces.name });
  const roleIds = await insertNamespaceRoles(db, ns.id);
  return { id: ns.id, name: ns.name, roleIds };
}

export async function insertImage(
  db: Db,
  input: { namespaceId: number; ownerType: string; ownerId: number; fileName: string; png: Buffer },
): Promise<number> {
  const [row] = await db
    .insert(files)
    .values({
      namespaceId: input.namespaceId,
      blobKey: newBlobKey(),
      ownerType: input.ownerType,
      ownerId: input.ownerId,
      fileName: input.fileName,
      contentType: 'image/png',
      size: input.png.length,
      sha256: createHash('sha256').update(input.png).digest('hex'),
      content: input.png,
    })
    .returning({ id: files.id });
  return row.id;
}

export async function setClientLogo(db: Db, clientId: number, fileId: number): Promise<void> {
  await db.update(clientCompanies).set({ logoFileId: fileId }).where(eq(clientCompanies.id, clientId));
}

export async function setNamespaceLogo(db: Db, namespaceId: number, fileId: number): Promise<void> {
  await db.update(namespaces).set({ logoFileId: fileId }).where(eq(namespaces.id, namespaceId));
}

export interface AddressInput {
  street?: string;
  city?: string;
  state?: string;
  country?: string;
  pin?: number;
  phone?: string;
}

export async function insertOffice(db: Db, namespaceId: number, input: { name: string; code: string; status?: number } & AddressInput) {
  const [row] = await db
    .insert(offices)
    .values({
      namespaceId,
      name: input.name,
      acronymCode: input.code,
      // The demo's codes are typed and distinct; the index refuses a factory call that repeats one.
      code: typedCode(input.code) ?? derivedCode(input.name),
      ...address(input),
      status: input.status ?? 1,
      timeZone: 'Asia/Dubai',
    })
    .returning({ id: offices.id, name: offices.name });
  return row;
}

export async function insertDivision(
  db: Db,
  namespaceId: number,
  input: { name: string; code: string; description?: string; status?: number },
) {
  const [row] = await db
    .insert(divisions)
    .values({
      namespaceId,
      name: input.name,
      displayName: input.name,
      acronymCode: input.code,
      code: typedCode(input.code) ?? derivedCode(input.name),
      description: input.description,
      status: input.status ?? 1,
    })
    .returning({ id: divisions.id, name: divisions.name });
  return row;
}

export async function insertClient(
  db: Db,
  namespaceId: number,
  input: { name: string; code?: string; externalId?: string; officeIds?: number[]; status?: number } & AddressInput,
) {
  const [row] = await db
    .insert(clientCompanies)
    .values({
      namespaceId,
      name: input.name,
      acronymCode: input.code,
      externalId: input.externalId,
      ...address(input),
      status: input.status ?? 1,
      timeZone: 'Asia/Dubai',
    })
    .returning({ id: clientCompanies.id, name: clientCompanies.name });
  if (input.officeIds?.length) await db.insert(clientOffices).values(input.officeIds.map((officeId) => ({ clientId: row.id, officeId })));
  return row;
}

export async function insertSite(
  db: Db,
  namespaceId: number,
  companyId: number,
  input: { name: string; code?: string; parentId?: number; externalId?: string } & AddressInput,
) {
  const [row] = await db
    .insert(sites)
    .values({
      namespaceId,
      companyId,
      parentId: input.parentId,
      name: input.name,
      acronymCode: input.code,
      externalId: input.externalId,
      ...address(input),
      timeZone: 'Asia/Dubai',
    })
    .returning({ id: sites.id, name: sites.name });
  return row;
}

export interface UserInput {
  namespace: NamespaceFixture;
  role: Role;
  email: string;
  name: string;
  phone?: string;
  status?: number;
  companyId?: number | null;
  officeId?: number | null;
  secondaryOfficeIds?: number[];
  divisionIds?: number[];
  siteIds?: number[];
  externalId?: string;
  description?: string;
  /** A precomputed hash; the shared demo hash by default. null: no password yet. */
  passwordHash?: string | null;
}

export async function insertUser(db: Db, input: UserInput) {
  const client = isClientRole(input.role);
  const passwordHash = input.passwordHash === undefined ? await demoPasswordHash() : input.passwordHash;
  const [row] = await db
    .insert(users)
    .values({
      namespaceId: input.namespace.id,
      email: input.email.toLowerCase(),
      name: input.name,
      phone: input.phone,
      description: input.description,
      externalId: input.externalId,
      type: client ? USER_TYPE.CLIENT : USER_TYPE.LO,
      roleId: input.namespace.roleIds[input.role],
      companyId: client ? (input.companyId ?? null) : null,
      officeId: client ? null : (input.officeId ?? null),
      status: input.status ?? 1,
      passwordHash,
    })
    .returning({ id: users.id, email: users.email, name: users.name });
  if (!client && input.secondaryOfficeIds?.length) {
    await db.insert(userOffices).values(input.secondaryOfficeIds.map((officeId) => ({ userId: row.id, officeId })));
  }
  if (!client && input.divisionIds?.length) {
    await db.insert(userDivisions).values(input.divisionIds.map((divisionId) => ({ userId: row.id, divisionId })));
  }
  if (client && input.siteIds?.length) {
    await db.insert(userSites).values(input.siteIds.map((siteId) => ({ userId: row.id, siteId })));
  }
  return row;
}

export async function insertConfiguration(db: Db, namespaceId: number, name: string, configJson: unknown) {
  const [row] = await db.insert(configurations).values({ namespaceId, name, configJson }).returning({ id: configurations.id });
  return row;
}

export async function insertLicence(
  db: Db,
  namespaceId: number,
  input: { roleId: number; clientId: number; licenceCount: number; allUsersActive?: boolean },
) {
  await db.insert(roleLicences).values({ namespaceId, ...input, allUsersActive: input.allUsersActive ?? false });
}

export async function insertSequence(
  db: Db,
  namespaceId: number,
  input: { officeId: number; divisionId?: number | null; name: string; currentNumber?: number },
) {
  const [row] = await db
    .insert(numberSequences)
    .values({
      namespaceId,
      officeId: input.officeId,
      divisionId: input.divisionId ?? null,
      name: input.name,
      currentNumber: input.currentNumber ?? 0,
    })
    .returning({ id: numberSequences.id });
  return row;
}

function address(input: AddressInput) {
  return {
    street: input.street,
    city: input.city,
    state: input.state,
    country: input.country,
    pin: input.pin,
    phone: input.phone,
  };
}
