import { DANGER_LABEL, EXAMINATION_BASIS_LABEL, IDENTIFICATION_LABEL } from '@portal/contracts';
import type { TaskDocumentData } from './dataTypes';
import { documentDate, documentDay } from './dates';
import {
  checklistColumns,
  factGrid,
  lightTable,
  NOT_RECORDED,
  orNot,
  resultBand,
  SIGNATURES_HEIGHT,
  signatures,
  title,
} from './certificateBlocks';
import { Pdf } from './pdf';
import { COLOR, CONTENT_WIDTH, MARGIN } from './pdfLayout';
import { firstPageHeader, type RenderOptions, reference, runningHeader } from './pageParts';

/**
 * The certificate (category 1), as DECISIONS 9 says a certificate a client and an auditor can
 * trust reads: what was examined (the equipment fully identified, the basis, the previous
 * examination, the test particulars and equipment) and what was found. A Pass is a certificate
 * of thorough examination with its validity and next due date, listing any observations; a Fail
 * is a report of defects found: the defects, 'NOT SAFE TO USE' when one is an existing danger,
 * no validity and no next due date. Every date in the task's time zone, named. Signed by the
 * inspectors who performed the examination and the approver. An amended certificate names
 * the one it replaces.
 */

/** What the document is, from its result (DECISIONS 9). */
export function certificateTitle(result: number | null): string {
  return result === 2 ? 'Report of thorough examination - defects found' : 'Certificate of thorough examination';
}

/** The certificate (category 1): a PDF of its own. */
export async function renderCertificate(data: TaskDocumentData, options: RenderOptions): Promise<Buffer> {
  const failed = data.result === 2;
  // The verification address is also in the metadata (Keywords), readable without the QR code.
  const pdf = new Pdf({
    title: `${certificateTitle(data.result)} ${reference(data, options.final)}`,
    author: data.provider.name,
    subject: `${data.taskType.name}: ${data.asset.name}`,
    keywords: options.verificationUrl ?? undefined,
  });
  drawCertificate(pdf, data, options);
  return pdf.finish({
    left: `${data.provider.name}  ·  ${failed ? 'Report' : 'Certificate'} ${options.final ? (data.certificateNumber ?? '') : 'PREVIEW (not valid as a certificate)'}`,
    right: options.verificationUrl
      ? `Verify this ${failed ? 'report' : 'certificate'} at ${options.verificationUrl}`
      : 'A preview for approval: it carries no number and certifies nothing.',
    watermark: options.final ? null : 'PREVIEW',
  });
}

/** The equipment's identification: an asset's (DECISIONS 9), or the register item an LLG child examines. */
function equipmentFacts(data: TaskDocumentData): [string, string][] {
  const id = data.identification;
  if (data.llgItem)
    return [
      ['Description', data.asset.name],
      ['Equipment type', orNot(data.asset.type)],
      ['Serial number', data.llgItem.serialNumber],
      [IDENTIFICATION_LABEL.swl, orNot(data.llgItem.safeWorkingLoad)],
      ['Specification', orNot(data.llgItem.specification)],
      ['ID (acronym code)', orNot(data.llgItem.acronymCode)],
      [IDENTIFICATION_LABEL.manufacturer, NOT_RECORDED],
      [IDENTIFICATION_LABEL.yearOfManufacture, NOT_RECORDED],
    ];
  return [
    ['Description', data.asset.name],
    ['Equipment type', orNot(data.asset.type)],
    [IDENTIFICATION_LABEL.manufacturer, orNot(id.manufacturer)],
    [IDENTIFICATION_LABEL.model, orNot(id.model)],
    [IDENTIFICATION_LABEL.serialNumber, orNot(id.serialNumber)],
    [IDENTIFICATION_LABEL.yearOfManufacture, orNot(id.yearOfManufacture)],
    [IDENTIFICATION_LABEL.swl, orNot(id.swl)],
    ['Tag', orNot(data.asset.serialNumber)],
  ];
}

/**
 * Draws the certificate into `pdf` from the top of its current (fresh) page: the certificate
 * on its own, or one item's certificate inside a booklet (`booklet.ts`). Leaves the running
 * header set to the certificate's.
 */
export function drawCertificate(pdf: Pdf, data: TaskDocumentData, options: RenderOptions): void {
  const ref = reference(data, options.final);
  const failed = data.result === 2;
  const documentTitle = certificateTitle(data.result);
  firstPageHeader(pdf, data, documentTitle.toUpperCase(), data.taskType.name, [
    [failed ? 'Report No.' : 'Certificate No.', options.final ? (data.certificateNumber ?? '—') : 'PREVIEW'],
    ['Revision', String(data.revision)],
    ['Date of issue', options.final ? documentDate(data.certificateDate ?? options.issuedAt, data.timeZone) : 'Not issued'],
  ]);
  pdf.runningHeader = runningHeader(data, documentTitle, ref);
  factGrid(pdf, 'Client and site', [
    ['Client', data.client.name],
    ['Client address', data.client.lines.join(', ') || NOT_RECORDED],
    ['Site of examination', data.site.name],
    ['Site address', data.site.lines.join(', ') || NOT_RECORDED],
  ]);

  factGrid(pdf, 'Equipment', equipmentFacts(data));
  factGrid(pdf, 'Examination', [
    ['Examination', data.taskType.name],
    ['Reference standard', orNot(data.taskType.referenceStandard)],
    ['Inspection method', orNot(data.taskType.inspectionMethod)],
    ['Basis of examination', EXAMINATION_BASIS_LABEL[data.basis]],
    ['Previous examination', data.previousExamination ? documentDate(data.previousExamination, data.timeZone) : 'First examination'],
    ['Job number', data.job.number],
    ['Equipment ID', orNot(data.asset.acronymCode ?? data.asset.externalId)],
    ['Times shown in', data.timeZone === 'UTC' ? 'UTC' : data.timeZone.replace(/_/g, ' ')],
  ]);

  resultBand(pdf, data);

  const defects = data.defects.filter((d) => d.danger !== 3);
  const observations = data.defects.filter((d) => d.danger === 3);
  const defectColumns = [
    { title: 'Part examined', width: 120 },
    { title: 'Defect', width: 150 },
    { title: 'Danger', width: 80 },
    { title: 'Remedial action', width: CONTENT_WIDTH - 120 - 150 - 80 - 60 },
    { title: 'Remedy by', width: 60 },
  ];
  if (defects.length > 0) {
    title(pdf, 'Defects found');
    lightTable(
      pdf,
      defectColumns,
      defects.map((d) => [
        d.name,
        d.failedFields.length > 0 ? `${d.description} (${d.failedFields.join(', ')}: Fail)` : d.description,
        DANGER_LABEL[d.danger],
        orNot(d.remedialAction),
        d.danger === 2 ? documentDay(d.remedyBy) : d.danger === 1 ? 'Before further use' : '—',
      ]),
    );
  }
  if (observations.length > 0) {
    title(pdf, 'Observations');
    lightTable(
      pdf,
      [
        { title: 'Part examined', width: 150 },
        { title: 'Observation', width: CONTENT_WIDTH - 150 - 150 },
        { title: 'Advice', width: 150 },
      ],
      observations.map((d) => [d.name, d.description, d.remedialAction ?? '—']),
    );
  }

  if (data.testParticulars.length > 0) {
    title(pdf, 'Test particulars');
    lightTable(
      pdf,
      [
        { title: 'Test', width: 170 },
        { title: 'Particulars', width: CONTENT_WIDTH - 170 },
      ],
      data.testParticulars.map((t) => [t.name, t.values.map(([label, value]) => `${label}: ${value}`).join('   ·   ')]),
    );
  }
  title(pdf, 'Test equipment used', 14);
  if (data.testEquipment.length === 0) {
    pdf.font('oblique', 7.5, COLOR.muted);
    pdf.textAt(NOT_RECORDED, MARGIN.left, pdf.y);
    pdf.y += 12;
  } else
    lightTable(
      pdf,
      [
        { title: 'Equipment', width: 190 },
        { title: 'Identifier', width: 110 },
        { title: 'Calibration certificate', width: 121 },
        { title: 'Calibration due', width: 90 },
      ],
      data.testEquipment.map((e) => [
        e.name,
        e.identifier,
        orNot(e.calibrationCertificate),
        e.calibrationDue ? documentDay(e.calibrationDue) : NOT_RECORDED,
      ]),
    );

  const na = Object.values(data.results).filter((r) => r === 'na').length;
  const declaration = failed
    ? `The equipment described above was thoroughly examined on the date shown, on the basis stated, and the defects listed were found. ${
        data.defects.some((d) => d.danger === 1)
          ? 'It is NOT SAFE TO USE until the defects marked as an existing danger are remedied. '
          : 'The defects must be remedied by the dates given. '
      }This report is not a certificate of fitness: the equipment must be examined again after repair.`
    : `We certify that the equipment described above was thoroughly examined on the date shown, on the basis stated, in accordance with the reference standard and method given, and that the results recorded are a true account of what was found${
        na > 0 ? ` (items marked N/A were not applicable and were not examined)` : ''
      }. This certificate is valid until the next examination date unless the equipment is modified, repaired, damaged or exposed to exceptional circumstances in the meantime.`;
  // The declaration stays with the signatures: its title, text and the signature boxes.
  const closing = 15 + pdf.heightOf(declaration, CONTENT_WIDTH, 'regular', 7) + 5 + SIGNATURES_HEIGHT;
  title(pdf, 'Checklist results');
  // What must follow on the page: the revision note, the declaration and the signatures.
  checklistColumns(pdf, data, (data.revision > 0 ? 50 : 0) + closing);

  if (data.revision > 0) {
    title(pdf, `Revision ${data.revision}`, 24);
    const replaced = data.replaces
      ? `This revision replaces certificate ${data.replaces.number} revision ${data.replaces.revision}, issued ${documentDate(
          data.replaces.issuedAt,
          data.timeZone,
        )} (SHA-256 ${data.replaces.sha256}), which is withdrawn.`
      : `This revision replaces revision ${data.revision - 1} of certificate ${data.certificateNumber ?? ''}, which is withdrawn.`;
    const text = data.revisionComments ? `${replaced} Reason: ${data.revisionComments}` : replaced;
    pdf.paragraph(text, { size: 7.5, gap: 4 });
  }

  pdf.ensure(closing);
  title(pdf, 'Declaration', 0);
  pdf.paragraph(declaration, { size: 7, align: 'justify', gap: 5 });
  signatures(pdf, data, options);
}
