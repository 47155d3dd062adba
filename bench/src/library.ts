// r. The technical libraries (issue 24): a product technical information folder of 300 files
// (100 pictures with their thumbnails, 100 PDFs, 100 spreadsheets) in a fresh embedded database
// with the basic demo data. Figure: from the click on the folder to the first painted frame that
// shows its 300 file cards (median of 5, Chromium at 1440x900; thumbnails and PDF previews load
// lazily after that frame).
import { launchChromium } from '@portal/e2e/chromium';
import { openDatabase } from '../../server/src/db/client';
import { seedDemo } from '../../server/src/demo';
import { libraryPdf, libraryPicture, librarySheet, type SeedFile, seedLibraryFolder } from '../../server/src/demo/library';
import { median } from './lib/http';
import { startPortal } from './lib/processes';
import { ms } from './lib/table';
import { add } from './runState';

const FILES = 300;
const FOLDER = 'Bench shackles';

export async function generateLibraryData(dataDir: string): Promise<number> {
  const started = performance.now();
  const database = await openDatabase({
    dataDir,
    onCreate: async (db) => {
      const { demo } = await seedDemo(db, { defaultMailDomain: 'demo.test' }, 'basic');
      const picture = await libraryPicture('Bench picture', 200);
      const pdf = await libraryPdf('Bench data sheet', ['Working load limit 3.25 t']);
      const sheet = await librarySheet('Load chart', [
        ['Size', 'WLL'],
        ['8 mm', 2],
      ]);
      const files: SeedFile[] = [];
      for (let i = 0; i < FILES; i++) {
        const n = String(i + 1).padStart(3, '0');
        if (i % 3 === 0) files.push({ name: `Picture ${n}.jpg`, kind: 'jpg', content: picture });
        else if (i % 3 === 1) files.push({ name: `Data sheet ${n}.pdf`, kind: 'pdf', content: pdf });
        else files.push({ name: `Load chart ${n}.xlsx`, kind: 'xlsx', content: sheet });
      }
      await seedLibraryFolder(db, demo, { library: 'technical', name: FOLDER }, files);
    },
  });
  await database.close();
  return performance.now() - started;
}

/** Clicks the folder and answers the ms to the first painted frame with all its file cards. */
const CLICK_SCRIPT = `(async () => {
  const folder = Array.from(document.querySelectorAll('[data-testid="library-folder"]')).find((f) => f.dataset.name === %FOLDER%);
  if (!folder) throw new Error('no folder');
  const start = performance.now();
  folder.querySelector('[role="button"], .MuiListItemButton-root').click();
  return await new Promise((resolve, reject) => {
    const check = () => {
      if (performance.now() - start > 30000) return reject(new Error('no files after 30 s'));
      if (document.querySelectorAll('[data-testid="library-file"]').length < %COUNT%) return requestAnimationFrame(check);
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - start);
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(check);
  });
})()`;

export async function figureLibrary(dataDir: string, webProblem: string | null) {
  console.log(`\n[r] Technical library folder of ${FILES} files`);
  const generatedMs = await generateLibraryData(dataDir);
  add({ id: 'u', figure: `generate basic demo data + a library folder of ${FILES} files`, result: ms(generatedMs), target: '' });
  if (webProblem) {
    add({
      id: 'u',
      figure: `library folder of ${FILES} files, first paint`,
      result: 'not measured',
      target: '<= 500 ms',
      detail: webProblem,
    });
    return;
  }
  const server = await startPortal(dataDir);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const signIn = await page.request.post(`${server.base}/api/weblogin`, { data: { email: 'lo-admin@demo.test', password: 'demo1234' } });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    const times: number[] = [];
    for (let i = 0; i <= 5; i++) {
      await page.goto(`${server.base}/resources/library/technical`);
      await page.locator(`[data-testid="library-folder"][data-name="${FOLDER}"]`).waitFor();
      const at = Number(await page.evaluate(CLICK_SCRIPT.replace('%FOLDER%', JSON.stringify(FOLDER)).replace('%COUNT%', String(FILES))));
      if (i > 0) times.push(at);
    }
    const result = median(times);
    add({
      id: 'u',
      figure: `library folder of ${FILES} files, first paint (click on the folder to the frame with its ${FILES} cards; median of 5)`,
      result: ms(result),
      target: '<= 500 ms',
      ok: result <= 500,
      detail: `runs ${times.map((t) => Math.round(t)).join(', ')} ms`,
    });
  } finally {
    await browser.close();
    await server.stop();
  }
}
