import { randomBytes } from 'node:crypto';
import { formatDayUtc, REMINDERS } from '@portal/contracts';
import { type MailContent, type MailGroup, mailHtml, mailText, type RenderedMail } from '../../lib/mail';
import type { DueAsset, Recipient } from './reminders.queries';

/** One recipient's digest: their company's due assets, by site. */
export interface Digest {
  userId: number;
  email: string;
  name: string;
  company: string;
  sites: Array<{ id: number; name: string; assets: DueAsset[] }>;
}

/**
 * Each recipient's digest from their company's due assets (already by site and urgency), a
 * site-limited user's cut to their sites. A recipient with nothing due has no digest: no mail.
 */
export function digestsOf(people: Recipient[], assets: DueAsset[]): Digest[] {
  const byCompany = new Map<number, DueAsset[]>();
  for (const asset of assets) {
    const companyId = Number(asset.company_id);
    const list = byCompany.get(companyId);
    if (list) list.push(asset);
    else byCompany.set(companyId, [asset]);
  }
  const digests: Digest[] = [];
  for (const person of people) {
    const allowed = person.site_ids ? new Set(person.site_ids.map(Number)) : null;
    const sites: Digest['sites'] = [];
    for (const asset of byCompany.get(Number(person.company_id)) ?? []) {
      const siteId = Number(asset.site_id);
      if (allowed && !allowed.has(siteId)) continue;
      let site = sites[sites.length - 1];
      if (site?.id !== siteId) {
        site = { id: siteId, name: asset.site, assets: [] };
        sites.push(site);
      }
      site.assets.push(asset);
    }
    if (sites.length > 0)
      digests.push({ userId: Number(person.user_id), email: person.email, name: person.user_name, company: person.company, sites });
  }
  return digests;
}

/** What the asset's label says: Failed, Expired <date>, Due <date>, in n days. */
function assetDetail(row: DueAsset): { detail: string; tone: 'bad' | 'warn' } {
  const due = row.due_date ? formatDayUtc(`${row.due_date}T00:00:00Z`) : null;
  if (row.item_status === 'Failed') return { detail: 'Failed', tone: 'bad' };
  if (row.item_status === 'Expired' && due) return { detail: `Expired ${due}`, tone: 'bad' };
  const days = Number(row.days_left);
  return { detail: `Due ${due}, ${days === 1 ? 'tomorrow' : `in ${days} days`}`, tone: 'warn' };
}

/** The portal's asset view with the asset opened (web: Resources > Assets, `?site=&asset=`). */
export const assetLink = (base: string, row: Pick<DueAsset, 'site_id' | 'asset_id'>) =>
  `${base}/resources/assets?site=${Number(row.site_id)}&asset=${Number(row.asset_id)}`;

/** The one template of the due reminders: every asset linked, grouped by site, with the opt-out link. */
export function reminderMail(digest: Digest, links: { base: string; optOut: string }, windowDays: number): MailContent {
  const count = digest.sites.reduce((n, site) => n + site.assets.length, 0);
  const groups: MailGroup[] = digest.sites.map((site) => ({
    title: site.name,
    items: site.assets.map((row) => ({
      text: row.serial_number ? `${row.asset} (${row.asset_type}, ${row.serial_number})` : `${row.asset} (${row.asset_type})`,
      ...assetDetail(row),
      href: assetLink(links.base, row),
    })),
  }));
  return {
    subject: REMINDERS.subject(count),
    greeting: `Dear ${digest.name},`,
    paragraphs: [REMINDERS.intro(digest.company, windowDays)],
    groups,
    closing: [REMINDERS.ask],
    footer: { text: REMINDERS.turnOffNote, linkText: REMINDERS.turnOff, href: links.optOut },
  };
}

/** React's escaping of text and attribute values (react-dom's escapeTextForBrowser). */
const escapeHtml = (value: string) =>
  value.replace(/["&'<>]/g, (c) => ({ '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' })[c] as string);

/**
 * The bodies of a run's mails, each list rendered once (issue 23: a company's five admins get the
 * same assets): recipients whose digests list the same sites and assets share one rendering of
 * the mail with a marker in place of their name and of their opt-out token, and each mail is that
 * rendering with the marks replaced (escaped in the HTML as React escapes them). So each text and
 * HTML body is exactly `mailText` and `mailHtml` of `reminderMail` for that recipient.
 */
export function reminderRenderer(links: { base: string }, windowDays: number) {
  const mark = randomBytes(12).toString('hex');
  const nameMark = `n${mark}`;
  const tokenMark = `t${mark}`;
  const shared = new Map<string, Promise<RenderedMail>>();
  const fill = (body: string, name: string, token: string) => body.replaceAll(nameMark, name).replaceAll(tokenMark, token);
  const optOutOf = (token: string) => `${links.base}/reminders/off/${token}`;
  return async (digest: Digest, token: string): Promise<{ content: MailContent; rendered: RenderedMail }> => {
    const content = reminderMail(digest, { base: links.base, optOut: optOutOf(token) }, windowDays);
    const key = JSON.stringify([digest.company, digest.sites.map((site) => [site.id, site.assets.map((a) => Number(a.asset_id))])]);
    let rendering = shared.get(key);
    if (!rendering) {
      const marked = reminderMail({ ...digest, name: nameMark }, { base: links.base, optOut: optOutOf(tokenMark) }, windowDays);
      rendering = mailHtml(marked).then((html) => ({ text: mailText(marked), html }));
      shared.set(key, rendering);
    }
    const { text, html } = await rendering;
    return {
      content,
      rendered: { text: fill(text, digest.name, token), html: fill(html, escapeHtml(digest.name), escapeHtml(token)) },
    };
  };
}
