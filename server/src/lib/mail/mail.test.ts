import { describe, expect, it } from 'vitest';
import { type MailContent, mailHtml, mailText } from './index';

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
});
