import type { ReportCategory, ReportTemplate } from '@portal/contracts';
import { DEMO_FORMS } from './dataForms';

// The demo task types as data: each with its division, report template and checklist sections.

/**
 * One section of a demo checklist: its name, items (name, or [name, report category, data
 * form name?]) and the name of a data form filled once for the section.
 */
export type ItemSeed = string | [string, ReportCategory] | [string, ReportCategory, string];
export type SectionSeed = [name: string, items: ItemSeed[], form?: string];

export interface TaskTypeSeed {
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

export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 36);

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

export const TASK_TYPES: TaskTypeSeed[] = [
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
  ...['Shackle', 'Chain Sling', 'Wire Rope Sling', 'Eyebolt', 'Web Sling'].map(
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
