import { beforeAll, describe, expect, it } from 'vitest';
import * as assetTypesMessages from './assetTypes/messages';
import * as assetsMessages from './assets/messages';
import * as authMessages from './auth/messages';
import * as commonMessages from './common/messages';
import * as configurationsMessages from './configurations/messages';
import * as dataFormsEditorMessages from './dataForms/editorMessages';
import * as dataFormsMessages from './dataForms/messages';
import * as divisionsMessages from './divisions/messages';
import * as documentsMessages from './documents/messages';
import * as jobsMessages from './jobs/messages';
import * as locationsMessages from './locations/messages';
import * as messages from './messages';
import * as officesMessages from './offices/messages';
import * as qrStickersMessages from './qrStickers/messages';
import * as roleAdminMessages from './roleAdmin/messages';
import * as sequencesMessages from './sequences/messages';
import * as taskTypesMessages from './taskTypes/messages';
import * as tasksMessages from './tasks/messages';
import * as usersMessages from './users/messages';
import { INSPECTION_TEXT } from './tasks/inspection';

/**
 * Every text the contracts' message modules export, as users read it: no "(ours)" (a note for
 * readers of DECISIONS.md and the code only), no developer key in parentheses such as
 * "(visibleWhen)", no raw data path such as "samples[0].result", and no "1 sections".
 * Every message module of the contracts is listed (a new area's messages.ts is added here),
 * and the inspection texts that live beside their rules.
 */
const modules: Record<string, Record<string, unknown>> = {
  'assetTypes/messages.ts': assetTypesMessages,
  'assets/messages.ts': assetsMessages,
  'auth/messages.ts': authMessages,
  'common/messages.ts': commonMessages,
  'configurations/messages.ts': configurationsMessages,
  'dataForms/editorMessages.ts': dataFormsEditorMessages,
  'dataForms/messages.ts': dataFormsMessages,
  'divisions/messages.ts': divisionsMessages,
  'documents/messages.ts': documentsMessages,
  'jobs/messages.ts': jobsMessages,
  'locations/messages.ts': locationsMessages,
  'messages.ts': messages,
  'offices/messages.ts': officesMessages,
  'qrStickers/messages.ts': qrStickersMessages,
  'roleAdmin/messages.ts': roleAdminMessages,
  'sequences/messages.ts': sequencesMessages,
  'taskTypes/messages.ts': taskTypesMessages,
  'tasks/messages.ts': tasksMessages,
  'users/messages.ts': usersMessages,
  'tasks/inspection.ts': { INSPECTION_TEXT },
};
const all: [string, string][] = [];

beforeAll(() => {
  for (const [file, exports] of Object.entries(modules)) {
    if (Object.keys(exports).length === 0) throw new Error(`${file} exports nothing`);
    for (const [name, value] of Object.entries(exports)) texts(value, name, all, new Set());
  }
});

/** Sample arguments a text function is called with: each number 1 (the singular case), 2, and words. */
const SAMPLES: unknown[][] = [
  Array(6).fill(1),
  Array(6).fill(2),
  Array(6).fill('Sample'),
  ['Sample', 1, 'Sample', 1, 'Sample', 1],
  [1, 'Sample', 1, 'Sample', 1, 'Sample'],
];

/**
 * Texts whose number is never 1, so the plural check does not apply, with the reason.
 * A text function not listed here must say '1 item', not '1 items'.
 */
const NEVER_ONE = new Map<string, string>([
  ['QR_STICKERS.mailSubject', 'a sticker sheet holds 12 to 480 stickers'],
  ['QR_STICKERS.mailText', 'a sticker sheet holds 12 to 480 stickers'],
]);

function texts(value: unknown, name: string, out: [string, string][], seen: Set<unknown>) {
  if (typeof value === 'string') out.push([name, value]);
  else if (typeof value === 'function') {
    for (const args of SAMPLES) {
      try {
        texts((value as (...a: unknown[]) => unknown)(...args), name, out, seen);
      } catch {
        // A text function for other arguments: the other samples call it.
      }
    }
  } else if (value && typeof value === 'object' && !seen.has(value)) {
    seen.add(value);
    for (const [key, inner] of Object.entries(value)) texts(inner, `${name}.${key}`, out, seen);
  }
}

describe('the texts of the message modules', () => {
  it('are found: every module, functions called', () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(18);
    expect(all.length).toBeGreaterThan(300);
    expect(all.some(([name]) => name === 'QR_STICKERS.mailSubject')).toBe(true);
  });

  it('never carry "(ours)"', () => {
    expect(all.filter(([, text]) => /\(ours\b/i.test(text))).toEqual([]);
  });

  it('never name a developer key in parentheses or a raw data path', () => {
    const developer = all.filter(([, text]) => /\([a-z]+[A-Z][A-Za-z0-9]*\)/.test(text) || /\b[a-z][A-Za-z0-9]*\[\d+\]/.test(text));
    expect(developer).toEqual([]);
  });

  it('say "1 item", not "1 items"', () => {
    const plurals = all.filter(
      ([name, text]) =>
        !NEVER_ONE.has(name.replace(/\.\d+$/, '')) && /(^|[^\d.,])1 (?!(is|was|has|does|needs|allows)\b)[a-z]+s\b/.test(text),
    );
    expect([...new Set(plurals.map(([name, text]) => `${name}: ${text}`))]).toEqual([]);
  });
});
