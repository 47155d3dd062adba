import { describe, expect, it } from 'vitest';
import { type MailContent, mailHtml, mailText } from './index';
import { mailHtmlByStream } from './layout';

const content: MailContent = {
  subject: 'Job J-1: 2 new task(s) assigned to you',
  greeting: 'Dear Ann <Admin>,',
  paragraphs: ['Bob has assigned you the following task(s).'],
  facts: [
    ['Job Number', 'J-1'],
    ['End Date', null],
    ['Client', 'Acme & Sons'],
  ],
  list: { title: 'Tasks', items: ['Thorough Examination on Crane 1 (task 7)', 'Load Test (task 8)'] },
  closing: ['Open the portal (Operations > Tasks) to start the inspection.'],
};

describe('mail templates', () => {
  it('renders the text body as blocks, facts as label lines without the empty ones, the list numbered', () => {
    expect(mailText(content)).toBe(
      [
        'Dear Ann <Admin>,',
        '',
        'Bob has assigned you the following task(s).',
        '',
        'Job Number: J-1\nClient: Acme & Sons',
        '',
        'Tasks:\n1. Thorough Examination on Crane 1 (task 7)\n2. Load Test (task 8)',
        '',
        'Open the portal (Operations > Tasks) to start the inspection.',
      ].join('\n'),
    );
  });

  it('says what an empty list means instead of an empty title', () => {
    const text = mailText({ subject: 's', paragraphs: [], list: { title: 'Tasks', items: [], empty: 'The job has no tasks yet.' } });
    expect(text).toBe('The job has no tasks yet.');
  });

  it('renders the same content as one HTML layout with every value escaped', async () => {
    const html = await mailHtml(content);
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('Dear Ann &lt;Admin&gt;,');
    expect(html).toContain('Acme &amp; Sons');
    expect(html).not.toContain('End Date');
    expect(html).toContain('<li>Load Test (task 8)</li>');
    expect(html).not.toContain('<script');
  });

  const grouped: MailContent = {
    subject: '2 assets due for inspection',
    paragraphs: ['These assets are due.'],
    groups: [
      {
        title: 'Yard <A>',
        items: [{ text: 'Hoist & Co', detail: 'Expired 1-Nov-2026', tone: 'bad', href: 'https://p.test/a?site=1&asset=2' }],
      },
      { title: 'Yard B', items: [{ text: 'Sling', detail: 'Due 5-Dec-2026, in 7 days', tone: 'warn' }] },
    ],
    footer: { text: 'Once a day.', linkText: 'Turn off', href: 'https://p.test/off/1.x' },
  };

  it('renders titled groups of linked items and the footer link, as text and as HTML', async () => {
    expect(mailText(grouped)).toBe(
      [
        'These assets are due.',
        '',
        'Yard <A>:\n- Hoist & Co: Expired 1-Nov-2026\n  https://p.test/a?site=1&asset=2',
        '',
        'Yard B:\n- Sling: Due 5-Dec-2026, in 7 days',
        '',
        'Once a day. Turn off: https://p.test/off/1.x',
      ].join('\n'),
    );
    const html = await mailHtml(grouped);
    expect(html).toContain('Yard &lt;A&gt;');
    expect(html).toMatch(/<a href="https:\/\/p\.test\/a\?site=1&amp;asset=2"[^>]*>Hoist &amp; Co<\/a>/);
    expect(html).toMatch(/<a href="https:\/\/p\.test\/off\/1\.x"[^>]*>Turn off<\/a>/);
  });

  it("is the same document as React Email's own render, but for the stream's empty marker comments", async () => {
    for (const mail of [content, grouped]) expect(await mailHtml(mail)).toBe((await mailHtmlByStream(mail)).replace(/<!--[^>]*?-->/g, ''));
  });
});
