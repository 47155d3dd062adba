import type { AssetCategory } from '@portal/contracts';
import { LLG_ASSET_TYPE_NAME } from '@portal/contracts';
import { assetTypes } from '../db/schema';
import type { Db } from '../db/types';
import { DEMO_FORMS, DEMO_IDENTIFICATION, dataFormIdsByName } from './dataForms';

interface SeedAssetType {
  name: string;
  code: string;
  category: AssetCategory;
  description: string;
  certificateReference?: string;
  /** The name of its attribute form (a demo data form of form object ASSET TYPE), where one exists. */
  attributeForm?: string;
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
    attributeForm: DEMO_FORMS.craneAttributes,
  },
  {
    name: 'Overhead Crane',
    code: 'OHC',
    category: 'MACHINERY',
    description: 'Overhead travelling and gantry cranes',
    certificateReference: 'BS 7121-2',
    attributeForm: DEMO_FORMS.craneAttributes,
  },
  {
    name: 'Tower Crane',
    code: 'TC',
    category: 'MACHINERY',
    description: 'Tower cranes on construction sites',
    certificateReference: 'BS 7121-5',
    fullOnly: true,
    attributeForm: DEMO_FORMS.craneAttributes,
  },
  {
    name: 'Forklift',
    code: 'FLT',
    category: 'MACHINERY',
    description: 'Counterbalance and reach forklift trucks',
    certificateReference: 'ISO 3691-1',
    attributeForm: DEMO_FORMS.forkliftAttributes,
  },
  {
    name: 'Telehandler',
    code: 'TH',
    category: 'MACHINERY',
    description: 'Telescopic handlers with forks or jib',
    fullOnly: true,
    attributeForm: DEMO_FORMS.forkliftAttributes,
  },
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
    attributeForm: DEMO_FORMS.pressureVesselAttributes,
  },
  {
    name: 'Air Receiver',
    code: 'AR',
    category: 'MACHINERY',
    description: 'Compressed air receivers',
    certificateReference: 'PSSR 2000',
    fullOnly: true,
    attributeForm: DEMO_FORMS.pressureVesselAttributes,
  },
  {
    name: 'Fire Extinguisher',
    code: 'FE',
    category: 'MACHINERY',
    description: 'Portable fire extinguishers',
    certificateReference: 'BS 5306-3',
    fullOnly: true,
    attributeForm: DEMO_FORMS.fireExtinguisherAttributes,
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
    attributeForm: DEMO_FORMS.slingAttributes,
  },
  {
    name: 'Chain Sling',
    code: 'CS',
    category: 'LLG',
    description: 'Grade 80 and 100 chain slings',
    certificateReference: 'EN 818-4',
    attributeForm: DEMO_FORMS.slingAttributes,
  },
  {
    name: 'Web Sling',
    code: 'WS',
    category: 'LLG',
    description: 'Flat woven webbing and round slings',
    certificateReference: 'EN 1492-1',
    attributeForm: DEMO_FORMS.slingAttributes,
  },
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
  // Attribute forms by name: the namespace may have fewer demo forms (acme), then the type has none.
  const forms = await dataFormIdsByName(db, namespaceId);
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
        attributeForm: t.attributeForm ? (forms[t.attributeForm] ?? null) : null,
        // Where its attribute form keeps the identification facts (DECISIONS 9).
        identification: t.attributeForm && forms[t.attributeForm] ? (DEMO_IDENTIFICATION[t.attributeForm] ?? {}) : {},
      })),
    )
    .returning({ id: assetTypes.id, name: assetTypes.name });
  return new Map(rows.map((r) => [r.name, r.id]));
}
