import { formatDayUtc, REMINDERS } from '@portal/contracts';
import type { MailContent, MailGroup } from '../../lib/mail';
import type { DigestRow } from './reminders.queries';

/** One recipient's digest: their company's due assets, by site. */
export interface Digest {
  userId: number;
  email: string;
  name: string;
  company: string;
  sites: Array<{ id: number; name: string; assets: DigestRow[] }>;
}

/** Rows ordered by user and site (`digestRows`) into one digest per user. */
export function digestsOf(rows: DigestRow[]): Digest[] {
  const digests: Digest[] = [];
  let current = null as Digest | null;
  for (const row of rows) {
    const userId = Number(row.user_id);
    if (current?.userId !== userId) {
      current = { userId, email: row.email, name: row.user_name, company: row.company, sites: [] };
      digests.push(current);
    }
    const siteId = Number(row.site_id);
    let site = current.sites[current.sites.length - 1];
    if (site?.id !== siteId) {
      site = { id: siteId, name: row.site, assets: [] };
      current.sites.push(site);
    }
    site.assets.push(row);
  }
  return digests;
}

/** What the asset's label says: Failed, Expired on.., Due on.. (in n days). */
function assetDetail(row: DigestRow): { detail: string; tone: 'bad' | 'warn' } {
  const due = row.due_date ? formatDayUtc(`${row.due_date}T00:00:00Z`) : null;
  if (row.item_status === 'Failed') return { detail: 'Failed', tone: 'bad' };
  if (row.item_status === 'Expired' && due) return { detail: `Expired ${due}`, tone: 'bad' };
  const days = Number(row.days_left);
  return { detail: `Due ${due}${days === 1 ? ' (tomorrow)' : ` (in ${days} days)`}`, tone: 'warn' };
}

/** The portal's asset view with the asset opened (web: Resources > Assets, `?site=&asset=`). */
export const assetLink = (base: string, row: Pick<DigestRow, 'site_id' | 'asset_id'>) =>
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
