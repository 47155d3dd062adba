import { ROLES, type WebAccess, type WebAccessEntry } from '@portal/contracts';
import { type Config, linkBase } from '../config';
import { isEmpty } from '../db/client';
import type { Db } from '../db/types';
import { type SeededNamespace, seedNamespace } from './demo';
import { seedAssetDashboard } from './assets';
import { seedJobs } from './jobs';
import { seedTaskWork } from './tasks';
import { seedTaskTypes } from './taskTypes';
import { seedQrStickers } from './qrStickers';
import { seedLooseGear } from './looseGear';
import { seedClientInventory } from './clientInventory';
import { seedAssessments } from './assessments';
import { seedReports } from './reports';
import { seedLibraries } from './library';

const everyoneButCorporate = ROLES.filter((r) => r !== 'CORPORATE');

/** demo: "local development", every switch on and asset view for every role. */
const DEMO_WEB_ACCESS: WebAccess & { LLG?: WebAccessEntry } = {
  ASSET: { name: 'Assets', viewRules: [{ roles: [...everyoneButCorporate], isEnabled: true }] },
  LOOSEGEAR: { name: 'Loose Gear', viewRules: [{ roles: [...everyoneButCorporate], isEnabled: true }] },
  ASSESSMENT: { name: 'Assessment', viewRules: [{ roles: [...everyoneButCorporate], isEnabled: true }] },
  // The job wizard's Step 3 offers the LLG special task to who schedules jobs (the demo has loose gear).
  LLG: { name: 'LLG', viewRules: [{ roles: ['SCHEDULER', 'LO-ADMIN', 'FIELD-ENGG'], isEnabled: true }] },
  'ASSET-DESCRIPTION': {
    name: 'Description',
    viewRules: [{ roles: ['SCHEDULER', 'LO-ADMIN', 'APPROVER', 'FIELD-ENGG'], isEnabled: true }],
  },
  'ASSET-ATTRIBUTES': { name: 'Attributes', viewRules: [{ roles: ['SCHEDULER', 'LO-ADMIN', 'APPROVER', 'FIELD-ENGG'], isEnabled: true }] },
};

/** acme: a customer deployment with its own labels and asset view limited by role and office. */
const ACME_WEB_ACCESS: WebAccess = {
  ASSET: {
    name: 'Equipment',
    viewRules: [
      // CLIENT-ADMIN is left out: without asset view it gets Clients (its own company) instead.
      { roles: ['SCHEDULER', 'APPROVER', 'CLIENT-USER'], isEnabled: true },
      { roles: ['FIELD-ENGG'], isEnabled: true, office: ['AUH'] },
      { roles: ['SALES-PERSON'], isEnabled: false },
    ],
  },
  LOOSEGEAR: { name: 'Lifting Gear', viewRules: [{ roles: [...everyoneButCorporate], isEnabled: true }] },
  ASSESSMENT: { name: 'Training Records', viewRules: [{ roles: [...everyoneButCorporate], isEnabled: true }] },
};

/** What the demo seed reads of the configuration: the mail domain, and where printed links point. */
type SeedConfig = Pick<Config, 'defaultMailDomain'> & Partial<Pick<Config, 'publicUrl' | 'port'>>;

export async function seedDemo(db: Db, config: SeedConfig, scale: 'basic' | 'full' = 'full') {
  const demo = await seedNamespace(db, {
    name: 'demo',
    companyName: 'Demo Inspection Services',
    roleDomain: 'demo.test',
    adminEmail: `demo@${config.defaultMailDomain}`,
    scale,
    features: { jobs: true, jobLite: true, technicalLibrary: true, qrSticker: true },
    webAccess: DEMO_WEB_ACCESS,
    color: [21, 101, 192],
    shape: 'check',
    seed: 20261122,
    registration: {
      contactName: 'Martin Mathew',
      mobile: '+971 50 555 0101',
      companyAddress: 'Al Quoz Industrial Area 3, Dubai',
      companyWebsite: 'https://demo.example',
      projectName: 'Platform operator',
      currentProjectPhase: 'STRUCTURAL',
      userDesignation: 'Platform operator',
      sourceType: 1,
    },
  });
  const acme = await seedNamespace(db, {
    name: 'acme',
    companyName: 'Acme Lifting & Certification',
    roleDomain: 'acme.test',
    adminEmail: `acme@${config.defaultMailDomain}`,
    scale: 'basic',
    features: { jobs: true, jobLite: false, technicalLibrary: false, qrSticker: true },
    webAccess: ACME_WEB_ACCESS,
    color: [198, 40, 40],
    shape: 'hook',
    seed: 7,
    registration: {
      contactName: 'Hannah Brooks',
      mobile: '+971 50 555 0177',
      companyAddress: 'Mussafah M-26, Abu Dhabi',
      companyWebsite: 'https://acme.example',
      projectName: 'Acme lifting inspections',
      currentProjectPhase: 'FINISHING',
      userDesignation: 'Operations Director',
      sourceType: 1,
    },
  });
  for (const ns of [demo, acme]) await seedTaskTypes(db, ns);
  // Jobs and tasks in every status (issue 9); the tests' basic template stays without jobs.
  if (scale === 'full') {
    await seedJobs(db, demo, { jobs: 140, jobLites: 40, seed: 909 });
    await seedJobs(db, acme, { jobs: 40, jobLites: 0, seed: 919 });
    // Filled checklists, results, certificates and a few queued documents (issue 10).
    const publicUrl = linkBase({ publicUrl: config.publicUrl, port: config.port ?? 3000 });
    await seedTaskWork(db, demo, { seed: 1010, publicUrl });
    await seedTaskWork(db, acme, { seed: 1020, publicUrl });
    // Results, due dates (Valid, Due Shortly, Expired) and photos of the other assets (issue 11).
    for (const ns of [demo, acme]) await seedAssetDashboard(db, ns);
    // A sheet of QR stickers, a few assigned to assets with inspections (issue 11).
    await seedQrStickers(db, demo, { seed: 1111, publicUrl });
    // The Loose Gear register of the demo client's first two sites, two years of examinations,
    // and an open LLG task for the demo field engineer (issue 22).
    await seedLooseGear(db, demo, { seed: 2222, itemsPerSite: 33, openTask: true, documents: true });
    // The client inventory: 200 rows on the demo client's first two sites (issue 24).
    await seedClientInventory(db, demo, { seed: 2424, rowsPerSite: 100 });
    // Training certificates of 84 trainees of the first two clients over four courses (issue 23).
    await seedAssessments(db, demo, { seed: 2323, traineesPerClient: [44, 40], documents: true });
    // Service reports (observation type 512) beside the jobs' task reports, for the Reports
    // dashboard's Service Report toggle (issue 23): the first three clients, a few visits each.
    await seedReports(db, demo, {
      seed: 2323,
      tasks: 36,
      perJob: 3,
      serviceShare: 1,
      clientIds: demo.clients.slice(0, 3).map((c) => c.id),
      prefix: 'SR',
    });
    // Folders and files of the three technical libraries (issue 24).
    await seedLibraries(db, demo);
  }
  return { demo, acme } satisfies Record<string, SeededNamespace>;
}

/** Demo data for a fresh database (DECISIONS 7); on PostgreSQL only into an empty one. */
export async function seedOnFirstStart(db: Db, config: SeedConfig, options: { onlyIfEmpty?: boolean } = {}) {
  if (options.onlyIfEmpty && !(await isEmpty(db))) return;
  await seedDemo(db, config, 'full');
}
