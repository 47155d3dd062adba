/**
 * Days as the spec shows them (05-Mar-2026, as contracts `formatDate` prints list dates) and as
 * forms keep them (ISO 'YYYY-MM-DD'), without time zones: a day typed is the day kept.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

function validDay(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** '2026-03-05' -> '05-Mar-2026'; anything else as it is ('' stays ''). */
export function formatIsoDay(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return `${m[3]}-${MONTHS[Number(m[2]) - 1] ?? m[2]}-${m[1]}`;
}

/**
 * The ISO day of a typed text: '5-Mar-2026', '05 mar 2026', '5/Mar/2026' (month name in any
 * case) or '2026-03-05'; null when it is not a real day.
 */
export function parseDayText(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (iso) return validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const named = /^(\d{1,2})[-\s/.]+([A-Za-z]{3,9})[-\s/.,]+(\d{4})$/.exec(t);
  if (!named) return null;
  const month = MONTHS.findIndex((m) => m.toLowerCase() === named[2].slice(0, 3).toLowerCase()) + 1;
  if (month === 0) return null;
  return validDay(Number(named[3]), month, Number(named[1]));
}
