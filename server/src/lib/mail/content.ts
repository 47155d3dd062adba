/**
 * What every mail of the portal says, as data: one shape for every template, so that the
 * plain-text and the HTML body of a mail are two renderings of the same content and no
 * feature writes its own layout. A feature's template is a function from its facts to a
 * `MailContent` (e.g. `features/jobs/jobs.mails.ts`); `Mailer.send` renders it.
 */
export interface MailContent {
  subject: string;
  /** 'Dear Ann Smith,' — the first line. */
  greeting?: string;
  /** Paragraphs before the facts; each may hold line breaks. */
  paragraphs: string[];
  /** 'Label: value' lines (job number, client, site...); a null value is left out. */
  facts?: Array<readonly [label: string, value: string | null]>;
  /** A titled, ordered list (the tasks of a job). */
  list?: { title: string; items: string[]; empty?: string };
  /** Titled groups of items, each may link somewhere (the due reminders' assets by site). */
  groups?: MailGroup[];
  /** Paragraphs after everything else (what to do next). */
  closing?: string[];
  /** A last, quiet line with a link (turn these mails off). */
  footer?: { text: string; linkText: string; href: string };
}

export interface MailGroup {
  title: string;
  items: Array<{
    text: string;
    /** Shown after the text ('Expired on 01-Nov-2026'); `tone` colours it in the HTML body. */
    detail?: string;
    tone?: 'bad' | 'warn';
    href?: string;
  }>;
}

/** The plain-text body: blocks separated by one blank line. */
export function mailText(content: MailContent): string {
  const blocks: string[] = [];
  if (content.greeting) blocks.push(content.greeting);
  blocks.push(...content.paragraphs);
  const facts = (content.facts ?? []).filter(([, value]) => value !== null);
  if (facts.length > 0) blocks.push(facts.map(([label, value]) => `${label}: ${value}`).join('\n'));
  if (content.list) {
    const { title, items, empty } = content.list;
    if (items.length > 0) blocks.push([`${title}:`, ...items.map((item, i) => `${i + 1}. ${item}`)].join('\n'));
    else if (empty) blocks.push(empty);
  }
  for (const group of content.groups ?? []) {
    const lines = [`${group.title}:`];
    for (const item of group.items) {
      lines.push(`- ${item.text}${item.detail ? `: ${item.detail}` : ''}`);
      if (item.href) lines.push(`  ${item.href}`);
    }
    blocks.push(lines.join('\n'));
  }
  blocks.push(...(content.closing ?? []));
  if (content.footer) blocks.push(`${content.footer.text} ${content.footer.linkText}: ${content.footer.href}`);
  return blocks.join('\n\n');
}
