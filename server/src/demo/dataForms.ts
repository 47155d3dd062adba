import { and, eq } from 'drizzle-orm';
import { type AssetIdentification, FormDefinition, type FormField, type FormObject, type FormType } from '@portal/contracts';
import { dataFormRevisions, dataForms } from '../db/schema';
import type { Db } from '../db/types';

/**
 * Demo data forms (Settings > Data Forms): attribute forms of asset types and inspection forms
 * of task types, in both namespaces. Asset-type and task-type seeds refer to them by name
 * (`DEMO_FORMS` names, `dataFormIdsByName`).
 */
export const DEMO_FORMS = {
  craneAttributes: 'Crane Attributes',
  forkliftAttributes: 'Forklift Attributes',
  slingAttributes: 'Sling Attributes',
  pressureVesselAttributes: 'Pressure Vessel Attributes',
  fireExtinguisherAttributes: 'Fire Extinguisher Attributes',
  visualCheck: 'Visual Check',
  mobileCraneLoadTest: 'Mobile Crane Load Test',
  forkliftCheckpoint: 'Forklift Daily Checkpoint',
  nonConformance: 'Non-Conformance Report',
  llgInspection: 'LLG Thorough Examination',
  siteObservation: 'Site Observation',
  serviceReport: 'Service Report',
} as const;

/** The attribute key of the manufacturer's serial number in the crane and forklift attribute forms. */
export const MANUFACTURER_SERIAL_KEY = 'manufacturerSerial';

/**
 * Which attribute of each demo attribute form holds the identification facts a certificate
 * prints (DECISIONS 9), by form name: the asset types with that form map them so.
 */
export const DEMO_IDENTIFICATION: Record<string, AssetIdentification> = {
  [DEMO_FORMS.craneAttributes]: {
    manufacturer: 'manufacturer',
    model: 'model',
    serialNumber: MANUFACTURER_SERIAL_KEY,
    yearOfManufacture: 'yearOfManufacture',
    swl: 'swl',
  },
  [DEMO_FORMS.forkliftAttributes]: { manufacturer: 'manufacturer', model: 'model', serialNumber: MANUFACTURER_SERIAL_KEY, swl: 'capacity' },
  [DEMO_FORMS.slingAttributes]: { swl: 'wll' },
  [DEMO_FORMS.fireExtinguisherAttributes]: { yearOfManufacture: 'manufactured' },
  // The pressure vessel form holds none of the five facts (its rating is a pressure, not a load).
  [DEMO_FORMS.pressureVesselAttributes]: {},
};

type Spec = Partial<FormField> & { kind: FormField['kind']; label: string };
let counter = 0;
/** A field with its id and key made from the label (the seed's own shorthand). */
function f(spec: Spec & { key?: string }): FormField {
  counter += 1;
  const key =
    spec.key ??
    spec.label
      .replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))
      .replace(/^./, (c) => c.toLowerCase());
  const isLayout = spec.kind === 'heading' || spec.kind === 'help';
  return { id: `f${counter}`, ...(isLayout ? {} : { key }), ...spec } as FormField;
}
const opts = (...values: string[]) => values.map((v) => ({ value: v.toLowerCase().replace(/[^a-z0-9]+/g, '-'), label: v }));

/** A pass/fail item (a result field: a Fail fails its checklist item, DECISIONS 9) with remarks and a photo shown when it fails. */
function item(label: string, key: string, help?: string): FormField[] {
  return [
    f({ kind: 'passfail', label, key, required: true, result: true, ...(help ? { help } : {}) }),
    f({ kind: 'textarea', label: `${label}: remarks`, key: `${key}Remarks`, required: true, visibleWhen: { key, equals: ['fail'] } }),
    f({ kind: 'photo', label: `${label}: photo`, key: `${key}Photo`, maxFiles: 3, visibleWhen: { key, equals: ['fail'] } }),
  ];
}

interface SeedForm {
  name: string;
  formObject: FormObject;
  formType: FormType;
  samplesMin?: number;
  samplesMax?: number;
  description?: string;
  /** Earlier revisions first; the last one is current. */
  revisions: FormField[][];
}

function forms(): SeedForm[] {
  counter = 0;
  const visualV1 = [
    f({ kind: 'heading', label: 'General condition' }),
    ...item('Structure free of cracks and deformation', 'structure'),
    ...item('Labels and SWL markings legible', 'markings'),
    ...item('Guards and covers in place', 'guards'),
  ];
  const craneV1 = [
    f({ kind: 'heading', label: 'Identification' }),
    f({ kind: 'text', label: 'Manufacturer', required: true }),
    f({ kind: 'text', label: 'Model', required: true }),
    f({ kind: 'select', label: 'Crane type', required: true, options: opts('Mobile', 'Overhead', 'Tower', 'Crawler', 'Gantry') }),
    f({ kind: 'number', label: 'Year of manufacture', min: 1950, max: 2100, decimals: 0 }),
    f({ kind: 'heading', label: 'Rating' }),
    f({ kind: 'number', label: 'Safe working load', key: 'swl', unit: 't', min: 0.1, max: 1200, decimals: 2, required: true }),
    f({
      kind: 'number',
      label: 'Maximum boom length',
      key: 'boomLength',
      unit: 'm',
      min: 1,
      max: 200,
      decimals: 1,
      visibleWhen: { key: 'craneType', equals: ['mobile', 'tower', 'crawler'] },
    }),
    f({
      kind: 'number',
      label: 'Span',
      unit: 'm',
      min: 1,
      max: 100,
      decimals: 1,
      visibleWhen: { key: 'craneType', equals: ['overhead', 'gantry'] },
    }),
    f({ kind: 'photo', label: 'Data plate photo', key: 'dataPlate', maxFiles: 2 }),
  ];
  const forkliftV1 = [
    f({ kind: 'text', label: 'Manufacturer', required: true }),
    f({ kind: 'text', label: 'Model' }),
    f({ kind: 'number', label: 'Rated capacity', key: 'capacity', unit: 'kg', min: 100, max: 50000, decimals: 0, required: true }),
    f({ kind: 'number', label: 'Load centre', unit: 'mm', min: 100, max: 2000, decimals: 0, default: 500 }),
    f({ kind: 'number', label: 'Maximum lift height', key: 'liftHeight', unit: 'm', min: 0.5, max: 20, decimals: 2 }),
    f({ kind: 'select', label: 'Power', required: true, options: opts('Diesel', 'LPG', 'Electric') }),
    f({ kind: 'multiselect', label: 'Attachments', options: opts('Side shift', 'Fork positioner', 'Clamp', 'Rotator', 'Jib') }),
  ];
  // Revision 2 of both (DECISIONS 9: certificates print the manufacturer's serial number, which
  // is not the QR sticker's serial): added after Model, the other fields unchanged.
  const manufacturerSerial = () => f({ kind: 'text', label: "Manufacturer's serial number", key: MANUFACTURER_SERIAL_KEY, maxLength: 100 });
  return [
    {
      name: DEMO_FORMS.craneAttributes,
      formObject: 'ASSET TYPE',
      formType: 'FORM',
      description: 'Identification and rating of cranes',
      revisions: [craneV1, [...craneV1.slice(0, 3), manufacturerSerial(), ...craneV1.slice(3)]],
    },
    {
      name: DEMO_FORMS.forkliftAttributes,
      formObject: 'ASSET TYPE',
      formType: 'FORM',
      revisions: [forkliftV1, [...forkliftV1.slice(0, 2), manufacturerSerial(), ...forkliftV1.slice(2)]],
    },
    {
      name: DEMO_FORMS.slingAttributes,
      formObject: 'ASSET TYPE',
      formType: 'FORM',
      revisions: [
        [
          f({ kind: 'select', label: 'Sling type', required: true, options: opts('Wire rope', 'Chain', 'Webbing', 'Round sling') }),
          f({ kind: 'number', label: 'Working load limit', key: 'wll', unit: 't', min: 0.1, max: 200, decimals: 2, required: true }),
          f({ kind: 'number', label: 'Effective length', key: 'length', unit: 'm', min: 0.3, max: 100, decimals: 2, required: true }),
          f({
            kind: 'number',
            label: 'Diameter',
            unit: 'mm',
            min: 3,
            max: 120,
            decimals: 1,
            visibleWhen: { key: 'slingType', equals: ['wire-rope', 'chain'] },
          }),
          f({
            kind: 'select',
            label: 'Chain grade',
            key: 'grade',
            options: opts('Grade 80', 'Grade 100', 'Grade 120'),
            visibleWhen: { key: 'slingType', equals: ['chain'] },
          }),
          f({ kind: 'select', label: 'Number of legs', key: 'legs', options: opts('1', '2', '3', '4'), default: '1' }),
          f({ kind: 'photo', label: 'Identification tag photo', key: 'tagPhoto', maxFiles: 1 }),
        ],
      ],
    },
    {
      name: DEMO_FORMS.pressureVesselAttributes,
      formObject: 'ASSET TYPE',
      formType: 'FORM',
      revisions: [
        [
          f({ kind: 'text', label: 'National Board number', key: 'nbNumber' }),
          f({ kind: 'number', label: 'Design pressure', unit: 'bar', min: 0, max: 1000, decimals: 1, required: true }),
          f({
            kind: 'number',
            label: 'Maximum allowable working pressure',
            key: 'mawp',
            unit: 'bar',
            min: 0,
            max: 1000,
            decimals: 1,
            required: true,
          }),
          f({ kind: 'number', label: 'Design temperature', unit: '°C', min: -200, max: 800, decimals: 0 }),
          f({ kind: 'number', label: 'Volume', unit: 'L', min: 1, max: 1_000_000, decimals: 0 }),
          f({ kind: 'number', label: 'Relief valve set pressure', key: 'reliefSetPressure', unit: 'bar', min: 0, max: 1000, decimals: 1 }),
          f({ kind: 'file', label: 'Manufacturer data report', key: 'dataReport', maxFiles: 2, help: 'PDF or photo of the U-1 form' }),
        ],
      ],
    },
    {
      name: DEMO_FORMS.fireExtinguisherAttributes,
      formObject: 'ASSET TYPE',
      formType: 'FORM',
      revisions: [
        [
          f({
            kind: 'select',
            label: 'Extinguishing agent',
            key: 'agent',
            required: true,
            options: opts('CO2', 'Dry powder', 'Foam', 'Water', 'Wet chemical'),
          }),
          f({ kind: 'number', label: 'Capacity', unit: 'kg', min: 0.5, max: 150, decimals: 1, required: true }),
          f({ kind: 'text', label: 'Location in building', key: 'location', maxLength: 200 }),
          f({ kind: 'date', label: 'Manufacture date', key: 'manufactured' }),
          f({ kind: 'date', label: 'Last refill', key: 'lastRefill' }),
        ],
      ],
    },
    {
      name: DEMO_FORMS.visualCheck,
      formObject: 'TASK TYPE',
      formType: 'FORM',
      description: 'General visual inspection, one result per item',
      revisions: [
        visualV1,
        [
          ...visualV1,
          ...item('Hooks, latches and pins', 'hooks', 'Check latch closure and pin retention'),
          f({ kind: 'heading', label: 'Conclusion' }),
          f({ kind: 'textarea', label: 'General remarks', key: 'remarks' }),
          f({ kind: 'date', label: 'Inspection date', key: 'inspectionDate', default: 'today', required: true }),
        ],
      ],
    },
    {
      name: DEMO_FORMS.mobileCraneLoadTest,
      formObject: 'TASK TYPE',
      formType: 'MULTIPLE',
      samplesMin: 1,
      samplesMax: 4,
      description: 'One sample per load case (radius and boom configuration)',
      revisions: [
        [
          f({ kind: 'help', label: 'Record one sample per load case. Test load is 110% of the rated load at the given radius.' }),
          f({ kind: 'number', label: 'Test load', unit: 't', min: 0.1, max: 1500, decimals: 2, required: true }),
          f({ kind: 'number', label: 'Radius', unit: 'm', min: 1, max: 150, decimals: 1, required: true }),
          f({ kind: 'number', label: 'Boom length', unit: 'm', min: 5, max: 200, decimals: 1, required: true }),
          f({ kind: 'time', label: 'Load held from', key: 'heldFrom' }),
          f({ kind: 'passfail', label: 'Result', key: 'result', required: true, result: true }),
          f({
            kind: 'textarea',
            label: 'Observations',
            key: 'observations',
            visibleWhen: { key: 'result', equals: ['fail'] },
            required: true,
          }),
          f({ kind: 'photo', label: 'Photo of the test set-up', key: 'photo', maxFiles: 4 }),
        ],
      ],
    },
    {
      name: DEMO_FORMS.forkliftCheckpoint,
      formObject: 'TASK TYPE',
      formType: 'CHECKPOINT',
      revisions: [
        [
          ...item('Forks and carriage', 'forks'),
          ...item('Mast chains and hydraulics', 'mast'),
          ...item('Brakes and steering', 'brakes'),
          f({ kind: 'yesno', label: 'Safe to operate', key: 'safe', required: true }),
        ],
      ],
    },
    {
      name: DEMO_FORMS.nonConformance,
      formObject: 'TASK TYPE',
      formType: 'NC',
      revisions: [
        [
          f({ kind: 'select', label: 'Severity', required: true, options: opts('Minor', 'Major', 'Critical') }),
          f({ kind: 'textarea', label: 'Description of the non-conformance', key: 'description', required: true }),
          f({ kind: 'text', label: 'Standard clause', key: 'clause', help: 'e.g. ASME B30.5 5-2.1.2' }),
          f({ kind: 'textarea', label: 'Corrective action required', key: 'action', required: true }),
          f({ kind: 'date', label: 'Rectify by', key: 'dueDate' }),
          f({
            kind: 'yesno',
            label: 'Equipment taken out of service',
            key: 'outOfService',
            required: true,
            visibleWhen: { key: 'severity', equals: ['major', 'critical'] },
          }),
          f({ kind: 'photo', label: 'Evidence', key: 'evidence', maxFiles: 6 }),
        ],
      ],
    },
    {
      name: DEMO_FORMS.llgInspection,
      formObject: 'LLG',
      formType: 'FORM',
      revisions: [
        [
          f({ kind: 'text', label: 'Identification number', key: 'idNumber', required: true }),
          f({ kind: 'number', label: 'Working load limit', key: 'wll', unit: 't', min: 0.01, max: 500, decimals: 2, required: true }),
          f({ kind: 'passfail', label: 'Thorough examination result', key: 'result', required: true, result: true }),
          f({ kind: 'textarea', label: 'Defects found', key: 'defects', required: true, visibleWhen: { key: 'result', equals: ['fail'] } }),
          f({ kind: 'select', label: 'Colour code', key: 'colour', options: opts('Red', 'Yellow', 'Green', 'Blue', 'White') }),
        ],
      ],
    },
    {
      name: DEMO_FORMS.siteObservation,
      formObject: 'OBSERVATIONS',
      formType: 'FORM',
      revisions: [
        [
          f({ kind: 'select', label: 'Category', required: true, options: opts('Unsafe act', 'Unsafe condition', 'Good practice') }),
          f({ kind: 'textarea', label: 'What was observed', key: 'observation', required: true }),
          f({ kind: 'photo', label: 'Photos', key: 'photos', maxFiles: 5 }),
        ],
      ],
    },
    {
      name: DEMO_FORMS.serviceReport,
      formObject: 'SERVICE REPORT',
      formType: 'FORM',
      revisions: [
        [
          f({ kind: 'textarea', label: 'Work carried out', key: 'work', required: true }),
          f({ kind: 'number', label: 'Hours on site', key: 'hours', unit: 'h', min: 0.25, max: 24, decimals: 2 }),
          f({ kind: 'time', label: 'Arrival time', key: 'arrival' }),
          f({ kind: 'text', label: 'Client representative', key: 'clientName', required: true }),
          f({ kind: 'signature', label: 'Client signature', key: 'clientSignature', required: true }),
        ],
      ],
    },
  ];
}

/** The smaller set of the acme namespace (every other namespace gets all of them). */
const ACME_FORMS = new Set<string>([
  DEMO_FORMS.craneAttributes,
  DEMO_FORMS.slingAttributes,
  DEMO_FORMS.visualCheck,
  DEMO_FORMS.mobileCraneLoadTest,
  DEMO_FORMS.nonConformance,
  DEMO_FORMS.llgInspection,
]);

/** Seeds the demo forms of a namespace (each revision kept); answers their ids by name. */
export async function seedDataForms(db: Db, namespaceId: number, namespaceName: string): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const form of forms()) {
    if (namespaceName === 'acme' && !ACME_FORMS.has(form.name)) continue;
    const definitions = form.revisions.map((fields) => FormDefinition.parse({ version: 1, fields }));
    const current = definitions.at(-1) as FormDefinition;
    const [row] = await db
      .insert(dataForms)
      .values({
        namespaceId,
        name: form.name,
        description: form.description,
        formObject: form.formObject,
        formType: form.formType,
        samplesMin: form.samplesMin ?? 1,
        samplesMax: form.samplesMax ?? (form.formType === 'MULTIPLE' ? 4 : 2),
        revision: definitions.length,
        definition: current,
      })
      .returning({ id: dataForms.id });
    await db
      .insert(dataFormRevisions)
      .values(definitions.map((definition, i) => ({ namespaceId, formId: row.id, revision: i + 1, definition })));
    ids[form.name] = row.id;
  }
  return ids;
}

/** Ids of a namespace's active forms by name, for seeds and tests that refer to the demo forms. */
export async function dataFormIdsByName(db: Db, namespaceId: number): Promise<Record<string, number>> {
  const rows = await db
    .select({ id: dataForms.id, name: dataForms.name })
    .from(dataForms)
    .where(and(eq(dataForms.namespaceId, namespaceId), eq(dataForms.status, 1)));
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}
