import {
  CLIENT_ROLES,
  COMPLIANCE_TAB_URL,
  COMPLIANCE_TEXT,
  DASHBOARD_CONFIG_NAME,
  type Features,
  DEFAULT_REMINDER_WINDOW_DAYS,
  DUE_REMINDERS_CONFIG_NAME,
  FEATURES_CONFIG_NAME,
  LO_ROLES,
  type Role,
  rolesWith,
  WEB_ACCESS_CONFIG_NAME,
  type WebAccess,
} from '@portal/contracts';
import { OWNER } from '../lib/fileAccess';
import { seedAssetTypes } from './assetTypes';
import { type SeededAsset, seedAssets } from './assets';
import { type EmblemShape, emblemPng } from '../db/seed/emblem';
import { inTransaction } from '../db/transaction';
import type { Db } from '../db/types';
import { seedDataForms } from './dataForms';
import { seedSignatures, seedStaff } from './staff';
import {
  insertClient,
  insertConfiguration,
  insertDivision,
  insertImage,
  insertLicence,
  insertNamespace,
  insertOffice,
  insertSequence,
  insertSite,
  insertUser,
  type NamespaceFixture,
  type RegistrationFields,
  setClientLogo,
  setNamespaceLogo,
} from './factories';
import { CITIES, COMPANY_FIRST, COMPANY_SUFFIX, COMPANY_TRADE, createRandom, type Random, SITE_NAMES, STREETS } from './random';

export interface NamespaceSeedOptions {
  name: string;
  companyName: string;
  /** Domain of the one-user-per-role accounts: <role>@<roleDomain>. */
  roleDomain: string;
  /** The namespace administrator, <namespace>@<DEFAULT_MAIL_DOMAIN>. */
  adminEmail: string;
  /** basic: the fixture tests use; full: the believable firm of the quick start. */
  scale: 'basic' | 'full';
  features: Features;
  webAccess: WebAccess;
  color: [number, number, number];
  shape: EmblemShape;
  seed: number;
  /** The namespace's Customer Registration fields. */
  registration?: RegistrationFields;
}

export interface SeededNamespace extends NamespaceFixture {
  offices: { id: number; name: string; code: string }[];
  divisions: { id: number; name: string; code: string }[];
  clients: { id: number; name: string; siteIds: number[] }[];
  /** The one-user-per-role accounts and the administrator, by e-mail. */
  accounts: Record<string, number>;
  /** Configuration ids by name. */
  configurations: Record<string, number>;
  /** Asset type ids by name. */
  assetTypeIds: Record<string, number>;
  /** The equipment on the clients' sites. */
  assets: SeededAsset[];
}

const OFFICES = [
  {
    name: 'Dubai Office',
    code: 'DXB',
    city: 'Dubai',
    state: 'Dubai',
    country: 'United Arab Emirates',
    street: 'Al Quoz Industrial Area 3',
    pin: 122001,
  },
  {
    name: 'Abu Dhabi Office',
    code: 'AUH',
    city: 'Abu Dhabi',
    state: 'Abu Dhabi',
    country: 'United Arab Emirates',
    street: 'Mussafah M-26',
    pin: 133002,
  },
  { name: 'Muscat Office', code: 'MCT', city: 'Muscat', state: 'Muscat', country: 'Oman', street: 'Ghala Industrial Area', pin: 112 },
  {
    name: 'Doha Office',
    code: 'DOH',
    city: 'Doha',
    state: 'Ad Dawhah',
    country: 'Qatar',
    street: 'Street 24, Industrial Area',
    pin: 24144,
  },
];

const DIVISIONS = [
  { name: 'LIFTING', code: 'LFT', description: 'Lifting equipment and loose lifting gear (LOLER)' },
  { name: 'MACHINERY', code: 'MCH', description: 'Earth-moving and mobile plant' },
  { name: 'PRESSURE', code: 'PRS', description: 'Pressure vessels and systems' },
  { name: 'ELECTRICAL', code: 'ELE', description: 'Electrical installations and equipment' },
  { name: 'TRAINING', code: 'TRN', description: 'Operator training and assessments' },
];

/** Names of the one-user-per-role accounts. */
const ROLE_PEOPLE: Record<Role, string> = {
  MASTER_ADMIN: 'Martin Mathew',
  CONFIG_ADMIN: 'Clara Fernandes',
  'LO-ADMIN': 'Laila Haddad',
  SCHEDULER: 'Sana Sheikh',
  APPROVER: 'Arun Pillai',
  'APPROVER-ONLY': 'Olivia Evans',
  'FIELD-ENGG': 'Faisal Rahman',
  'FIELD-JUNIOR': 'Jacob Thomas',
  CORPORATE: 'Karen Costa',
  'SALES-PERSON': 'Samir Nasser',
  'CLIENT-ADMIN': 'Carlos Menon',
  'CLIENT-USER': 'Chitra Iyer',
  'SITE-USER': 'Stefan Murphy',
  REQUESTER: 'Rita Joseph',
};

const EMBLEM_COLORS: [number, number, number][] = [
  [21, 101, 192],
  [198, 40, 40],
  [46, 125, 50],
  [106, 27, 154],
  [239, 108, 0],
  [0, 121, 107],
  [55, 71, 79],
  [173, 20, 87],
];

function clientName(random: Random, used: Set<string>): string {
  for (;;) {
    const name = `${random.pick(COMPANY_FIRST)} ${random.pick(COMPANY_TRADE)} ${random.pick(COMPANY_SUFFIX)}`;
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}

function codeOf(name: string, used: Set<string>): string {
  const letters = name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .replace(/[^A-Z]/gi, '')
    .toUpperCase()
    .slice(0, 3);
  for (let n = 1; ; n++) {
    const code = `${letters}${String(n).padStart(2, '0')}`;
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
  }
}

/** Seeds one namespace (a provider company) in one transaction. */
export async function seedNamespace(db: Db, options: NamespaceSeedOptions): Promise<SeededNamespace> {
  return inTransaction(db, { userId: null, namespaceId: null }, async (tx) => {
    const random = createRandom(options.seed);
    const full = options.scale === 'full';
    const ns = await insertNamespace(tx, {
      name: options.name,
      companyName: options.companyName,
      email: options.adminEmail,
      registration: options.registration,
    });
    const logo = await insertImage(tx, {
      namespaceId: ns.id,
      ownerType: OWNER.namespaceLogo,
      ownerId: ns.id,
      fileName: `${options.name}-logo.png`,
      png: emblemPng(options.color, options.shape),
    });
    await setNamespaceLogo(tx, ns.id, logo);

    const officeList = [];
    for (const office of OFFICES.slice(0, full ? 4 : 2)) {
      const row = await insertOffice(tx, ns.id, { ...office, phone: `+971 4 ${random.int(200, 899)} ${random.int(1000, 9999)}` });
      officeList.push({ ...row, code: office.code });
    }
    if (full)
      await insertOffice(tx, ns.id, {
        name: 'Sharjah Office (closed)',
        code: 'SHJ',
        city: 'Sharjah',
        street: 'Industrial Area 6',
        status: 0,
      });
    const divisionList = [];
    for (const division of DIVISIONS.slice(0, full ? 5 : 3)) {
      const row = await insertDivision(tx, ns.id, division);
      divisionList.push({ ...row, code: division.code });
    }

    // Clients with 2 to 5 sites each, served by one or two offices.
    const clientList: SeededNamespace['clients'] = [];
    const usedNames = new Set<string>();
    const usedCodes = new Set<string>();
    const clientCount = full ? 40 : 3;
    for (let i = 0; i < clientCount; i++) {
      const place = random.pick(CITIES);
      const name = clientName(random, usedNames);
      const client = await insertClient(tx, ns.id, {
        name,
        code: codeOf(name, usedCodes),
        externalId: random.chance(0.5) ? `ERP-${random.int(10000, 99999)}` : undefined,
        street: random.pick(STREETS),
        ...place,
        pin: random.int(10000, 99999),
        phone: `+971 ${random.int(2, 9)} ${random.int(200, 899)} ${random.int(1000, 9999)}`,
        officeIds: random.sample(officeList, random.int(1, 2)).map((o) => o.id),
      });
      if (i < (full ? 12 : 1)) {
        const fileId = await insertImage(tx, {
          namespaceId: ns.id,
          ownerType: OWNER.clientLogo,
          ownerId: client.id,
          fileName: 'logo.png',
          png: emblemPng(EMBLEM_COLORS[i % EMBLEM_COLORS.length], (['check', 'hook', 'diamond'] as const)[i % 3]),
        });
        await setClientLogo(tx, client.id, fileId);
      }
      const siteIds: number[] = [];
      for (const siteName of random.sample(SITE_NAMES, full ? random.int(2, 5) : 2)) {
        const sitePlace = random.pick(CITIES);
        const site = await insertSite(tx, ns.id, client.id, {
          name: siteName,
          code: `${codeOf(name, new Set())}-${siteIds.length + 1}`,
          street: random.pick(STREETS),
          ...sitePlace,
          pin: random.int(10000, 99999),
        });
        siteIds.push(site.id);
      }
      clientList.push({ id: client.id, name: client.name, siteIds });
    }

    // One user per role, plus the namespace administrator.
    const accounts: Record<string, number> = {};
    const firstClient = clientList[0];
    const lifting = divisionList[0].id;
    for (const role of [...LO_ROLES, ...CLIENT_ROLES]) {
      const email = `${role.toLowerCase()}@${options.roleDomain}`;
      const client = (CLIENT_ROLES as readonly string[]).includes(role);
      const siteLimited = role === 'SITE-USER' || role === 'REQUESTER';
      const user = await insertUser(tx, {
        namespace: ns,
        role,
        email,
        name: ROLE_PEOPLE[role],
        phone: `+971 50 ${random.int(100, 999)} ${random.int(1000, 9999)}`,
        description: `Demo ${role} account`,
        companyId: client ? firstClient.id : null,
        officeId: client ? null : officeList[0].id,
        secondaryOfficeIds: client ? [] : [officeList[1].id],
        divisionIds: client ? [] : [lifting, divisionList[1].id],
        siteIds: client ? (siteLimited ? [firstClient.siteIds[0]] : firstClient.siteIds) : [],
      });
      accounts[email] = user.id;
    }
    const admin = await insertUser(tx, {
      namespace: ns,
      role: 'CONFIG_ADMIN',
      email: options.adminEmail,
      name: `${options.companyName} Administrator`,
      description: 'Namespace administrator',
      officeId: officeList[0].id,
      secondaryOfficeIds: officeList.slice(1).map((o) => o.id),
      divisionIds: divisionList.map((d) => d.id),
    });
    accounts[options.adminEmail] = admin.id;

    if (full) await seedStaff(tx, ns, random, options.roleDomain, officeList, divisionList, clientList);

    // Role licences: unlimited by default, a few clients on a fixed number of seats.
    for (const [index, client] of clientList.entries()) {
      for (const role of CLIENT_ROLES) {
        const limited = index % 7 === 3 && role === 'CLIENT-USER';
        await insertLicence(tx, ns.id, { roleId: ns.roleIds[role], clientId: client.id, licenceCount: limited ? 10 : -1 });
      }
    }

    // Sequence numbering: a JOB sequence per office and a CERTIFICATE sequence per office and division.
    for (const office of officeList) {
      await insertSequence(tx, ns.id, { officeId: office.id, name: 'JOB', currentNumber: full ? random.int(40, 400) : 0 });
      for (const division of divisionList) {
        await insertSequence(tx, ns.id, {
          officeId: office.id,
          divisionId: division.id,
          name: 'CERTIFICATE',
          currentNumber: full ? random.int(100, 2500) : 0,
        });
      }
    }

    await seedSignatures(tx, ns.id);
    await seedDataForms(tx, ns.id, options.name);
    const featuresConfig = await insertConfiguration(tx, ns.id, FEATURES_CONFIG_NAME, options.features);
    const webAccessConfig = await insertConfiguration(tx, ns.id, WEB_ACCESS_CONFIG_NAME, options.webAccess);
    // Documents the portal does not read itself, kept for the mobile app and the report layouts.
    const mobileConfig = await insertConfiguration(tx, ns.id, 'mobileAppSettings', {
      syncIntervalMinutes: options.name === 'demo' ? 15 : 30,
      offlineDays: 7,
      photo: { maxWidth: 1600, quality: 0.8 },
      requireSignatureOnSubmit: true,
    });
    const brandingConfig = await insertConfiguration(tx, ns.id, 'reportBranding', {
      footer: `${options.companyName}. Certificates are valid only with a verifiable QR code.`,
      showLogo: true,
      signatories: ['APPROVER', 'FIELD-ENGG'],
      paper: 'A4',
    });
    // Due reminders (issue 23): on in the demo, so its outbox shows a sample after first start.
    const remindersConfig =
      options.name === 'demo'
        ? await insertConfiguration(tx, ns.id, DUE_REMINDERS_CONFIG_NAME, {
            enabled: true,
            windowDays: DEFAULT_REMINDER_WINDOW_DAYS,
            roles: ['CLIENT-ADMIN'],
          })
        : null;
    const dashboardConfig = await insertConfiguration(tx, ns.id, DASHBOARD_CONFIG_NAME, {
      tabs: [
        { name: 'Overview', url: '/api/dashboard/pages/overview', isEnabled: true, viewRules: [{ roles: ['ALL'] }] },
        // Issue 23: the in-app Compliance overview, for every role that reads asset data.
        {
          name: COMPLIANCE_TEXT.title,
          url: COMPLIANCE_TAB_URL,
          isEnabled: true,
          viewRules: [{ roles: [...rolesWith('compliance.read')] }],
        },
        {
          name: 'Recent activity',
          url: '/api/dashboard/pages/activity',
          isEnabled: true,
          viewRules: [{ roles: ['LO-ADMIN', 'CONFIG_ADMIN', 'MASTER_ADMIN'] }],
        },
        {
          name: 'Lifting desk',
          url: '/api/dashboard/pages/overview',
          isEnabled: true,
          viewRules: [{ roles: ['SCHEDULER', 'APPROVER', 'FIELD-ENGG'], division: ['LIFTING'], office: [officeList[0].code] }],
        },
        { name: 'Retired KPIs', url: '/api/dashboard/pages/overview', isEnabled: false, viewRules: [{ roles: ['ALL'] }] },
        { name: 'Blocked', url: '/api/dashboard/pages/overview', isEnabled: true, viewRules: [{ roles: ['NONE', 'ALL'] }] },
      ],
    });

    const assetTypeIds = await seedAssetTypes(tx, ns.id, { full });
    const assetList = await seedAssets(tx, ns.id, random, clientList, assetTypeIds, { full });

    const configurations = {
      [FEATURES_CONFIG_NAME]: featuresConfig.id,
      [WEB_ACCESS_CONFIG_NAME]: webAccessConfig.id,
      [DASHBOARD_CONFIG_NAME]: dashboardConfig.id,
      mobileAppSettings: mobileConfig.id,
      reportBranding: brandingConfig.id,
      ...(remindersConfig ? { [DUE_REMINDERS_CONFIG_NAME]: remindersConfig.id } : {}),
    };
    return {
      ...ns,
      offices: officeList,
      divisions: divisionList,
      clients: clientList,
      accounts,
      configurations,
      assetTypeIds: Object.fromEntries(assetTypeIds),
      assets: assetList,
    };
  });
}
