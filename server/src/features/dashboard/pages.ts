/** Minimal HTML pages for the demo dashboard tabs: no scripts, styles inline (CSP). */
const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export interface Card {
  label: string;
  value: number | string;
  hint?: string;
}

export interface Table {
  title: string;
  columns: string[];
  rows: (string | number)[][];
  empty?: string;
}

export function page(title: string, subtitle: string, cards: Card[], tables: Table[]): string {
  const cardHtml = cards
    .map(
      (c) =>
        `<div class="card"><div class="value">${escapeHtml(c.value)}</div><div class="label">${escapeHtml(c.label)}</div>${
          c.hint ? `<div class="hint">${escapeHtml(c.hint)}</div>` : ''
        }</div>`,
    )
    .join('');
  const tableHtml = tables
    .map(
      (t) =>
        `<section><h2>${escapeHtml(t.title)}</h2>${
          t.rows.length === 0
            ? `<p class="empty">${escapeHtml(t.empty ?? 'Nothing to show yet')}</p>`
            : `<table><thead><tr>${t.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('')}</tr></thead><tbody>${t.rows
                .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
                .join('')}</tbody></table>`
        }</section>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
body{font-family:Roboto,"Segoe UI",Helvetica,Arial,sans-serif;margin:0;padding:24px;background:#f5f7fa;color:#1f2937}
h1{font-size:20px;margin:0 0 4px}p.sub{margin:0 0 20px;color:#5b6472;font-size:13px}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(170px,1fr));gap:12px;margin-bottom:24px}
.card{background:#fff;border-radius:10px;padding:16px;box-shadow:0 1px 2px rgba(0,0,0,.06),0 1px 8px rgba(0,0,0,.04);border-top:3px solid #1565c0}
.value{font-size:28px;font-weight:600;color:#0d47a1}.label{font-size:13px;color:#374151;margin-top:4px}.hint{font-size:11px;color:#5b6472;margin-top:2px}
section{background:#fff;border-radius:10px;padding:16px;margin-bottom:16px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
h2{font-size:15px;margin:0 0 12px}table{width:100%;border-collapse:collapse;font-size:13px}
th{text-align:left;color:#6b7280;font-weight:500;border-bottom:1px solid #e5e7eb;padding:6px 8px}
td{border-bottom:1px solid #f3f4f6;padding:6px 8px}.empty{color:#5b6472;font-size:13px}
</style></head><body><h1>${escapeHtml(title)}</h1><p class="sub">${escapeHtml(subtitle)}</p><div class="cards">${cardHtml}</div>${tableHtml}</body></html>`;
}
