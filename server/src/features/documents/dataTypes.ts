import type {
  DefectEntry,
  ExaminationBasis,
  FormDefinition,
  IDENTIFICATION_FACTS,
  ItemResult,
  TaskChecklist,
  TestEquipment,
} from '@portal/contracts';

// The shapes of what a task's documents show (`data.ts` reads them, the renderers draw them).

/** An image ready for the PDF (PNG or JPEG bytes only; anything else is left out). */
export interface PdfImage {
  data: Buffer;
  type: 'image/png' | 'image/jpeg';
}

export interface Party {
  name: string;
  lines: string[];
}

export interface Person {
  name: string;
  /** The profile's qualifications (DECISIONS 9), printed under the name. */
  qualifications: string | null;
  signature: PdfImage | null;
}

/** What the identification of the equipment says (DECISIONS 9), formatted; null: not recorded. */
export type Identification = Record<(typeof IDENTIFICATION_FACTS)[number], string | null>;

/** The form values a certificate prints as test particulars (LOAD TEST and NDT nodes). */
export interface TestParticular {
  /** 'Load test' or 'Load test · sample 2 of 3'. */
  name: string;
  values: [string, string][];
}

/** The register item an LLG child examines (llg_items). */
export interface LlgItemFacts {
  serialNumber: string;
  specification: string | null;
  acronymCode: string | null;
  safeWorkingLoad: string | null;
}

/** The certificate an amended one replaces (DECISIONS 9). */
export interface ReplacedCertificate {
  number: string;
  revision: number;
  issuedAt: Date;
  sha256: string;
}

/**
 * Everything a task's documents show, read once before rendering (outside any transaction:
 * the renderers run without a database slot).
 */
export interface TaskDocumentData {
  taskId: number;
  namespaceId: number;
  provider: Party & { logo: PdfImage | null; website: string | null };
  office: Party | null;
  client: Party;
  site: Party;
  job: { number: string; quotationNumber: string | null; poNumber: string | null };
  /** `serialNumber` is the QR sticker's serial: printed as 'Tag' (DECISIONS 9). */
  asset: {
    name: string;
    serialNumber: string | null;
    type: string | null;
    id: number | null;
    acronymCode: string | null;
    externalId: string | null;
  };
  identification: Identification;
  /** An LLG child: the register item it examines (its serial number, specification, ID, SWL). */
  llgItem: LlgItemFacts | null;
  /** An LLG parent task (is_llg, no parent): its certificate is the booklet of its children. */
  llgParent: boolean;
  /** The date of the previous thorough examination of the asset, or null for the first. */
  previousExamination: Date | null;
  basis: ExaminationBasis;
  testEquipment: TestEquipment[];
  /** IANA zone every date of the documents is printed in (the task's, else the job's or site's). */
  timeZone: string;
  taskType: { name: string; referenceStandard: string | null; inspectionMethod: string | null; validityMonths: number };
  division: string;
  status: number;
  result: number | null;
  actualInspectionDate: Date | null;
  nextDueDate: Date | null;
  certificateNumber: string | null;
  certificateDate: Date | null;
  revision: number;
  revisionComments: string | null;
  /** The first performing inspector (or the assigned one when nobody saved results). */
  inspector: Person | null;
  /** Everyone who saved results, first first (DECISIONS 9). */
  performers: Person[];
  approver: Person | null;
  checklist: TaskChecklist | null;
  /** Each node's result after its forms' result fields. */
  results: Record<string, ItemResult>;
  defects: DefectEntry[];
  testParticulars: TestParticular[];
  replaces: ReplacedCertificate | null;
  /** Form definitions by `<formId>:<revision>`, for the records the checklist holds. */
  forms: Map<string, FormDefinition>;
  /** Images of the form records by blob key (photos, signatures), only those that are PNG or JPEG. */
  images: Map<string, PdfImage>;
  /** File names of the form records' non-image files, by blob key. */
  fileNames: Map<string, string>;
}
