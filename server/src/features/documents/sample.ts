import type { TaskChecklist } from '@portal/contracts';
import { emblemPng } from '../../db/seed/emblem';
import { addMonths } from './dataParts';
import type { BookletData } from './bookletData';
import type { TaskDocumentData } from './dataTypes';

export interface SampleOptions {
  /** Photos (PNG or JPEG bytes) put in the 'Plate photo' field of the first items, one each, in turn. */
  photos?: Buffer[];
  /** How many items get a photo (default: one per photo). The same photo repeats when more. */
  photoItems?: number;
  /** Every record answers 'Defect found: No' yet keeps a 'Defect details' value the form hides. */
  hiddenValues?: boolean;
  /** The inspector's and approver's signature image (default: a small emblem). */
  signature?: Buffer;
}

/** The value of the hidden field in the sample's records (must never be printed). */
export const SAMPLE_HIDDEN_TEXT = 'HIDDEN-DEFECT-NOTE';

/**
 * A believable task's documents data without a database: the bench's certificate figure and
 * the renderers' tests use it (a 40-item checklist by default, logo, two signatures; photos
 * and hidden form values on request).
 */
export function sampleDocumentData(items = 40, options: SampleOptions = {}): TaskDocumentData {
  const photos = options.photos ?? [];
  const photoItems = photos.length ? (options.photoItems ?? photos.length) : 0;
  const images: TaskDocumentData['images'] = new Map();
  photos.forEach((data, i) => {
    images.set(`samplephoto${String(i).padStart(8, '0')}`, { data, type: data[0] === 0xff ? 'image/jpeg' : 'image/png' });
  });
  const sectionNames = [
    'General condition',
    'Structure and welds',
    'Hoist and wire rope',
    'Brakes and limits',
    'Load test',
    'Documentation',
  ];
  const perSection = Math.ceil(items / sectionNames.length);
  const sections: TaskChecklist['sections'] = [];
  let n = 0;
  for (const [s, name] of sectionNames.entries()) {
    const sectionItems: TaskChecklist['sections'][number]['items'] = [];
    for (let i = 0; i < perSection && n < items; i++, n++)
      sectionItems.push({
        id: `i${n}`,
        name: `${['Check', 'Inspect', 'Verify', 'Measure'][n % 4]} ${['markings and SWL plate', 'hook latch and swivel', 'wire rope for broken wires', 'brake holding under load', 'limit switches', 'boom sections for deformation', 'pins and retainers'][n % 7]}`,
        result: n % 13 === 5 ? 'na' : 'pass',
        userData: {
          records: [
            {
              formId: 1,
              formName: 'Visual check',
              formRevision: 1,
              formRecordId: `r${n}`,
              attributes: {
                condition: 'good',
                remarks: n % 3 === 0 ? 'Light surface rust, no pitting' : 'Satisfactory',
                wear: 2.5 + (n % 5) / 10,
                ...(n < photoItems ? { plate: [`samplephoto${String(n % photos.length).padStart(8, '0')}`] } : {}),
                ...(options.hiddenValues ? { defect: false, defectNotes: SAMPLE_HIDDEN_TEXT } : {}),
              },
              attributesFiles: [],
            },
          ],
          files: [],
        },
      });
    if (sectionItems.length) sections.push({ id: `s${s}`, name, userData: null, items: sectionItems });
  }
  const inspected = new Date(Date.UTC(2026, 10, 20, 9, 30));
  const signatureData = options.signature ?? emblemPng([20, 40, 120], 'hook', 96);
  const signature = { data: signatureData, type: signatureData[0] === 0xff ? ('image/jpeg' as const) : ('image/png' as const) };
  return {
    taskId: 1234,
    namespaceId: 1,
    provider: {
      name: 'Gulf Lifting Inspection Services LLC',
      lines: ['Al Quoz Industrial Area 3, Dubai, United Arab Emirates', '+971 4 555 0100  ·  certificates@gulflifting.test'],
      website: 'www.gulflifting.test',
      logo: { data: emblemPng([13, 71, 161], 'check', 128), type: 'image/png' },
    },
    office: { name: 'Dubai Office', lines: ['Al Quoz Industrial Area 3', 'Dubai, Dubai', 'United Arab Emirates 122001'] },
    client: { name: 'Emirates Steel Fabrication LLC', lines: ['Mussafah M-26', 'Abu Dhabi, Abu Dhabi', 'United Arab Emirates'] },
    site: { name: 'Mussafah Yard 2', lines: ['Plot 14, Mussafah M-26', 'Abu Dhabi'] },
    job: { number: 'DXB-2026-00042', quotationNumber: 'Q-8812', poNumber: 'PO-5531' },
    asset: {
      id: 77,
      name: 'Overhead crane 10 t, bay 3',
      serialNumber: 'RX7KSPPGMX',
      type: 'Overhead crane',
      acronymCode: 'OHC-03',
      externalId: 'SAP-4471',
    },
    identification: {
      manufacturer: 'Demag',
      model: 'EKKE 10',
      serialNumber: 'OHC-10T-0388',
      yearOfManufacture: '2014',
      swl: '10 t',
    },
    llgItem: null,
    llgParent: false,
    previousExamination: new Date(Date.UTC(2025, 10, 18, 7, 0)),
    basis: 'interval12',
    testEquipment: [
      { name: 'Load cell 25 t', identifier: 'LC-25-007', calibrationCertificate: 'CAL-2026-0931', calibrationDue: '2027-03-31' },
    ],
    timeZone: 'Asia/Dubai',
    taskType: {
      name: 'Thorough examination (LOLER)',
      referenceStandard: 'LOLER 1998, BS 7121-1',
      inspectionMethod: 'Visual and functional, load test at 110%',
      validityMonths: 12,
    },
    division: 'LIFTING',
    status: 16,
    result: 1,
    actualInspectionDate: inspected,
    nextDueDate: addMonths(inspected, 12),
    certificateNumber: 'DXB-LFT-2026-00017',
    certificateDate: new Date(Date.UTC(2026, 10, 21, 8, 0)),
    revision: 0,
    revisionComments: null,
    inspector: { name: 'Rahul Menon', qualifications: 'LEEA Diploma (Lifting Equipment Engineer)', signature },
    performers: [{ name: 'Rahul Menon', qualifications: 'LEEA Diploma (Lifting Equipment Engineer)', signature }],
    approver: { name: 'Sarah Al Mansoori', qualifications: 'CEng MIMechE; Technical Manager', signature },
    checklist: { taskTypeId: 1, initialisedAt: inspected.toISOString(), sections },
    results: Object.fromEntries(sections.flatMap((s) => s.items.flatMap((i) => (i.result ? [[i.id, i.result]] : [])))),
    defects: [],
    testParticulars: [
      {
        name: 'Load test · sample 1 of 1',
        values: [
          ['Test load', '11 t'],
          ['Radius', '6 m'],
          ['Result', 'Pass'],
        ],
      },
    ],
    replaces: null,
    forms: new Map([
      [
        '1:1',
        {
          version: 1 as const,
          fields: [
            {
              id: 'f1',
              kind: 'select' as const,
              key: 'condition',
              label: 'Condition',
              options: [
                { value: 'good', label: 'Good' },
                { value: 'poor', label: 'Poor' },
              ],
            },
            { id: 'f2', kind: 'number' as const, key: 'wear', label: 'Measured wear', unit: 'mm' },
            { id: 'f3', kind: 'textarea' as const, key: 'remarks', label: 'Remarks' },
            { id: 'f4', kind: 'photo' as const, key: 'plate', label: 'Plate photo' },
            { id: 'f5', kind: 'yesno' as const, key: 'defect', label: 'Defect found' },
            {
              id: 'f6',
              kind: 'textarea' as const,
              key: 'defectNotes',
              label: 'Defect details',
              visibleWhen: { key: 'defect', equals: [true] },
            },
          ],
        },
      ],
    ]),
    images,
    fileNames: new Map(),
  };
}

const GEAR = [
  ['llg-shackle', 'bow shackle, galvanised', 't'],
  ['llg-chain-sling', '2-leg chain sling 8 mm, grade 80', 't'],
  ['llg-wire-rope-sling', 'wire rope sling 16 mm x 3 m', 't'],
  ['llg-eyebolt', 'M20 collar eyebolt', 't'],
  ['llg-web-sling', 'flat webbing sling, 2 m', 't'],
] as const;

/**
 * A believable LLG booklet without a database (the bench's booklet figure): `items` children of
 * five kinds, each with a 4-item checklist, every 25th failed, every 40th not approved.
 */
export function sampleBookletData(items = 200): BookletData {
  const base = sampleDocumentData(4);
  const parent: TaskDocumentData = {
    ...base,
    taskId: 5000,
    asset: { ...base.asset, id: null, name: 'LLG', serialNumber: null, type: 'LLG' },
    taskType: { ...base.taskType, name: 'LLG', validityMonths: 6 },
    identification: { manufacturer: null, model: null, serialNumber: null, yearOfManufacture: null, swl: null },
    llgParent: true,
    certificateNumber: 'DXB-LFT-2026-00500',
    testParticulars: [],
  };
  return {
    parent,
    items: Array.from({ length: items }, (_, i) => {
      const [type, specification, unit] = GEAR[i % GEAR.length];
      const serialNumber = `LG-${String(1000 + i)}`;
      const swl = `${1 + (i % 8) * 0.5} ${unit}`;
      const failed = i % 25 === 24;
      const certified = i % 40 !== 39;
      const description = `${type} · ${swl} ${specification}`;
      const data: TaskDocumentData = {
        ...base,
        taskId: 6000 + i,
        asset: { id: null, name: description, serialNumber: null, type, acronymCode: `ID-${i}`, externalId: null },
        identification: { manufacturer: null, model: null, serialNumber, yearOfManufacture: null, swl },
        llgItem: { serialNumber, specification: `${swl} ${specification}`, acronymCode: `ID-${i}`, safeWorkingLoad: swl },
        taskType: { ...base.taskType, name: type, validityMonths: 6 },
        result: failed ? 2 : 1,
        nextDueDate: failed ? null : addMonths(base.actualInspectionDate as Date, 6),
        certificateNumber: certified ? `DXB-LFT-2026-${String(10000 + i)}` : null,
        testParticulars: [],
        defects: failed
          ? [
              {
                nodeId: 'i1',
                name: 'Condition › No deformation, cracks or corrosion',
                danger: 1,
                dangerLabel: 'Existing danger - do not use',
                description: 'Pin bent beyond the discard criteria',
                remedialAction: 'Replace the pin',
                remedyBy: null,
                failedFields: [],
              },
            ]
          : [],
      };
      return {
        taskId: data.taskId,
        serialNumber,
        description,
        swl,
        data,
        certified,
        verificationUrl: certified ? `https://portal.example.test/verify/child${String(i).padStart(17, '0')}` : null,
      };
    }),
  };
}
