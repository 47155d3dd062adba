import type { BookletData, BookletItem } from './bookletData';
import { drawCertificate } from './certificate';
import { factGrid, NOT_RECORDED, signatures, title } from './certificateBlocks';
import type { Person, TaskDocumentData } from './dataTypes';
import { documentDate } from './dates';
import { firstPageHeader, type RenderOptions, reference, runningHeader } from './pageParts';
import { Pdf } from './pdf';
import { COLOR, CONTENT_WIDTH, MARGIN } from './pdfLayout';

/**
 * The LLG booklet (issue 22): the certificate of a job's loose lifting gear task. One PDF, signed
 * once: a cover (provider, client, site, job, dates of examination, who examined and approved,
 * the booklet's verification QR code), an index of every item (serial number, description, SWL,
 * result, certificate number, next due date and the page of its certificate), then each item's
 * certificate drawn by `drawCertificate`, as the child's own certificate reads. A final booklet
 * presents as certified only the items approved with a number (DECISIONS 9); the others are
 * listed as 'Not certified' and have no certificate in it. A preview is marked as previews are.
 */

const BOOKLET_TITLE = 'Loose lifting gear booklet';
const NOT_CERTIFIED = 'Not certified';

interface IndexColumn {
  title: string;
  width: number;
  align?: 'left' | 'right';
}
const INDEX_COLUMNS: IndexColumn[] = [
  { title: 'No.', width: 22, align: 'right' },
  { title: 'Serial number', width: 78 },
  { title: 'Description', width: CONTENT_WIDTH - 22 - 78 - 48 - 38 - 92 - 60 - 28 },
  { title: 'SWL', width: 48 },
  { title: 'Result', width: 38 },
  { title: 'Certificate No.', width: 92 },
  { title: 'Next due', width: 60 },
  { title: 'Page', width: 28, align: 'right' },
];
const INDEX_SIZE = 7.5;
const PAD = 3;
const HEADER_HEIGHT = 15;
const TITLE_HEIGHT = 27;

/** Whether the item's certificate is in the booklet: every item of a preview, the certified ones of a final. */
const shown = (item: BookletItem, final: boolean) => !final || item.certified;

const resultWord = (result: number | null) => (result === 1 ? 'Pass' : result === 2 ? 'Fail' : result === 3 ? 'Pending' : 'Open');

function nextDue(data: TaskDocumentData): string {
  if (data.result === 2) return 'After repair';
  return data.nextDueDate ? documentDate(data.nextDueDate, data.timeZone) : '—';
}

function certificateNumber(item: BookletItem, final: boolean): string {
  if (!final) return 'Preview';
  if (!item.certified) return NOT_CERTIFIED;
  const { certificateNumber: number, revision } = item.data;
  return `${number}${revision > 0 ? ` Rev ${revision}` : ''}`;
}

/** The index row of an item (its page filled in once the certificates are laid out). */
function indexRow(item: BookletItem, n: number, final: boolean, page: number | null): string[] {
  const certified = shown(item, final);
  return [
    String(n),
    item.serialNumber,
    item.description,
    item.swl?.trim() || '—',
    certified ? resultWord(item.data.result) : '—',
    certificateNumber(item, final),
    certified ? nextDue(item.data) : '—',
    page === null ? '—' : String(page),
  ];
}

/** The days of examination of the items, in the parent's time zone ('12 Nov 2026' or a range). */
function examinationDays(booklet: BookletData, final: boolean): string {
  const { parent } = booklet;
  const dates = booklet.items
    .filter((i) => shown(i, final) && i.data.actualInspectionDate)
    .map((i) => i.data.actualInspectionDate as Date)
    .sort((a, b) => a.getTime() - b.getTime());
  if (dates.length === 0) return parent.actualInspectionDate ? documentDate(parent.actualInspectionDate, parent.timeZone) : NOT_RECORDED;
  const first = documentDate(dates[0], parent.timeZone);
  const last = documentDate(dates[dates.length - 1], parent.timeZone);
  return first === last ? first : `${first} to ${last}`;
}

/** Everyone who examined an item of the booklet, each once, first first. */
function examiners(booklet: BookletData, final: boolean): Person[] {
  const seen = new Map<string, Person>();
  for (const item of booklet.items)
    if (shown(item, final)) for (const p of item.data.performers) if (!seen.has(p.name)) seen.set(p.name, p);
  return [...seen.values()];
}

function drawCover(pdf: Pdf, booklet: BookletData, options: RenderOptions) {
  const { parent, items } = booklet;
  const final = options.final;
  firstPageHeader(pdf, parent, BOOKLET_TITLE.toUpperCase(), 'Certificates of thorough examination', [
    ['Booklet No.', final ? (parent.certificateNumber ?? '—') : 'PREVIEW'],
    ['Revision', String(parent.revision)],
    ['Date of issue', final ? documentDate(parent.certificateDate ?? options.issuedAt, parent.timeZone) : 'Not issued'],
  ]);
  factGrid(pdf, 'Client and site', [
    ['Client', parent.client.name],
    ['Client address', parent.client.lines.join(', ') || NOT_RECORDED],
    ['Site of examination', parent.site.name],
    ['Site address', parent.site.lines.join(', ') || NOT_RECORDED],
  ]);
  const inBooklet = items.filter((i) => shown(i, final));
  const count = (result: number) => inBooklet.filter((i) => i.data.result === result).length;
  factGrid(pdf, 'Examination', [
    ['Job number', parent.job.number],
    ['Date of examination', examinationDays(booklet, final)],
    ['Approved by', final ? (parent.approver?.name ?? NOT_RECORDED) : 'Not yet approved'],
    ['Times shown in', parent.timeZone === 'UTC' ? 'UTC' : parent.timeZone.replace(/_/g, ' ')],
    ['Items listed', String(items.length)],
    [final ? 'Certified items' : 'Items in this preview', String(inBooklet.length)],
    ['Passed', String(count(1))],
    ['Defects found', String(count(2))],
  ]);
  const uncertified = items.length - inBooklet.length;
  const text = final
    ? `This booklet binds the certificates of thorough examination of the loose lifting gear listed in the index, examined at ${parent.site.name} under job ${parent.job.number}. Each item's certificate follows the index with its own number and verification QR code, and states only what was examined and found. ${
        uncertified > 0
          ? `${uncertified} item${uncertified === 1 ? ' is' : 's are'} marked '${NOT_CERTIFIED}': not approved when this booklet was issued, so it contains no certificate for ${uncertified === 1 ? 'it' : 'them'}. `
          : ''
      }An item with defects found has a report of thorough examination, not a certificate of fitness: it must be repaired and examined again before use.`
    : `A preview for approval of the booklet of the loose lifting gear examined at ${parent.site.name} under job ${parent.job.number}: it carries no numbers and certifies nothing. The certificates are issued when the LLG task is approved.`;
  title(pdf, 'About this booklet', 30);
  pdf.paragraph(text, { size: 7.5, align: 'justify', gap: 8 });
  // Who examined the items and who approved the booklet, with the booklet's own QR code.
  signatures(pdf, { ...parent, performers: examiners(booklet, final) }, options);
}

interface IndexPlan {
  rows: string[][];
  heights: number[];
  /** Page (0-based, within the index) and y of each row. */
  at: { page: number; y: number }[];
  noteAt: { page: number; y: number } | null;
  pages: number;
}

/** Lays the index out before drawing it: its pages are reserved before the certificates. */
function planIndex(pdf: Pdf, rows: string[][], note: string | null): IndexPlan {
  const first = MARGIN.top + 24 + TITLE_HEIGHT;
  const top = MARGIN.top + 24;
  const heights = rows.map(
    (row) =>
      Math.max(...INDEX_COLUMNS.map((c, i) => pdf.heightOf(row[i] ?? '', c.width - 2 * PAD, i === 1 ? 'bold' : 'regular', INDEX_SIZE))) +
      2 * PAD,
  );
  let page = 0;
  let y = first + HEADER_HEIGHT;
  const at = heights.map((h) => {
    if (y + h > pdf.bottom) {
      page++;
      y = top + HEADER_HEIGHT;
    }
    const place = { page, y };
    y += h;
    return place;
  });
  let noteAt: IndexPlan['noteAt'] = null;
  if (note) {
    const h = pdf.heightOf(note, CONTENT_WIDTH, 'oblique', 7) + 8;
    if (y + h > pdf.bottom) {
      page++;
      y = top;
    }
    noteAt = { page, y: y + 6 };
  }
  return { rows, heights, at, noteAt, pages: page + 1 };
}

function drawIndexHeader(pdf: Pdf, y: number) {
  pdf.fillRect(MARGIN.left, y, CONTENT_WIDTH, HEADER_HEIGHT, COLOR.primary);
  let x = MARGIN.left;
  pdf.within('TR', () => {
    for (const column of INDEX_COLUMNS) {
      const left = x;
      pdf.within(
        'TH',
        () => {
          pdf.font('bold', 6.5, '#ffffff');
          pdf.textAt(column.title.toUpperCase(), left + PAD, y + 4.5, { width: column.width - 2 * PAD, align: column.align ?? 'left' });
        },
        { scope: 'Column' },
      );
      x += column.width;
    }
  });
}

/** Draws the planned index on its reserved pages (`firstPage`, buffered page index) into `element`. */
function drawIndex(pdf: Pdf, plan: IndexPlan, firstPage: number, note: string | null, element: PDFKit.PDFStructureElement) {
  const resultColor: Record<string, string> = { Pass: COLOR.pass, Fail: COLOR.fail, Pending: COLOR.pending };
  pdf.within(
    'Sect',
    () => {
      pdf.doc.switchToPage(firstPage);
      const titleY = MARGIN.top + 24;
      pdf.within('H', () => {
        pdf.font('bold', 10.5, COLOR.primary);
        pdf.textAt('INDEX OF ITEMS', MARGIN.left, titleY + 6, { characterSpacing: 0.4 });
      });
      pdf.rule(titleY + 21, COLOR.primary, 1);
      pdf.within('Table', () => {
        let page = -1;
        plan.rows.forEach((row, r) => {
          const { page: p, y } = plan.at[r];
          if (p !== page) {
            page = p;
            pdf.doc.switchToPage(firstPage + p);
            const headerY = y - HEADER_HEIGHT;
            // The header is a row of the table once; repeated on later pages it is page furniture.
            if (p === 0) drawIndexHeader(pdf, headerY);
            else pdf.artifact(() => drawIndexHeader(pdf, headerY), 'Pagination');
          }
          const height = plan.heights[r];
          if (r % 2 === 1) pdf.fillRect(MARGIN.left, y, CONTENT_WIDTH, height, COLOR.zebra);
          let x = MARGIN.left;
          pdf.within('TR', () => {
            INDEX_COLUMNS.forEach((column, i) => {
              const left = x;
              const value = row[i] ?? '';
              pdf.within('TD', () => {
                const color = i === 4 ? (resultColor[value] ?? COLOR.muted) : value === NOT_CERTIFIED ? COLOR.fail : COLOR.text;
                pdf.font(i === 1 || i === 4 ? 'bold' : 'regular', INDEX_SIZE, color);
                pdf.textAt(value, left + PAD, y + PAD, { width: column.width - 2 * PAD, align: column.align ?? 'left' });
              });
              x += column.width;
            });
          });
          pdf.rule(y + height, COLOR.line, 0.4);
        });
      });
      if (plan.rows.length === 0) {
        pdf.font('oblique', 8, COLOR.muted);
        pdf.textAt('No items of loose lifting gear were recorded for this task.', MARGIN.left, titleY + 27 + HEADER_HEIGHT + 4);
      }
      if (note && plan.noteAt) {
        pdf.doc.switchToPage(firstPage + plan.noteAt.page);
        pdf.font('oblique', 7, COLOR.muted);
        pdf.textAt(note, MARGIN.left, plan.noteAt.y, { width: CONTENT_WIDTH });
      }
    },
    {},
    element,
  );
}

/** The booklet of an LLG parent task: cover, index, then each item's certificate, in one PDF. */
export async function renderBooklet(booklet: BookletData, options: RenderOptions): Promise<Buffer> {
  const { parent, items } = booklet;
  const final = options.final;
  const ref = reference(parent, final);
  const pdf = new Pdf({
    title: `${BOOKLET_TITLE} ${ref}`,
    author: parent.provider.name,
    subject: `Loose lifting gear: ${items.length} items, ${parent.client.name}, ${parent.site.name}`,
    keywords: options.verificationUrl ?? undefined,
  });
  pdf.doc.outline.addItem('Cover');
  drawCover(pdf, booklet, options);

  // The index's pages are reserved now (its layout is known from its rows) and filled once the
  // certificates after it are laid out, so that it names the page of each.
  const header = runningHeader(parent, BOOKLET_TITLE, ref);
  const uncertified = items.filter((i) => !shown(i, final)).length;
  const note =
    uncertified > 0
      ? `'${NOT_CERTIFIED}': the item was not approved when this booklet was issued; the booklet holds no certificate for it.`
      : null;
  const plan = planIndex(
    pdf,
    items.map((item, i) => indexRow(item, i + 1, final, null)),
    note,
  );
  const indexElement = pdf.reserve('Sect');
  pdf.runningHeader = header;
  pdf.newPage();
  const firstIndexPage = pdf.doc.bufferedPageRange().count - 1;
  pdf.doc.outline.addItem('Index of items');
  for (let p = 1; p < plan.pages; p++) pdf.newPage();

  const pages = new Map<number, number>();
  for (const item of items) {
    if (!shown(item, final)) continue;
    // Each certificate opens on a page of its own with its full header.
    pdf.runningHeader = null;
    pdf.newPage();
    pages.set(item.taskId, pdf.doc.bufferedPageRange().count);
    pdf.doc.outline.addItem(`${item.serialNumber} · ${item.description}`);
    const own: RenderOptions = final
      ? { final: true, verificationUrl: item.verificationUrl, issuedAt: item.data.certificateDate ?? options.issuedAt }
      : { final: false, verificationUrl: null, issuedAt: options.issuedAt };
    pdf.within('Part', () => drawCertificate(pdf, item.data, own));
    // Drawing is synchronous: between certificates the server answers requests and the worker's
    // heartbeat keeps its claim (a booklet of 200 items takes seconds).
    await new Promise((resolve) => setImmediate(resolve));
  }
  const last = pdf.doc.bufferedPageRange().count - 1;
  plan.rows = items.map((item, i) => indexRow(item, i + 1, final, pages.get(item.taskId) ?? null));
  drawIndex(pdf, plan, firstIndexPage, note, indexElement);
  pdf.doc.switchToPage(last);

  return pdf.finish({
    left: `${parent.provider.name}  ·  ${BOOKLET_TITLE} ${final ? (parent.certificateNumber ?? '') : 'PREVIEW (not valid as a certificate)'}`,
    right: options.verificationUrl
      ? `Verify this booklet at ${options.verificationUrl}`
      : 'A preview for approval: it carries no numbers and certifies nothing.',
    watermark: final ? null : 'PREVIEW',
  });
}
