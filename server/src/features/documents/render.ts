import { DANGER_LABEL, type FormDefinition, type FormRecord, isValueField, type TaskChecklist, visibility } from '@portal/contracts';
import { documentDate, documentDateTime, documentDay } from './dates';
import { printImage } from '../../lib/images';
import type { PdfImage, TaskDocumentData } from './dataTypes';
import { firstPageHeader, pdfDate, RESULT_LABEL, type RenderOptions, reference, resultColors, runningHeader } from './pageParts';
import { Pdf } from './pdf';
import { drawBoxes } from './pdfTables';
import { A4, COLOR, CONTENT_WIDTH, MARGIN } from './pdfLayout';

/**
 * The three PDFs of a task (issue 10), drawn with pdfkit (no browser):
 * - the certificate (category 1): provider, client, site, equipment, task type with its
 *   reference standard and method, the checklist results, the overall result, inspection and
 *   next due dates, inspector and approver with their signatures, the number and a QR code to
 *   the public verification page; 'PREVIEW' across every page before approval;
 * - the field report (category 2): the inspector's findings per item with the form values;
 * - the full checklist report (category 3): every section and item with every form value,
 *   rendered by field kind from the definition of the record's form revision, and the photos.
 * This file draws the two reports; the certificate is `certificate.ts`, what they share
 * (options, header, dates and result words) `pageParts.ts`.
 */

const NOT_RECORDED = 'Not recorded';

const ITEM_LABEL: Record<string, string> = { pass: 'Pass', fail: 'Fail', na: 'N/A' };
const itemColors: Record<string, [string, string]> = {
  Pass: [COLOR.pass, COLOR.passLight],
  Fail: [COLOR.fail, COLOR.failLight],
  'N/A': [COLOR.muted, '#eceff3'],
  Open: [COLOR.pending, COLOR.pendingLight],
};

function partyBoxes(pdf: Pdf, data: TaskDocumentData) {
  drawBoxes(pdf, [
    {
      title: 'Client',
      rows: [
        ['Name', data.client.name],
        ['Address', data.client.lines.join(', ')],
      ],
    },
    {
      title: 'Site',
      rows: [
        ['Name', data.site.name],
        ['Address', data.site.lines.join(', ')],
      ],
    },
  ]);
  drawBoxes(pdf, [
    {
      title: 'Equipment',
      rows: [
        ['Description', data.asset.name],
        // An LLG child's register item is known by its serial number (it has no sticker).
        data.llgItem ? ['Serial number', data.llgItem.serialNumber] : ['Tag', data.asset.serialNumber ?? NOT_RECORDED],
        ['Equipment type', data.asset.type ?? NOT_RECORDED],
        ...(data.llgItem ? [['SWL', data.llgItem.safeWorkingLoad ?? NOT_RECORDED] as [string, string]] : []),
      ],
    },
    {
      title: 'Examination',
      rows: [
        ['Task type', data.taskType.name],
        ['Reference standard', data.taskType.referenceStandard ?? NOT_RECORDED],
        ['Inspection method', data.taskType.inspectionMethod ?? NOT_RECORDED],
        ['Job number', data.job.number],
      ],
    },
  ]);
}

/** A photo (or a form's signature image) for the full report, with the caption printed under it. */
interface Captioned {
  image: PdfImage;
  caption: string;
}

/** Photos are printed at most this many pixels on their longest side (3 a row: about 350 dpi). */
const PHOTO_PRINT_SIDE = 800;

/**
 * One record's values as label/value pairs, by field kind, with the images it holds (each with
 * a caption naming the item and the field). Fields the form hides for these values
 * (`visibleWhen`) are left out, with their photos.
 */
function recordValues(record: FormRecord, definition: FormDefinition | undefined, data: TaskDocumentData, where: string) {
  const pairs: [string, string][] = [];
  const images: Captioned[] = [];
  const take = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);
  const add = (found: PdfImage[], caption: string) => {
    found.forEach((image, i) => {
      images.push({ image, caption: found.length > 1 ? `${caption} (${i + 1} of ${found.length})` : caption });
    });
  };
  if (!definition) {
    for (const [key, value] of Object.entries(record.attributes))
      pairs.push([key, Array.isArray(value) ? value.join(', ') : String(value ?? '')]);
    return { pairs, images, note: `Form revision ${record.formRevision} not found: values shown as stored` };
  }
  const shown = visibility(definition, record.attributes);
  for (const field of definition.fields) {
    if (shown.get(field.id) === false) continue;
    if (field.kind === 'heading') {
      pairs.push([`§ ${field.label}`, '']);
      continue;
    }
    if (!isValueField(field)) continue;
    const value = record.attributes[field.key];
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    let text: string;
    switch (field.kind) {
      case 'number':
        text = `${value}${field.unit ? ` ${field.unit}` : ''}`;
        break;
      case 'date':
        text = typeof value === 'string' ? pdfDate(new Date(`${value}T00:00:00Z`)) : String(value);
        break;
      case 'select':
        text = field.options.find((o) => o.value === value)?.label ?? String(value);
        break;
      case 'multiselect':
        text = take(value)
          .map((v) => field.options.find((o) => o.value === v)?.label ?? v)
          .join(', ');
        break;
      case 'yesno':
        text = value === true ? 'Yes' : 'No';
        break;
      case 'passfail':
        text = ITEM_LABEL[String(value)] ?? String(value);
        break;
      case 'photo':
      case 'signature': {
        const keys = take(value);
        const found = keys.map((k) => data.images.get(k)).filter((i): i is PdfImage => Boolean(i));
        add(found, `${where} · ${field.label}`);
        text =
          field.kind === 'signature' ? (found.length ? 'Signed (below)' : 'Signed') : `${keys.length} photo${keys.length === 1 ? '' : 's'}`;
        break;
      }
      case 'file':
        text = take(value)
          .map((k) => data.fileNames.get(k) ?? (data.images.has(k) ? 'image' : 'file'))
          .join(', ');
        break;
      default:
        text = String(value);
    }
    pairs.push([field.label, text]);
  }
  const attached = record.attributesFiles
    .filter((f) => !f.deleted)
    .map((f) => data.images.get(f.blobKey))
    .filter((i): i is PdfImage => Boolean(i));
  add(attached, `${where} · ${record.formName}: photo`);
  return { pairs, images, note: null as string | null };
}

function drawPairs(pdf: Pdf, pairs: [string, string][], indent: number) {
  const labelWidth = 170;
  const valueWidth = CONTENT_WIDTH - indent - labelWidth - 8;
  for (const [label, value] of pairs) {
    const heading = label.startsWith('§ ');
    const h = heading ? 14 : Math.max(pdf.heightOf(label, labelWidth, 'regular', 8), pdf.heightOf(value, valueWidth, 'bold', 8.5)) + 3;
    pdf.ensure(h);
    const y = pdf.y;
    if (heading) {
      pdf.font('bold', 8.5, COLOR.primary);
      pdf.textAt(label.slice(2), MARGIN.left + indent, y + 2, { width: CONTENT_WIDTH - indent });
    } else {
      pdf.within('Div', () => {
        pdf.within('Lbl', () => {
          pdf.font('regular', 8, COLOR.muted);
          pdf.textAt(label, MARGIN.left + indent, y, { width: labelWidth });
        });
        pdf.font('bold', 8.5, COLOR.text);
        pdf.textAt(value, MARGIN.left + indent + labelWidth + 8, y - 0.5, { width: valueWidth });
      });
    }
    pdf.y = y + h;
  }
}

/** Photos three a row, each scaled to print size once and captioned with its item and field. */
function drawImages(pdf: Pdf, images: Captioned[], indent: number) {
  const gap = 10;
  const perRow = 3;
  const width = (CONTENT_WIDTH - indent - gap * (perRow - 1)) / perRow;
  const boxHeight = Math.round(width * 0.75);
  const captionHeight = (caption: string) => pdf.heightOf(caption, width, 'regular', 7);
  for (let i = 0; i < images.length; i += perRow) {
    const row = images.slice(i, i + perRow);
    const height = boxHeight + 4 + Math.max(...row.map((c) => captionHeight(c.caption)));
    pdf.ensure(height + gap);
    const y = pdf.y;
    row.forEach(({ image, caption }, j) => {
      const x = MARGIN.left + indent + j * (width + gap);
      pdf.fillRect(x, y, width, boxHeight, COLOR.zebra);
      const drawn = pdf.image(image.data, x + 2, y + 2, { fit: [width - 4, boxHeight - 4], align: 'center', valign: 'center' }, caption);
      if (!drawn) {
        pdf.font('oblique', 7, COLOR.muted);
        pdf.textAt('Image could not be read', x + 6, y + boxHeight / 2 - 4, { width: width - 12, align: 'center' });
      }
      pdf.strokeRect(x, y, width, boxHeight, COLOR.line, 0, 0.5);
      pdf.font('regular', 7, COLOR.muted);
      pdf.textAt(caption, x, y + boxHeight + 3, { width });
    });
    pdf.y = y + height + gap;
  }
}

/**
 * The task's images at print size (photos JPEG at most PHOTO_PRINT_SIDE pixels, signatures of
 * forms as PNG), by blob key: scaled once per content and process (`printImage`), so a photo
 * used five times is one small object in the PDF.
 */
async function printableImages(data: TaskDocumentData): Promise<TaskDocumentData['images']> {
  const out = new Map<string, PdfImage>();
  for (const [key, image] of data.images) {
    const scaled = await printImage(image.data, PHOTO_PRINT_SIDE, { photo: true });
    if (scaled) out.set(key, { data: scaled.data, type: scaled.type });
  }
  return out;
}

const hasRecords = (node: { userData?: TaskChecklist['sections'][number]['userData'] }) => (node.userData?.records.length ?? 0) > 0;

/**
 * The field report (category 2, `full` false) and the full checklist report (category 3,
 * `full` true). The field report lists the items the inspector recorded something for with
 * their values; the full report shows every section and item, every value, and the photos with
 * their captions. Items without a form print their result only (no filler line).
 */
export async function renderReport(data: TaskDocumentData, options: RenderOptions & { full: boolean }): Promise<Buffer> {
  const title = options.full ? 'FULL CHECKLIST REPORT' : 'FIELD REPORT';
  const ref = reference(data, options.final);
  const images = options.full ? await printableImages(data) : data.images;
  const shownData: TaskDocumentData = { ...data, images };
  const pdf = new Pdf({
    title: `${options.full ? 'Full checklist report' : 'Field report'} ${ref}`,
    author: data.provider.name,
    subject: data.asset.name,
  });
  firstPageHeader(pdf, data, title, data.taskType.name, [
    ['Certificate No.', options.final ? (data.certificateNumber ?? '—') : 'PREVIEW'],
    ['Inspection date', documentDate(data.actualInspectionDate, data.timeZone)],
    ['Report made', documentDateTime(options.issuedAt, data.timeZone)],
  ]);
  pdf.runningHeader = runningHeader(data, options.full ? 'Full checklist report' : 'Field report', ref);
  partyBoxes(pdf, data);

  const [color, background] = resultColors(data.result);
  pdf.ensure(30);
  const top = pdf.y;
  pdf.fillRect(MARGIN.left, top, CONTENT_WIDTH, 24, background, 4);
  pdf.font('bold', 10, color);
  pdf.textAt(`Overall result: ${data.result ? RESULT_LABEL[data.result] : 'NOT INSPECTED'}`, MARGIN.left + 10, top + 7);
  pdf.font('regular', 8.5, COLOR.text);
  const examiners = data.performers.map((p) => p.name).join(', ') || NOT_RECORDED;
  pdf.textAt(`Examined by: ${examiners}`, MARGIN.left + 200, top + 7.5, {
    width: CONTENT_WIDTH - 210,
    align: 'right',
    height: 11,
    ellipsis: true,
  });
  pdf.y = top + 32;

  let shown = 0;
  for (const section of data.checklist?.sections ?? []) {
    const items = options.full ? section.items : section.items.filter((item) => item.result !== null || hasRecords(item));
    if (items.length === 0 && !hasRecords(section)) continue;
    pdf.heading(section.name);
    if (section.description && options.full) pdf.paragraph(section.description, { kind: 'oblique', size: 8, color: COLOR.muted });
    for (const node of [{ ...section, result: null, isSection: true }, ...items.map((i) => ({ ...i, isSection: false }))]) {
      const records = node.userData?.records ?? [];
      if (node.isSection && records.length === 0) continue;
      shown++;
      const label = node.isSection ? `${section.name}: section data` : node.name;
      pdf.within('Sect', () => drawNode(pdf, shownData, node, label, records, options.full));
    }
  }
  if (shown === 0) {
    pdf.font('oblique', 9, COLOR.muted);
    pdf.textAt('No findings were recorded for this task.', MARGIN.left, pdf.y + 4);
    pdf.y += 20;
  }

  return pdf.finish({
    left: `${data.provider.name}  ·  ${options.full ? 'Full checklist report' : 'Field report'}  ·  ${ref}`,
    right: `Job ${data.job.number}  ·  Task ${data.taskId}  ·  ${data.asset.name}${data.asset.serialNumber ? ` (${data.asset.serialNumber})` : ''}`,
    watermark: options.final ? null : 'PREVIEW',
  });
}

type ReportNode = TaskChecklist['sections'][number]['items'][number] & { isSection: boolean };

/** One item (or a section's own data): its bar with the result, its records' values and photos. */
function drawNode(pdf: Pdf, data: TaskDocumentData, node: ReportNode, label: string, records: FormRecord[], full: boolean) {
  // The bar is kept with the first lines of what follows it.
  const description = full && node.description ? node.description : null;
  pdf.ensure(22 + (description ? 12 : 0) + (records.length > 0 ? 30 : 0));
  const y = pdf.y;
  pdf.fillRect(MARGIN.left, y, CONTENT_WIDTH, 18, COLOR.zebra);
  pdf.within('H', () => {
    pdf.font('bold', 9, COLOR.text);
    pdf.textAt(label, MARGIN.left + 6, y + 4.5, { width: CONTENT_WIDTH - 80, height: 12, ellipsis: true });
  });
  if (!node.isSection) {
    const value = node.result ? ITEM_LABEL[node.result] : 'Open';
    const [c, b] = itemColors[value];
    pdf.chip(value, A4.width - MARGIN.right - 52, y + 2.5, 46, c, b);
  }
  pdf.y = y + 22;
  if (description) pdf.paragraph(description, { kind: 'oblique', size: 7.5, color: COLOR.muted, indent: 6, gap: 3 });
  // The defect of a failed node, or an observation of a passed one (DECISIONS 9).
  if (node.defect) {
    const d = node.defect;
    const what = d.danger === 3 ? 'Observation' : `Defect (${DANGER_LABEL[d.danger]})`;
    const extra = [
      d.remedialAction ? `Remedial action: ${d.remedialAction}` : null,
      d.remedyBy ? `Remedy by ${documentDay(d.remedyBy)}` : null,
    ]
      .filter(Boolean)
      .join('. ');
    pdf.paragraph(`${what}: ${d.description}${extra ? `. ${extra}` : ''}`, {
      kind: 'bold',
      size: 8,
      color: d.danger === 3 ? COLOR.text : COLOR.fail,
      indent: 6,
      gap: 4,
    });
  }
  records.forEach((record, index) => {
    const definition = data.forms.get(`${record.formId}:${record.formRevision}`);
    const where = records.length > 1 ? `${label}, sample ${index + 1}` : label;
    const values = recordValues(record, definition, data, where);
    if (records.length > 1 || full) {
      pdf.ensure(16 + 14);
      pdf.font('bold', 8, COLOR.primary);
      pdf.textAt(
        `${record.formName}${records.length > 1 ? ` · sample ${index + 1} of ${records.length}` : ''}${full ? ` · form revision ${record.formRevision}` : ''}`,
        MARGIN.left + 6,
        pdf.y,
      );
      pdf.y += 13;
    }
    if (values.note) {
      pdf.font('oblique', 7.5, COLOR.muted);
      pdf.textAt(values.note, MARGIN.left + 6, pdf.y);
      pdf.y += 11;
    }
    if (values.pairs.length > 0) drawPairs(pdf, values.pairs, 6);
    else if (values.images.length === 0) drawPairs(pdf, [['Values', 'none entered']], 6);
    if (full) drawImages(pdf, values.images, 6);
    else if (values.images.length > 0) {
      pdf.font('oblique', 7.5, COLOR.muted);
      pdf.textAt(
        `${values.images.length} image${values.images.length === 1 ? '' : 's'}: see the full checklist report`,
        MARGIN.left + 6,
        pdf.y,
      );
      pdf.y += 11;
    }
    pdf.y += 4;
  });
  if (full) {
    const attached = (node.userData?.files ?? []).filter((f) => !f.deleted);
    const images = attached
      .map((f) => ({ image: data.images.get(f.blobKey), caption: `${label} · attached ${f.fileName}` }))
      .filter((c): c is Captioned => Boolean(c.image));
    const others = attached.filter((f) => !data.images.has(f.blobKey)).map((f) => f.fileName);
    if (others.length > 0) drawPairs(pdf, [['Attached files', others.join(', ')]], 6);
    drawImages(pdf, images, 6);
  }
}
