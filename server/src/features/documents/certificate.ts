import { DANGER_LABEL, EXAMINATION_BASIS_LABEL, IDENTIFICATION_LABEL, type ItemResult } from '@portal/contracts';
import type { Person, TaskDocumentData } from './data';
import { documentDate, documentDateTime, documentDay } from './dates';
import { Pdf } from './pdf';
import { A4, COLOR, CONTENT_WIDTH, MARGIN } from './pdfLayout';
import { firstPageHeader, type RenderOptions, reference, resultColors, runningHeader } from './pageParts';

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

const NOT_RECORDED = 'Not recorded';
/** The signature boxes and the space under them. */
const SIGNATURES_HEIGHT = 90;
const orNot = (value: string | null | undefined) => (value?.trim() ? value : NOT_RECORDED);

/** What the document is, from its result (DECISIONS 9). */
export function certificateTitle(result: number | null): string {
  return result === 2 ? 'Report of thorough examination - defects found' : 'Certificate of thorough examination';
}

/** A titled box of facts in columns, each a small label above its value. */
function factGrid(pdf: Pdf, title: string, facts: [string, string][], columns = 4) {
  const pad = 7;
  const columnWidth = (CONTENT_WIDTH - 2 * pad) / columns;
  const rows: [string, string][][] = [];
  for (let i = 0; i < facts.length; i += columns) rows.push(facts.slice(i, i + columns));
  const labelHeight = (label: string) => pdf.heightOf(label.toUpperCase(), columnWidth - 8, 'regular', 6.5);
  const rowHeights = rows.map(
    (row) =>
      Math.max(...row.map(([label]) => labelHeight(label))) +
      Math.max(...row.map(([, value]) => pdf.heightOf(value, columnWidth - 8, 'bold', 8.5))) +
      4,
  );
  const height = 17 + rowHeights.reduce((a, b) => a + b, 0) + 1;
  pdf.ensure(height + 6);
  const top = pdf.y;
  pdf.strokeRect(MARGIN.left, top, CONTENT_WIDTH, height, COLOR.line, 4);
  pdf.fillRect(MARGIN.left, top, CONTENT_WIDTH, 13, COLOR.primaryLight, 4);
  pdf.fillRect(MARGIN.left, top + 8, CONTENT_WIDTH, 5, COLOR.primaryLight);
  pdf.within('Table', () => {
    pdf.within('Caption', () => {
      pdf.font('bold', 7, COLOR.primary);
      pdf.textAt(title.toUpperCase(), MARGIN.left + pad, top + 3.5, { characterSpacing: 0.3 });
    });
    let y = top + 16;
    rows.forEach((row, r) => {
      const labels = Math.max(...row.map(([label]) => labelHeight(label)));
      pdf.within('TR', () => {
        row.forEach(([label, value], c) => {
          const x = MARGIN.left + pad + c * columnWidth;
          pdf.within('TH', () => {
            pdf.font('regular', 6.5, COLOR.muted);
            pdf.textAt(label.toUpperCase(), x, y, { width: columnWidth - 8 });
          });
          pdf.within('TD', () => {
            const missing = value === NOT_RECORDED;
            pdf.font(missing ? 'oblique' : 'bold', 8.5, missing ? COLOR.muted : COLOR.text);
            pdf.textAt(value, x, y + labels + 0.5, { width: columnWidth - 8 });
          });
        });
      });
      y += rowHeights[r];
    });
  });
  pdf.y = top + height + 5;
}

/** A compact section title (a Sect with its H), kept with `keep` points of what follows. */
function title(pdf: Pdf, text: string, keep = 40) {
  pdf.heading(text, { compact: true, keepWithNext: keep });
}

/** A light table: header row, rows of wrapped text, a hairline between rows; tagged as a table. */
function lightTable(pdf: Pdf, columns: { title: string; width: number }[], rows: string[][], size = 7.5) {
  const pad = 4;
  const header = () => {
    const y = pdf.y;
    let x = MARGIN.left;
    pdf.within('TR', () => {
      for (const column of columns) {
        pdf.within('TH', () => {
          pdf.font('bold', 6.5, COLOR.muted);
          pdf.textAt(column.title.toUpperCase(), x + pad, y, { width: column.width - 2 * pad, characterSpacing: 0.2 });
        });
        x += column.width;
      }
    });
    pdf.y = y + 10;
    pdf.rule(pdf.y, COLOR.line, 0.4);
    pdf.y += 2;
  };
  pdf.within('Table', () => {
    header();
    for (const row of rows) {
      const height = Math.max(...columns.map((c, i) => pdf.heightOf(row[i] ?? '', c.width - 2 * pad, 'regular', size))) + 4;
      if (pdf.y + height > pdf.bottom) {
        pdf.newPage();
        header();
      }
      const y = pdf.y;
      let x = MARGIN.left;
      pdf.within('TR', () => {
        columns.forEach((column, i) => {
          pdf.within('TD', () => {
            pdf.font(i === 0 ? 'bold' : 'regular', size, COLOR.text);
            pdf.textAt(row[i] ?? '', x + pad, y + 1, { width: column.width - 2 * pad });
          });
          x += column.width;
        });
      });
      pdf.y = y + height;
      pdf.rule(pdf.y, COLOR.line, 0.3);
      pdf.y += 1;
    }
  });
  pdf.y += 4;
}

const RESULT_TEXT: Record<ItemResult, string> = { pass: 'Pass', fail: 'Fail', na: 'N/A' };
const RESULT_COLOR: Record<ItemResult, string> = { pass: COLOR.pass, fail: COLOR.fail, na: COLOR.muted };

/**
 * The checklist in columns: each section's name, then its items with their results. Two
 * columns, or three when that keeps the certificate on its page (`reserve` is what must still
 * follow it there); a long checklist flows column by column onto further pages, every item kept.
 */
function checklistColumns(pdf: Pdf, data: TaskDocumentData, reserve: number) {
  type Line = { kind: 'section'; text: string } | { kind: 'item'; text: string; result: ItemResult | null };
  const lines: Line[] = [];
  for (const section of data.checklist?.sections ?? []) {
    lines.push({ kind: 'section', text: section.name });
    for (const item of section.items) lines.push({ kind: 'item', text: item.name, result: data.results[item.id] ?? null });
  }
  if (lines.length === 0) {
    pdf.font('oblique', 8, COLOR.muted);
    pdf.textAt('No checklist items were recorded for this task.', MARGIN.left, pdf.y);
    pdf.y += 12;
    return;
  }
  const gap = 14;
  const resultWidth = 28;
  const layout = (columns: number) => {
    const width = (CONTENT_WIDTH - gap * (columns - 1)) / columns;
    const heightOf = (line: Line) =>
      line.kind === 'section' ? 13 : pdf.heightOf(line.text, width - resultWidth - 8, 'regular', 7.5) + 2.5;
    return { columns, width, heightOf, total: lines.reduce((sum, l) => sum + heightOf(l), 0) };
  };
  // The section title above is drawn with the first line (pending until then): its height counts.
  const room = pdf.bottom - pdf.y - 15;
  const two = layout(2);
  const three = layout(3);
  // The fewest columns that keep what follows on this page, else that keep the checklist itself on it.
  const fits = (l: typeof two, extra: number) => l.total / l.columns + 8 + extra <= room;
  const chosen = fits(two, reserve) ? two : fits(three, reserve) ? three : fits(two, 0) ? two : fits(three, 0) ? three : two;
  const { columns, width, heightOf, total } = chosen;
  // Balanced when it fits the page, else each column filled to the foot of the page.
  const balanced = total / columns + 20 <= room;
  const target = balanced ? total / columns : Number.POSITIVE_INFINITY;
  let column = 0;
  let top = pdf.y;
  let y = top;
  let lowest = top;
  let section = '';
  pdf.within('Table', () =>
    lines.forEach((line, index) => {
      const h = heightOf(line);
      // A section title keeps its first item with it.
      const need = line.kind === 'section' ? h + heightOf(lines[index + 1] ?? line) : h;
      const full = y + need > pdf.bottom || (balanced && column < columns - 1 && y - top + h / 2 > target && line.kind === 'section');
      if (full) {
        column++;
        if (column >= columns) {
          pdf.newPage();
          column = 0;
          top = pdf.y;
          lowest = top;
        }
        y = top;
        if (line.kind === 'item' && section) {
          pdf.font('bold', 7.5, COLOR.primary);
          pdf.textAt(`${section} (continued)`, MARGIN.left + column * (width + gap), y + 3, { width });
          y += 13;
        }
      }
      const x = MARGIN.left + column * (width + gap);
      const at = y;
      if (line.kind === 'section') {
        section = line.text;
        pdf.within('TR', () =>
          pdf.within('TH', () => {
            pdf.font('bold', 7.5, COLOR.primary);
            pdf.textAt(line.text, x, at + 3, { width });
          }),
        );
      } else {
        pdf.within('TR', () => {
          pdf.within('TD', () => {
            pdf.font('regular', 7.5, COLOR.text);
            pdf.textAt(line.text, x + 4, at, { width: width - resultWidth - 8 });
          });
          pdf.within('TD', () => {
            pdf.font('bold', 7.5, line.result ? RESULT_COLOR[line.result] : COLOR.pending);
            pdf.textAt(line.result ? RESULT_TEXT[line.result] : 'Open', x + width - resultWidth, at, {
              width: resultWidth,
              align: 'right',
            });
          });
        });
      }
      y += h;
      lowest = Math.max(lowest, y);
    }),
  );
  pdf.y = lowest + 4;
}

/** The result band: the outcome, the examination date, and (Pass only) validity and next due date. */
function resultBand(pdf: Pdf, data: TaskDocumentData) {
  pdf.ensure(50);
  const top = pdf.y;
  const [color, background] = resultColors(data.result);
  const failed = data.result === 2;
  const dangerous = data.defects.some((d) => d.danger === 1);
  pdf.fillRect(MARGIN.left, top, CONTENT_WIDTH, 40, background, 4);
  pdf.font('regular', 7, COLOR.muted);
  pdf.textAt('RESULT OF THE EXAMINATION', MARGIN.left + 10, top + 7);
  pdf.font('bold', 17, color);
  pdf.textAt(data.result === 1 ? 'PASS' : failed ? 'FAIL' : 'NOT INSPECTED', MARGIN.left + 10, top + 16, { width: 190 });
  if (failed) {
    pdf.font('bold', 8.5, color);
    pdf.textAt(dangerous ? 'NOT SAFE TO USE' : 'DEFECTS FOUND', MARGIN.left + 62, top + 21.5, { width: 140 });
  }
  const facts: [string, string][] = [
    ['Date of examination', documentDateTime(data.actualInspectionDate, data.timeZone)],
    ['Next examination due', failed ? 'After repair' : data.nextDueDate ? documentDate(data.nextDueDate, data.timeZone) : NOT_RECORDED],
  ];
  if (data.result === 1) facts.push(['Validity', `${data.taskType.validityMonths} months`]);
  const widths = [150, 95, 70];
  facts.forEach(([label, value], i) => {
    const x = MARGIN.left + 190 + widths.slice(0, i).reduce((a, b) => a + b, 0);
    const width = widths[i];
    pdf.font('regular', 7, COLOR.muted);
    pdf.textAt(label.toUpperCase(), x, top + 7, { width: width - 6 });
    pdf.font('bold', 9, COLOR.text);
    pdf.textAt(value, x, top + 19, { width: width - 6 });
  });
  pdf.y = top + 46;
}

/** Signature boxes: each performing inspector, the approver, and the verification QR code. */
function signatures(pdf: Pdf, data: TaskDocumentData, options: RenderOptions) {
  const qrSize = 78;
  const gap = 10;
  const performers = data.performers.length > 0 ? data.performers : [];
  const shown = performers.slice(0, 2);
  const boxes = shown.length + 1;
  const boxWidth = (CONTENT_WIDTH - qrSize - gap * boxes) / boxes;
  const height = SIGNATURES_HEIGHT - 4;
  pdf.ensure(height + 4);
  const top = pdf.y;
  const block = (heading: string, who: Person | null, note: string, x: number, extra?: string) => {
    pdf.strokeRect(x, top, boxWidth, height, COLOR.line, 4);
    pdf.font('bold', 7, COLOR.primary);
    pdf.textAt(heading.toUpperCase(), x + 7, top + 6, { characterSpacing: 0.3 });
    if (who?.signature)
      pdf.image(who.signature.data, x + 7, top + 15, { fit: [boxWidth - 14, 30], valign: 'center' }, `Signature of ${who.name}`);
    else {
      pdf.font('oblique', 7.5, COLOR.muted);
      pdf.textAt(who ? 'Signature not on file' : 'Awaiting approval', x + 7, top + 26, { width: boxWidth - 14 });
    }
    pdf.rule(top + 48, COLOR.line, 0.5, x + 7, x + boxWidth - 7);
    pdf.font('bold', 8.5, COLOR.text);
    pdf.textAt(who?.name ?? '—', x + 7, top + 52, { width: boxWidth - 14, height: 11, ellipsis: true });
    pdf.font('regular', 6.5, COLOR.muted);
    pdf.textAt(who?.qualifications ?? '', x + 7, top + 62, { width: boxWidth - 14, height: 12, ellipsis: true });
    pdf.textAt(extra ? `${note}  ·  ${extra}` : note, x + 7, top + 75, { width: boxWidth - 14, height: 9, ellipsis: true });
  };
  const examined = documentDate(data.actualInspectionDate, data.timeZone);
  shown.forEach((p, i) => {
    const others = i === shown.length - 1 && performers.length > shown.length ? `and ${performers.length - shown.length} more` : undefined;
    block(i === 0 ? 'Examined by' : 'Also examined by', p, `Examined ${examined}`, MARGIN.left + i * (boxWidth + gap), others);
  });
  if (shown.length === 0) {
    // Nobody saved results (a document of older data): the box says so rather than naming someone.
    block('Examined by', null, NOT_RECORDED, MARGIN.left);
  }
  block(
    'Approved by',
    options.final ? data.approver : null,
    options.final ? `Approved ${documentDate(data.certificateDate ?? options.issuedAt, data.timeZone)}` : 'Not yet approved',
    MARGIN.left + Math.max(shown.length, 1) * (boxWidth + gap),
  );
  const qrX = A4.width - MARGIN.right - qrSize;
  if (options.verificationUrl) {
    pdf.qr(options.verificationUrl, qrX, top, qrSize);
    pdf.font('regular', 6.5, COLOR.muted);
    pdf.textAt('Scan to verify', qrX, top + qrSize + 3, { width: qrSize, align: 'center' });
  } else {
    pdf.artifact(() =>
      pdf.doc
        .save()
        .roundedRect(qrX, top, qrSize, qrSize, 4)
        .dash(3, { space: 2 })
        .lineWidth(0.6)
        .strokeColor(COLOR.line)
        .stroke()
        .restore(),
    );
    pdf.font('oblique', 6.5, COLOR.muted);
    pdf.textAt('Verification QR code issued with the final certificate', qrX + 5, top + 24, { width: qrSize - 10, align: 'center' });
  }
  pdf.y = top + height + 4;
}

/** The certificate (category 1). */
export async function renderCertificate(data: TaskDocumentData, options: RenderOptions): Promise<Buffer> {
  const ref = reference(data, options.final);
  const failed = data.result === 2;
  const documentTitle = certificateTitle(data.result);
  // The verification address is also in the metadata (Keywords), readable without the QR code.
  const pdf = new Pdf({
    title: `${documentTitle} ${ref}`,
    author: data.provider.name,
    subject: `${data.taskType.name}: ${data.asset.name}`,
    keywords: options.verificationUrl ?? undefined,
  });
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

  const id = data.identification;
  factGrid(pdf, 'Equipment', [
    ['Description', data.asset.name],
    ['Equipment type', orNot(data.asset.type)],
    [IDENTIFICATION_LABEL.manufacturer, orNot(id.manufacturer)],
    [IDENTIFICATION_LABEL.model, orNot(id.model)],
    [IDENTIFICATION_LABEL.serialNumber, orNot(id.serialNumber)],
    [IDENTIFICATION_LABEL.yearOfManufacture, orNot(id.yearOfManufacture)],
    [IDENTIFICATION_LABEL.swl, orNot(id.swl)],
    ['Tag', orNot(data.asset.serialNumber)],
  ]);
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

  return pdf.finish({
    left: `${data.provider.name}  ·  ${failed ? 'Report' : 'Certificate'} ${options.final ? (data.certificateNumber ?? '') : 'PREVIEW (not valid as a certificate)'}`,
    right: options.verificationUrl
      ? `Verify this ${failed ? 'report' : 'certificate'} at ${options.verificationUrl}`
      : 'A preview for approval: it carries no number and certifies nothing.',
    watermark: options.final ? null : 'PREVIEW',
  });
}
