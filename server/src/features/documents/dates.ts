import type { FormField } from '@portal/contracts';

/**
 * Dates and values as the documents print them (DECISIONS 9): every date in the task's time
 * zone with the zone named ('27 Nov 2026 02:30 GST'), so an inspection at 02:30 in Dubai is not
 * dated the day before; months as words, unambiguous in every locale a certificate travels to.
 */

const zoneCache = new Map<string, boolean>();

/** The zone when the runtime knows it, else UTC (a job saved with a zone name we cannot read). */
export function validTimeZone(zone: string | null | undefined): string {
  if (!zone) return 'UTC';
  let ok = zoneCache.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    zoneCache.set(zone, ok);
  }
  return ok ? zone : 'UTC';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Formatted moments by zone and time: a booklet prints the same few dates hundreds of times. */
const formatted = new Map<string, Record<'day' | 'month' | 'year' | 'hour' | 'minute' | 'timeZoneName', string>>();

function partsOf(value: Date, timeZone: string) {
  const key = `${timeZone}|${value.getTime()}`;
  const known = formatted.get(key);
  if (known) return known;
  if (formatted.size >= 5000) formatted.clear();
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(value).map((p) => [p.type, p.value])) as Record<
    'day' | 'month' | 'year' | 'hour' | 'minute' | 'timeZoneName',
    string
  >;
  formatted.set(key, parts);
  return parts;
}

/** '27 Nov 2026' in the zone ('—' for none). */
export function documentDate(value: Date | null | undefined, timeZone: string): string {
  if (!value) return '—';
  const p = partsOf(value, timeZone);
  return `${p.day} ${p.month} ${p.year}`;
}

/** '27 Nov 2026 02:30 GST' in the zone ('—' for none). */
export function documentDateTime(value: Date | null | undefined, timeZone: string): string {
  if (!value) return '—';
  const p = partsOf(value, timeZone);
  return `${p.day} ${p.month} ${p.year} ${p.hour}:${p.minute} ${p.timeZoneName}`;
}

/** The zone's short name at a moment ('GST', 'BST', 'GMT+5:30'). */
export const zoneName = (value: Date, timeZone: string) => partsOf(value, timeZone).timeZoneName;

/** A calendar date held as YYYY-MM-DD (a remedy-by or calibration date): the day itself, no zone. */
export function documentDay(value: string | null | undefined): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return value || '—';
  return documentDate(new Date(`${value}T12:00:00Z`), 'UTC');
}

const take = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** One filled-in value as text, by its field's kind (units, option labels, dates). */
export function formatFieldValue(field: FormField, value: unknown): string {
  switch (field.kind) {
    case 'number':
      return `${value}${field.unit ? ` ${field.unit}` : ''}`;
    case 'date':
      return typeof value === 'string' ? documentDay(value) : String(value);
    case 'select':
      return field.options.find((o) => o.value === value)?.label ?? String(value);
    case 'multiselect':
      return take(value)
        .map((v) => field.options.find((o) => o.value === v)?.label ?? v)
        .join(', ');
    case 'yesno':
      return value === true ? 'Yes' : 'No';
    case 'passfail':
      return value === 'pass' ? 'Pass' : value === 'fail' ? 'Fail' : value === 'na' ? 'N/A' : String(value);
    case 'photo':
    case 'file':
    case 'signature': {
      const n = take(value).length;
      return `${n} file${n === 1 ? '' : 's'}`;
    }
    default:
      return String(value);
  }
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of a moment in the zone: what the verification page keeps. */
export function zonedDay(value: Date | null | undefined, timeZone: string): string | null {
  if (!value) return null;
  let format = dayFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, format);
  }
  return format.format(value);
}
