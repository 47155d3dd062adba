import Papa from 'papaparse';
import {
  INVENTORY_CSV_COLUMNS,
  INVENTORY_MAX_IMPORT_ROWS,
  INVENTORY_TEXT,
  type InventoryField,
  type InventoryValues,
  readInventoryCells,
} from '@portal/contracts';

/**
 * Reads an inventory CSV (DECISIONS 10; issue 24): the spec's columns by header (any order,
 * any case, a byte-order mark allowed), then every row checked with the save body's rules.
 * All or nothing: either every row's values, or every invalid row's reasons keyed by its line
 * number as the user counts it in a text editor (the header is line 1; blank lines and line
 * breaks inside quoted values count). Pure: the service decodes the bytes and saves.
 */
export type CsvReading = { ok: true; rows: InventoryValues[] } | { ok: false; error: string; lines?: Record<string, string> };

const newlines = (s: string) => {
  let n = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return n;
};

export function readInventoryCsv(input: string, maxRows = INVENTORY_MAX_IMPORT_ROWS): CsvReading {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (text.includes('\0')) return { ok: false, error: INVENTORY_TEXT.notCsv };
  const parsed = Papa.parse<string[]>(text, { delimitersToGuess: [',', ';', '\t'], skipEmptyLines: false });
  const records = parsed.data;
  // The line each record starts on.
  const lineOf: number[] = [];
  let line = 1;
  for (const record of records) {
    lineOf.push(line);
    line += 1 + record.reduce((sum, cell) => sum + newlines(cell), 0);
  }
  const blank = (record: string[]) => record.every((cell) => cell.trim() === '');
  const headerIndex = records.findIndex((r) => !blank(r));
  if (headerIndex < 0) return { ok: false, error: INVENTORY_TEXT.emptyFile };

  // The header: the spec's seven columns, each once, nothing else.
  const header = records[headerIndex].map((h) => h.trim());
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  const headerProblems: string[] = [];
  const fieldAt = new Map<number, InventoryField>();
  const known = new Map(INVENTORY_CSV_COLUMNS.map((c) => [c.header.toLowerCase(), c]));
  const seen = new Set<string>();
  header.forEach((name, index) => {
    const column = known.get(name.toLowerCase());
    if (!column) {
      headerProblems.push(INVENTORY_TEXT.unknownColumn(name === '' ? '(empty)' : name));
      return;
    }
    if (seen.has(column.header)) headerProblems.push(INVENTORY_TEXT.duplicateColumn(column.header));
    seen.add(column.header);
    fieldAt.set(index, column.field);
  });
  for (const column of INVENTORY_CSV_COLUMNS)
    if (!seen.has(column.header)) headerProblems.push(INVENTORY_TEXT.missingColumn(column.header));
  if (headerProblems.length > 0) {
    const headerLine = String(lineOf[headerIndex]);
    return { ok: false, error: INVENTORY_TEXT.importRefused(1), lines: { [headerLine]: headerProblems.join('; ') } };
  }

  const dataIndexes: number[] = [];
  for (let i = headerIndex + 1; i < records.length; i++) if (!blank(records[i])) dataIndexes.push(i);
  if (dataIndexes.length === 0) return { ok: false, error: INVENTORY_TEXT.emptyFile };
  if (dataIndexes.length > maxRows) return { ok: false, error: INVENTORY_TEXT.tooManyRows(maxRows) };

  const parseProblems = new Map<number, string>();
  for (const error of parsed.errors) {
    if (typeof error.row === 'number' && error.code !== 'UndetectableDelimiter')
      parseProblems.set(error.row, error.code === 'MissingQuotes' ? INVENTORY_TEXT.unterminatedQuote : error.message);
  }

  const rows: InventoryValues[] = [];
  const lines: Record<string, string> = {};
  let bad = 0;
  const width = header.length;
  for (const i of dataIndexes) {
    const record = records[i];
    const reasons: string[] = [];
    const parseProblem = parseProblems.get(i);
    if (parseProblem) reasons.push(parseProblem);
    // A trailing empty value (a line ending in a comma) is not an extra column.
    const cellsUsed = record.length > width && record.slice(width).every((c) => c.trim() === '') ? width : record.length;
    if (cellsUsed !== width) reasons.push(INVENTORY_TEXT.fieldCount(cellsUsed, width));
    else {
      const cells = { productCategory: '', description: '', quantity: '', tonne: '', manufacturer: '', location: '', comments: '' };
      for (const [index, field] of fieldAt) cells[field] = record[index] ?? '';
      const read = readInventoryCells(cells);
      if ('reasons' in read) reasons.push(...read.reasons);
      else if (reasons.length === 0) rows.push(read.values);
    }
    if (reasons.length > 0) {
      bad++;
      lines[String(lineOf[i])] = reasons.join('; ');
    }
  }
  if (bad > 0) return { ok: false, error: INVENTORY_TEXT.importRefused(bad), lines };
  return { ok: true, rows };
}
