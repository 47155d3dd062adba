import { type Role, USER_STATUS } from '@portal/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { OWNER } from '../lib/fileAccess';
import { roles, users } from '../db/schema';
import { signaturePng } from '../db/seed/emblem';
import type { Db } from '../db/types';
import { insertImage, insertUser, type NamespaceFixture } from './factories';
import { FIRST_NAMES, LAST_NAMES, type Random } from './random';

// The people of a seeded namespace beyond the one-user-per-role accounts, and their signatures.

/** The roles whose people sign certificates (DECISIONS 9: inspectors and approvers). */
const SIGNING_ROLES: readonly Role[] = ['FIELD-ENGG', 'FIELD-JUNIOR', 'APPROVER', 'APPROVER-ONLY', 'LO-ADMIN'];
const QUALIFICATIONS: Partial<Record<Role, string>> = {
  'FIELD-ENGG': 'LEEA Diploma (Lifting Equipment Engineer), CompEx EX01-04',
  'FIELD-JUNIOR': 'LEEA Foundation Certificate',
  APPROVER: 'CEng MIMechE; LEEA Diploma; Technical Manager',
  'APPROVER-ONLY': 'IEng MIET; Quality Manager',
  'LO-ADMIN': 'LEEA Diploma; Operations Manager',
};

/** A signature and qualifications for everyone of the namespace in a signing role. */
export async function seedSignatures(tx: Db, namespaceId: number): Promise<void> {
  const people = await tx
    .select({ id: users.id, name: users.name, role: roles.baseRole })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.namespaceId, namespaceId), inArray(roles.baseRole, [...SIGNING_ROLES])));
  for (const person of people) {
    const fileId = await insertImage(tx, {
      namespaceId,
      ownerType: OWNER.userSignature,
      ownerId: person.id,
      fileName: 'signature.png',
      png: signaturePng(person.name),
    });
    await tx
      .update(users)
      .set({ signatureFileId: fileId, qualifications: QUALIFICATIONS[person.role as Role] ?? null })
      .where(eq(users.id, person.id));
  }
}

/** About 290 more people across every role and status: the staff of a believable firm. */
export async function seedStaff(
  tx: Db,
  ns: NamespaceFixture,
  random: Random,
  domain: string,
  officeList: { id: number }[],
  divisionList: { id: number }[],
  clientList: { id: number; siteIds: number[] }[],
) {
  const loMix: [Role, number][] = [
    ['FIELD-ENGG', 60],
    ['FIELD-JUNIOR', 25],
    ['SCHEDULER', 20],
    ['APPROVER', 18],
    ['APPROVER-ONLY', 10],
    ['SALES-PERSON', 14],
    ['CORPORATE', 8],
    ['LO-ADMIN', 6],
    ['CONFIG_ADMIN', 2],
  ];
  const clientMix: [Role, number][] = [
    ['CLIENT-USER', 55],
    ['SITE-USER', 35],
    ['REQUESTER', 25],
    ['CLIENT-ADMIN', 12],
  ];
  const status = () => {
    const roll = random.next();
    if (roll < 0.86) return USER_STATUS.ACTIVE;
    if (roll < 0.91) return USER_STATUS.SUSPENDED;
    if (roll < 0.96) return USER_STATUS.ARCHIVED;
    return USER_STATUS.REMOVED;
  };
  let n = 0;
  const person = () => {
    n++;
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    return { name: `${first} ${last}`, email: `${first}.${last}.${n}@${domain}`.toLowerCase().replace(/\s+/g, '') };
  };
  for (const [role, count] of loMix) {
    for (let i = 0; i < count; i++) {
      const office = random.pick(officeList);
      const who = person();
      await insertUser(tx, {
        namespace: ns,
        role,
        ...who,
        phone: `+971 5${random.int(0, 8)} ${random.int(100, 999)} ${random.int(1000, 9999)}`,
        status: status(),
        officeId: office.id,
        secondaryOfficeIds: random.chance(0.4)
          ? random
              .sample(
                officeList.filter((o) => o !== office),
                1,
              )
              .map((o) => o.id)
          : [],
        divisionIds: random.sample(divisionList, random.int(1, 2)).map((d) => d.id),
        externalId: random.chance(0.3) ? `HR-${random.int(1000, 9999)}` : undefined,
      });
    }
  }
  for (const [role, count] of clientMix) {
    for (let i = 0; i < count; i++) {
      // Clients 3, 10, 17... keep their CLIENT-USER seats within the licence of 10.
      const client = random.pick(clientList);
      const who = person();
      const siteLimited = role === 'SITE-USER' || role === 'REQUESTER';
      await insertUser(tx, {
        namespace: ns,
        role,
        ...who,
        phone: random.chance(0.7) ? `+971 5${random.int(0, 8)} ${random.int(100, 999)} ${random.int(1000, 9999)}` : undefined,
        status: status(),
        companyId: client.id,
        siteIds: siteLimited ? random.sample(client.siteIds, 1) : random.sample(client.siteIds, random.int(1, client.siteIds.length)),
      });
    }
  }
}
