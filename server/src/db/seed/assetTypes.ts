import type { AssetCategory } from '@portal/contracts';
import { LLG_ASSET_TYPE_NAME } from '@portal/contracts';
import { assetTypes } from '../schema';
import type { Db } from '../types';

interface SeedAssetType {
  name: string;
  code: string;
  category: AssetCategory;
  description: string;
  certificateReference?: string;
  /** Only in the full demo (the test fixture keeps a shorter list). */
  fullOnly?: boolean;
}

/** Realistic asset types of an inspection firm; LLG items are loose lifting gear (DECISIONS 8). */
const ASSET_TYPES: SeedAssetType[] = [
  {
    name: 'Mobile Crane',
    code: 'MC',
    category: 'MACHINERY',
    description: 'Truck and all-terrain mobile cranes',
    certificateReference: 'LOLER 1998 Reg. 9',
  },
  {
    name: 'Overhead Crane',
    code: 'OHC',
    category: 'MACHINERY',
    description: 'Overhead travelling and gantry cranes',
    certificateReference: 'BS 7121-2',
  },
  {
    name: 'Tower Crane',
    code: 'TC',
    category: 'MACHINERY',
    description: 'Tower cranes on construction sites',
    certificateReference: 'BS 7121-5',
    fullOnly: true,
  },
  {
    name: 'Forklift',
    code: 'FLT',
    category: 'MACHINERY',
    description: 'Counterbalance and reach forklift trucks',
    certificateReference: 'ISO 3691-1',
  },
  { name: 'Telehandler', code: 'TH', category: 'MACHINERY', description: 'Telescopic handlers with forks or jib', fullOnly: true },
  {
    name: 'Scissor Lift',
    code: 'SL',
    category: 'MACHINERY',
    description: 'Mobile elevating work platforms, scissor type',
    certificateReference: 'EN 280',
  },
  {
    name: 'Boom Lift',
    code: 'BL',
    category: 'MACHINERY',
    description: 'Articulated and telescopic boom platforms',
    certificateReference: 'EN 280',
    fullOnly: true,
  },
  {
    name: 'Chain Hoist',
    code: 'CH',
    category: 'MACHINERY',
    description: 'Manual and electric chain hoists',
    certificateReference: 'EN 13157',
  },
  {
    name: 'Pressure Vessel',
    code: 'PV',
    category: 'MACHINERY',
    description: 'Unfired pressure vessels',
    certificateReference: 'PSSR 2000',
  },
  {
    name: 'Air Receiver',
    code: 'AR',
    category: 'MACHINERY',
    description: 'Compressed air receivers',
    certificateReference: 'PSSR 2000',
    fullOnly: true,
  },
  {
    name: 'Fire Extinguisher',
    code: 'FE',
    category: 'MACHINERY',
    description: 'Portable fire extinguishers',
    certificateReference: 'BS 5306-3',
    fullOnly: true,
  },
  {
    name: 'Full Body Harness',
    code: 'FBH',
    category: 'BTH&PPE',
    description: 'Fall-arrest full body harnesses',
    certificateReference: 'EN 361',
  },
  { name: 'Lanyard', code: 'LY', category: 'BTH&PPE', description: 'Energy-absorbing lanyards', certificateReference: 'EN 355' },
  {
    name: 'Self-Retracting Lifeline',
    code: 'SRL',
    category: 'BTH&PPE',
    description: 'Retractable type fall arresters',
    certificateReference: 'EN 360',
    fullOnly: true,
  },
  { name: 'Trainee Assessment', code: 'TA', category: 'TRAINEE', description: 'Operator competence assessment' },
  { name: 'Rigger Assessment', code: 'RA', category: 'TRAINEE', description: 'Rigger and slinger practical assessment', fullOnly: true },
  { name: LLG_ASSET_TYPE_NAME, code: 'LLG', category: 'LLG', description: 'Loose lifting gear inspected together under a job' },
  { name: 'Shackle', code: 'SHK', category: 'LLG', description: 'Bow and dee shackles', certificateReference: 'EN 13889' },
  {
    name: 'Wire Rope Sling',
    code: 'WRS',
    category: 'LLG',
    description: 'Wire rope slings, single and multi-leg',
    certificateReference: 'EN 13414-1',
  },
  { name: 'Chain Sling', code: 'CS', category: 'LLG', description: 'Grade 80 and 100 chain slings', certificateReference: 'EN 818-4' },
  { name: 'Web Sling', code: 'WS', category: 'LLG', description: 'Flat woven webbing and round slings', certificateReference: 'EN 1492-1' },
  {
    name: 'Eyebolt',
    code: 'EB',
    category: 'LLG',
    description: 'Collar eyebolts and lifting points',
    certificateReference: 'BS 4278',
    fullOnly: true,
  },
];

/** The asset types of one namespace in one statement; returns their ids by name. */
export async function seedAssetTypes(db: Db, namespaceId: number, options: { full: boolean }): Promise<Map<string, number>> {
  const rows = await db
    .insert(assetTypes)
    .values(
      ASSET_TYPES.filter((t) => options.full || !t.fullOnly).map((t, index) => ({
        namespaceId,
        name: t.name,
        displayName: t.name,
        acronymCode: t.code,
        externalId: `AT-${String(1001 + index)}`,
        category: t.category,
        description: t.description,
        certificateReference: t.certificateReference ?? null,
      })),
    )
    .returning({ id: assetTypes.id, name: assetTypes.name });
  return new Map(rows.map((r) => [r.name, r.id]));
}
