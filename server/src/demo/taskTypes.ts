import type { Checklist, ReportCategory, ReportTemplate } from '@portal/contracts';
import { and, eq } from 'drizzle-orm';
import { assetTypes, dataForms, taskTypes } from '../db/schema';
import { DEMO_FORMS } from './dataForms';
import { inTransaction } from '../db/transaction';
import type { Db } from '../db/types';
import type { SeededNamespace } from './demo';

/**
 * One section of a demo checklist: its name, items (name, or [name, report category, data
 * form name?]) and the name of a data form filled once for the section.
 */
type ItemSeed = string | [string, ReportCategory] | [string, ReportCategory, string];
type SectionSeed = [name: string, items: ItemSeed[], form?: string];

interface TaskTypeSeed {
  name: string;
  code: string;
  division: string;
  referenceStandard: string;
  inspectionMethod: string;
  validity: number;
  eiac?: boolean;
  reportTemplate: ReportTemplate;
  /** The seeded asset type it inspects (by name), when the namespace has it. */
  assetType?: string;
  externalId?: string;
  description: string;
  sections: SectionSeed[];
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 36);

/** A checklist from names: ids are unique slugs (the section's prefix keeps items apart). */
export function checklistOf(sections: SectionSeed[], formIds: ReadonlyMap<string, number> = new Map()): Checklist {
  const formOf = (name: string | undefined) => (name && formIds.get(name) ? { formId: formIds.get(name) } : {});
  return {
    sections: sections.map(([name, items, form], s) => {
      const sectionId = `s${s + 1}-${slug(name)}`.slice(0, 40).replace(/-+$/, '');
      return {
        id: sectionId,
        name,
        ...formOf(form),
        items: items.map((item, i) => {
          const [itemName, category, itemForm] = typeof item === 'string' ? [item, undefined, undefined] : item;
          return {
            id: `s${s + 1}i${i + 1}-${slug(itemName)}`.slice(0, 40).replace(/-+$/, ''),
            name: itemName,
            ...formOf(itemForm),
            ...(category ? { reportCategory: category } : {}),
          };
        }),
      };
    }),
  };
}

const LLG_SECTIONS: SectionSeed[] = [
  [
    'Identification',
    [
      ['Identification mark and SWL legible', 'DOCUMENTATION'],
      ['Certificate of conformity on file', 'DOCUMENTATION'],
    ],
  ],
  [
    'Condition',
    [
      ['No wear beyond discard criteria', 'VISUAL'],
      ['No deformation, cracks or corrosion', 'VISUAL'],
    ],
    DEMO_FORMS.llgInspection,
  ],
];

const TASK_TYPES: TaskTypeSeed[] = [
  {
    name: 'Thorough Examination - Mobile Crane',
    assetType: 'Mobile Crane',
    code: 'TE-MC',
    division: 'LIFTING',
    referenceStandard: 'LOLER 1998 Reg. 9; BS 7121-2-1',
    inspectionMethod: 'Visual, functional and load test',
    validity: 12,
    eiac: true,
    reportTemplate: 'LIFTING_EQUIPMENT',
    externalId: 'SAP-TT-1001',
    description: 'Twelve-monthly thorough examination of mobile cranes, with an overload test every four years.',
    sections: [
      [
        'Documentation',
        [
          ['Previous report of thorough examination', 'DOCUMENTATION'],
          ['Operator manual and load charts on board', 'DOCUMENTATION'],
          'Maintenance log up to date',
        ],
      ],
      [
        'Structure',
        [
          ['Boom sections free of cracks and distortion', 'VISUAL', DEMO_FORMS.visualCheck],
          ['Outriggers, beams and pads', 'VISUAL', DEMO_FORMS.visualCheck],
          ['Slew ring bolts and bearing', 'VISUAL'],
          'Chassis and welds',
        ],
      ],
      [
        'Mechanisms',
        [
          ['Hoist and luffing brakes', 'FUNCTIONAL'],
          ['Wire ropes and terminations', 'VISUAL'],
          ['Sheaves and hook block', 'VISUAL'],
          'Hydraulic hoses and cylinders',
        ],
      ],
      [
        'Safety devices',
        [
          ['Rated capacity indicator calibrated', 'FUNCTIONAL'],
          ['Anti-two-block and limit switches', 'FUNCTIONAL'],
          ['Emergency stop', 'FUNCTIONAL'],
        ],
      ],
      [
        'Load test',
        [
          ['Test load applied at rated radius', 'LOAD TEST'],
          ['No permanent deformation after test', 'LOAD TEST'],
        ],
        DEMO_FORMS.mobileCraneLoadTest,
      ],
    ],
  },
  {
    name: 'Thorough Examination - Forklift Truck',
    assetType: 'Forklift',
    code: 'TE-FLT',
    division: 'LIFTING',
    referenceStandard: 'LOLER 1998; ISO 3691-1',
    inspectionMethod: 'Visual and functional',
    validity: 12,
    reportTemplate: 'LIFTING_EQUIPMENT',
    description: 'Annual thorough examination of the mast, forks and lifting chains of forklift trucks.',
    sections: [
      [
        'Mast and carriage',
        [
          ['Mast channels and rollers', 'VISUAL'],
          ['Lift and tilt cylinders', 'FUNCTIONAL'],
        ],
      ],
      [
        'Forks',
        [
          ['Fork heel thickness within 90 %', 'NDT'],
          ['Fork locking pins', 'VISUAL'],
        ],
      ],
      ['Lift chains', [['Chain elongation below 3 %', 'VISUAL'], 'Anchor bolts and chain pins']],
      [
        'Controls',
        [
          ['Hydraulic controls return to neutral', 'FUNCTIONAL'],
          ['Load backrest in place', 'VISUAL'],
        ],
        DEMO_FORMS.forkliftCheckpoint,
      ],
    ],
  },
  {
    name: 'Thorough Examination - Overhead Crane',
    assetType: 'Overhead Crane',
    code: 'TE-OHC',
    division: 'LIFTING',
    referenceStandard: 'LOLER 1998; BS 7121-1',
    inspectionMethod: 'Visual, functional and load test',
    validity: 12,
    eiac: true,
    reportTemplate: 'LIFTING_EQUIPMENT',
    description: 'Overhead travelling cranes and hoists, girders, end carriages and runway.',
    sections: [
      [
        'Runway and girders',
        [
          ['Rails and end stops', 'VISUAL'],
          ['Girder welds and bolted joints', 'VISUAL'],
        ],
      ],
      [
        'Hoist',
        [
          ['Hoist brake holds the rated load', 'FUNCTIONAL'],
          ['Rope or chain and bottom block', 'VISUAL'],
          ['Upper and lower limits', 'FUNCTIONAL'],
        ],
      ],
      ['Pendant and electrics', [['Pendant markings and emergency stop', 'FUNCTIONAL'], 'Festoon cables and collectors']],
      ['Load test', [['Proof load 125 % of SWL', 'LOAD TEST']]],
    ],
  },
  {
    name: 'Thorough Examination - Slings and Accessories',
    code: 'TE-SL',
    division: 'LIFTING',
    referenceStandard: 'LOLER 1998 Reg. 9; EN 13414',
    inspectionMethod: 'Visual',
    validity: 6,
    reportTemplate: 'LIFTING_ACCESSORY',
    description: 'Six-monthly examination of wire rope, chain and textile slings, shackles and eyebolts.',
    sections: [
      ['Identification', [['SWL and ID tag legible', 'DOCUMENTATION']]],
      [
        'Condition',
        [
          ['Broken wires, kinks or bird-caging', 'VISUAL'],
          ['Textile cuts, burns and stitching', 'VISUAL'],
          ['Hooks: opening and safety catch', 'VISUAL'],
        ],
      ],
    ],
  },
  {
    name: 'Written Scheme Examination - Pressure Vessel',
    assetType: 'Pressure Vessel',
    code: 'WSE-PV',
    division: 'PRESSURE',
    referenceStandard: 'PSSR 2000; PD 5500',
    inspectionMethod: 'External, internal and NDT',
    validity: 24,
    eiac: true,
    reportTemplate: 'PRESSURE_SYSTEM',
    externalId: 'SAP-TT-2001',
    description: 'Examination of air receivers and pressure vessels in line with their written scheme.',
    sections: [
      [
        'Documentation',
        [
          ['Written scheme of examination current', 'DOCUMENTATION'],
          ['Nameplate: design pressure and temperature', 'DOCUMENTATION'],
        ],
      ],
      [
        'External',
        [
          ['Shell and heads: corrosion and dents', 'VISUAL'],
          ['Supports and foundations', 'VISUAL'],
        ],
      ],
      [
        'Internal',
        [
          ['Internal surfaces after cleaning', 'VISUAL'],
          ['Wall thickness readings', 'NDT'],
        ],
      ],
      [
        'Protective devices',
        [
          ['Safety valve set pressure and seal', 'FUNCTIONAL'],
          ['Pressure gauge calibration', 'FUNCTIONAL'],
        ],
      ],
    ],
  },
  {
    name: 'Service - Portable Fire Extinguisher',
    assetType: 'Fire Extinguisher',
    code: 'SV-FE',
    division: 'PRESSURE',
    referenceStandard: 'BS 5306-3',
    inspectionMethod: 'Visual and weight check',
    validity: 12,
    reportTemplate: 'FIRE_EQUIPMENT',
    description: 'Annual basic service of stored-pressure and cartridge extinguishers.',
    sections: [
      [
        'Condition',
        [
          ['Body free of damage and corrosion', 'VISUAL'],
          ['Hose and nozzle clear', 'VISUAL'],
          ['Tamper seal and pin intact', 'VISUAL'],
        ],
      ],
      [
        'Charge',
        [
          ['Pressure gauge in the green band', 'FUNCTIONAL'],
          ['Weight within the marked tolerance', 'FUNCTIONAL'],
        ],
      ],
    ],
  },
  {
    name: 'Inspection - Excavator',
    code: 'IN-EX',
    division: 'MACHINERY',
    referenceStandard: 'PUWER 1998; ISO 6165',
    inspectionMethod: 'Visual and functional',
    validity: 12,
    reportTemplate: 'LIFTING_EQUIPMENT',
    description: 'Annual inspection of excavators, including the lifting duty when used for object handling.',
    sections: [
      ['Structure', [['Boom, dipper and bucket linkage', 'VISUAL'], 'Tracks and undercarriage']],
      [
        'Safety',
        [
          ['Hose burst check valves', 'FUNCTIONAL'],
          ['Rated capacity indicator', 'FUNCTIONAL'],
          ['Seat belt and ROPS', 'VISUAL'],
        ],
      ],
    ],
  },
  {
    name: 'Assessment - Forklift Operator',
    assetType: 'Trainee Assessment',
    code: 'AS-FLO',
    division: 'TRAINING',
    referenceStandard: 'HSE L117',
    inspectionMethod: 'Theory and practical test',
    validity: 36,
    reportTemplate: 'TRAINEE_ASSESSMENT',
    description: 'Assessment of a trainee forklift operator after a basic training course.',
    sections: [
      ['Theory', [['Written test passed (70 % or more)', 'DOCUMENTATION']]],
      [
        'Practical',
        [
          ['Pre-use checks', 'FUNCTIONAL'],
          ['Stacking and de-stacking at height', 'FUNCTIONAL'],
          ['Travelling laden and unladen', 'FUNCTIONAL'],
        ],
      ],
    ],
  },
  {
    name: 'Inspection - Generator Set',
    code: 'IN-GEN',
    division: 'ELECTRICAL',
    referenceStandard: 'BS 7671; ISO 8528',
    inspectionMethod: 'Visual and electrical tests',
    validity: 12,
    reportTemplate: 'LIFTING_EQUIPMENT',
    description: 'Annual inspection and test of diesel generator sets on site.',
    sections: [
      [
        'Installation',
        [
          ['Earthing and bonding', 'VISUAL'],
          ['Guards and enclosure', 'VISUAL'],
        ],
      ],
      [
        'Tests',
        [
          ['Insulation resistance', 'FUNCTIONAL'],
          ['RCD trip time', 'FUNCTIONAL'],
          ['Emergency stop', 'FUNCTIONAL'],
        ],
      ],
    ],
  },
  {
    name: 'LLG',
    assetType: 'LLG',
    code: 'LLG',
    division: 'LIFTING',
    referenceStandard: 'LOLER 1998 Reg. 9',
    inspectionMethod: 'Visual',
    validity: 6,
    reportTemplate: 'LLG_BOOKLET',
    description: "A job's loose lifting gear task: its children are the llg- task types.",
    sections: [
      [
        'Loose gear register',
        [
          ['Every item on the register located', 'DOCUMENTATION'],
          ['Colour code for the period applied', 'VISUAL'],
        ],
      ],
    ],
  },
  ...['Shackle', 'Chain Sling', 'Wire Rope Sling', 'Eyebolt'].map(
    (gear): TaskTypeSeed => ({
      name: `llg-${slug(gear)}`,
      assetType: gear,
      code: `LLG-${gear.replace(/[^A-Z]/g, '')}`,
      division: 'LIFTING',
      referenceStandard: 'LOLER 1998 Reg. 9; EN 13889',
      inspectionMethod: 'Visual',
      validity: 6,
      reportTemplate: 'LLG_BOOKLET',
      description: `${gear}: six-monthly examination as loose lifting gear.`,
      sections: LLG_SECTIONS,
    }),
  ),
];

/**
 * Demo task types of a namespace (DECISIONS 7 and 8): in each division, with full checklists,
 * the `LLG` task type and its llg- children. Divisions the namespace lacks are skipped.
 */
export async function seedTaskTypes(db: Db, ns: SeededNamespace): Promise<void> {
  const divisionIds = new Map(ns.divisions.map((d) => [d.name, d.id]));
  const assetTypeRows = await db
    .select({ id: assetTypes.id, name: assetTypes.name })
    .from(assetTypes)
    .where(and(eq(assetTypes.namespaceId, ns.id), eq(assetTypes.status, 1)));
  const assetTypeIds = new Map(assetTypeRows.map((a) => [a.name.toLowerCase(), a.id]));
  const formRows = await db
    .select({ id: dataForms.id, name: dataForms.name })
    .from(dataForms)
    .where(and(eq(dataForms.namespaceId, ns.id), eq(dataForms.status, 1)));
  const formIds = new Map(formRows.map((f) => [f.name, f.id]));
  const rows = TASK_TYPES.filter((seed) => divisionIds.has(seed.division)).map((seed) => ({
    namespaceId: ns.id,
    name: seed.name,
    acronymCode: seed.code,
    divisionId: divisionIds.get(seed.division) as number,
    assetTypeId: (seed.assetType && assetTypeIds.get(seed.assetType.toLowerCase())) || null,
    externalId: seed.externalId ?? null,
    referenceStandard: seed.referenceStandard,
    inspectionMethod: seed.inspectionMethod,
    validity: seed.validity,
    eiac: seed.eiac ?? false,
    description: seed.description,
    reportTemplate: seed.reportTemplate,
    checklist: checklistOf(seed.sections, formIds),
  }));
  await inTransaction(db, { userId: null, namespaceId: null }, (tx) => tx.insert(taskTypes).values(rows));
}
