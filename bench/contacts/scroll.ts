/**
 * Scrolling 10,000 loaded contacts in the browser (target: no frame blocked for more than 50 ms).
 *
 * The SPA is built from the working tree into a temp directory (vite build, as `npm start` does when dist is stale)
 * and served by the real server (embedded PostgreSQL, demo company). 10,000 contacts with 3 custom attributes are
 * written by SQL. Headless Debian Chromium (no CPU throttling) logs in through the login form, opens /contacts with the
 * 3 attribute columns shown, and scrolls the table to its end until all 10,000 rows are loaded (100 pages) and no
 * request is pending. Then the same scroll script runs, in the same browser, over our table and over two references
 * with the same box, rows and text and no framework: a static page with a plain 10,000-row table (before and after
 * ours), and the same table behind a hand-written plain-DOM virtual window (after ours).
 *
 * The script: mouse-wheel gestures of 100–1,000 px per frame (seeded) top to bottom; Home, 20 × PageDown, End; wheel
 * gestures back to the top; 30 scrollbar-like jumps down and 30 up; End, Home. Recorded: in the page,
 * requestAnimationFrame deltas (the gaps between frames, per part of the script), how much of the box each frame
 * showed without rows, measured after the frame's layout and before its paint (a table that renders its rows after the
 * frame that scrolled shows a blank box while it is scrolled fast), 'longtask' and 'long-animation-frame' entries;
 * from Chromium's trace, the renderer main thread's tasks with their wall and CPU time (on a loaded machine a task's
 * wall time includes waiting for a core, its CPU time does not).
 *
 * Before scrolling, our page's blocking wheel listeners and JavaScript heap are printed (see pageFacts); while each
 * page scrolls, how idle the machine's cores were and how much time the hypervisor took from them (/proc/stat steal,
 * sampled every 20 ms). Each frame over 50 ms is then listed with what happened in it, on one clock: the main
 * thread's CPU time (trace), the time the host took from the cores, the cores' idle time, and the rest (the browser's
 * other threads, the server, this script).
 *
 *   npx tsx bench/contacts/scroll.ts             (BENCH_CONTACTS=2000 for a quicker run; BENCH_PLAIN=0 leaves out the
 *                                                plain table, two thirds of the time; BENCH_TRACE=<dir> writes a
 *                                                detailed Chromium trace per page; BENCH_SCREENSHOT=<file.png>;
 *                                                --strict exits 2 on FAIL)
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { BLANK_ROWS_PX, EACH_FRAME_BEFORE_PAINT } from '../../tests/e2e/blankRows.ts';
import { blockingWheelListeners } from '../../tests/e2e/wheelListeners.ts';
import { installGuards, loadLine, machineLine, makeDataDir, percentile, ROOT, stop, table } from '../platform/harness.ts';
import { COUNTRIES, FIRST, fmt, LANGUAGES, LAST, PLANS, random, startBench, type Bench } from './shared.ts';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 10_000);
const WITH_PLAIN = process.env.BENCH_PLAIN !== '0';
const TARGET_MS = 50;
const KEY_PACE_MS = 400;
/** The server's nice level while the pages scroll (see main). */
const SERVER_NICE = 10;
/** One frame interval at 60 Hz: a gap of three (50 ms) meets the target, a fourth does not. */
const FRAME_MS = 1000 / 60;
/** A frame gap in 60 Hz frame intervals (the page's clock reads one interval as 16.5–16.8 ms, see blocked). */
const intervals = (gap: number) => Math.round(gap / FRAME_MS);
const MAX_INTERVALS = intervals(TARGET_MS);
/**
 * A frame gap over the target: one of more than three frame intervals. Frames come on the 60 Hz clock, but a page that
 * is not cross-origin isolated reads times coarsened to 0.1 ms with jitter, so one interval measures 16.5–16.8 ms and
 * three measure 49.8–50.2 ms; compared in milliseconds, three intervals (50.0 ms) would sometimes count as over 50.
 */
const blocked = (gap: number) => intervals(gap) > MAX_INTERVALS;
const VIEWPORT = { width: 1280, height: 1000 };
/** The contacts table's scroll box: ContactsTableView's height and row height. The reference uses the same. */
const BOX_HEIGHT = 560;
const ROW_HEIGHT = 44;
/**
 * Software compositing and raster by default (`--disable-gpu`). BENCH_GPU=swiftshader keeps Chromium's GPU pipeline
 * on SwiftShader, its CPU implementation of a GPU (GPU raster and compositing as on a desktop, computed on the CPU).
 */
const GPU_ARGS = process.env.BENCH_GPU === 'swiftshader' ? ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--enable-gpu-rasterization'] : ['--disable-gpu'];
/**
 * BENCH_TRACE=<dir> records Chromium's detailed timeline (style, layout, paint, raster, compositor) and writes one
 * trace per page there, for DevTools' Performance panel or Perfetto. It slows the page down: figures from such a run
 * are for finding where a long frame goes, not for the record.
 */
const TRACE_DIR = process.env.BENCH_TRACE;
const TRACE_CATEGORIES = TRACE_DIR
  ? ['toplevel', '__metadata', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'blink', 'cc', 'viz', 'gpu', 'benchmark', 'input', 'v8.execute', 'disabled-by-default-v8.cpu_profiler']
  : ['toplevel', '__metadata'];
/** BENCH_SCREENSHOT=<file.png>: a screenshot of our table once its rows are loaded. */
const SCREENSHOT = process.env.BENCH_SCREENSHOT;
const CHROMIUM_ARGS = ['--no-sandbox', ...GPU_ARGS, '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

installGuards('contacts-scroll', 20 * 60_000);

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

// ---------------------------------------------------------------------------------------------------------------
// Setup: the SPA build, the server, the data

function buildSpa(): { dir: string; ms: number } {
  const dir = makeDataDir('missiva-bench-spa-');
  const t0 = performance.now();
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, BUILD_ID: `bench-scroll-${Date.now()}` },
  });
  if (build.status !== 0) throw new Error(`vite build failed (status ${build.status})`);
  return { dir, ms: performance.now() - t0 };
}

async function seed(bench: Bench): Promise<number[]> {
  const companyId = (await bench.call('GET', '/users/me')).body.memberOf.id as string;
  const attrs: number[] = [];
  for (const [name, type, options] of [['Plan', 'category', PLANS], ['Score', 'number'], ['Signup date', 'date']] as const) {
    const created = await bench.call('POST', '/contact-attributes', { name, type, ...(options ? { options } : {}) });
    if (created.status !== 201 && created.status !== 200) throw new Error(`attribute ${name}: ${created.status} ${JSON.stringify(created.body)}`);
    attrs.push(created.body.id);
  }
  await bench.sql.query(
    `insert into contacts (company_id, email, first_name, last_name, phone_prefix, phone_number, country, language, attributes, blocked_at, created_at)
     select $1, lower((${sqlArray(FIRST)})[1 + g % ${FIRST.length}]) || '.' || lower((${sqlArray(LAST)})[1 + (g * 7) % ${LAST.length}]) || g || '@example.com',
            (${sqlArray(FIRST)})[1 + g % ${FIRST.length}], (${sqlArray(LAST)})[1 + (g * 7) % ${LAST.length}], '39', (3000000000 + g)::text,
            (${sqlArray(COUNTRIES)})[1 + g % ${COUNTRIES.length}], (${sqlArray(LANGUAGES)})[1 + g % ${LANGUAGES.length}],
            jsonb_build_object($2::text, (${sqlArray(PLANS)})[1 + (g / 7) % 4], $3::text, (g % 1000) / 10.0, $4::text, to_char(date '2015-01-01' + (g % 3650), 'YYYY-MM-DD')),
            case when g % 50 = 0 then now() end,
            now() - ($5::int - g) * interval '1 second'
       from generate_series(1, $5::int) g`,
    [companyId, String(attrs[0]), String(attrs[1]), String(attrs[2]), CONTACTS],
  );
  await bench.sql.query('vacuum analyze contacts');
  return attrs;
}

// ---------------------------------------------------------------------------------------------------------------
// The references: the same box, rows and text without a framework. `plain`: all rows in one static table, no script
// (what the target's reference asks for). `virtual`: the same table with a 25-line hand-written virtual window in
// plain DOM (rows in view plus 10 above and below, rebuilt with innerHTML on each scroll event), as ours renders.

function referenceRow(g: number): string {
  const first = FIRST[g % FIRST.length]!;
  const last = LAST[(g * 7) % LAST.length]!;
  const email = `${first.toLowerCase()}.${last.toLowerCase()}${g}@example.com`;
  return (
    `<tr><td><input type="checkbox" aria-label="Select ${email}"></td><td><a href="#c${g}">${email}</a></td><td>${first}</td><td>${last}</td>` +
    `<td>+39 ${3000000000 + g}</td><td><span class="badge">${g % 50 === 0 ? 'Blocked' : 'Active'}</span></td>` +
    `<td>${PLANS[Math.floor(g / 7) % 4]}</td><td>${(g % 1000) / 10}</td><td>2015-01-01</td></tr>`
  );
}

const VIRTUAL_SCRIPT = `
  const box = document.getElementById('box'), body = box.querySelector('tbody');
  const rows = JSON.parse(document.getElementById('rows').textContent);
  let shown = '';
  const render = () => {
    const first = Math.max(0, Math.floor(box.scrollTop / ${ROW_HEIGHT}) - 10);
    const last = Math.min(rows.length, Math.ceil((box.scrollTop + ${BOX_HEIGHT}) / ${ROW_HEIGHT}) + 10);
    if (shown === first + ':' + last) return;
    shown = first + ':' + last;
    body.innerHTML = (first > 0 ? '<tr aria-hidden="true" style="height:' + first * ${ROW_HEIGHT} + 'px"></tr>' : '') +
      rows.slice(first, last).join('') +
      (last < rows.length ? '<tr aria-hidden="true" style="height:' + (rows.length - last) * ${ROW_HEIGHT} + 'px"></tr>' : '');
  };
  box.addEventListener('scroll', render);
  render();`;

function referenceHtml(kind: 'plain' | 'virtual'): string {
  const rows: string[] = [];
  for (let g = CONTACTS; g >= 1; g--) rows.push(referenceRow(g));
  const body = kind === 'plain' ? rows.join('\n') : '';
  const script =
    kind === 'plain' ? '' : `<script type="application/json" id="rows">${JSON.stringify(rows).replace(/</g, '\\u003c')}</script><script>${VIRTUAL_SCRIPT}</script>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>reference</title><style>
    body { font: 14px system-ui, sans-serif; margin: 0; padding: 200px 40px 40px; }
    #box { max-height: ${BOX_HEIGHT}px; overflow-y: auto; }
    table { border-collapse: collapse; table-layout: fixed; width: 100%; min-width: 700px; }
    th { position: sticky; top: 0; background: #fff; text-align: left; }
    tr { height: ${ROW_HEIGHT}px; } td, th { padding: 7px 10px; border-bottom: 1px solid #dee2e6; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    tbody tr:hover { background: #f8f9fa; } .badge { border-radius: 8px; padding: 2px 8px; background: #e6fcf5; font-size: 11px; }
  </style></head><body><div id="box" data-testid="virtual-scroll"><table aria-label="Contacts"><thead><tr><th style="width:44px"></th><th>Email</th>
  <th>First name</th><th>Last name</th><th>Phone number</th><th style="width:140px">Status</th><th>Plan</th><th>Score</th><th>Signup date</th></tr></thead>
  <tbody>${body}</tbody></table></div>${script}</body></html>`;
}

async function serveReferences(): Promise<{ server: Server; url: string }> {
  const pages = { '/plain': referenceHtml('plain'), '/virtual': referenceHtml('virtual') };
  const server = createServer((req, res) => {
    const html = pages[req.url as keyof typeof pages];
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

// ---------------------------------------------------------------------------------------------------------------
// Recording in the page

/** The parts of the script; a frame gap counts for the part that was running when the frame came. */
const PHASES = ['wheel down', 'Home + 20 × PageDown + End', 'wheel up', '60 jumps', 'End, Home'] as const;

interface Recording {
  frames: number;
  gaps: number[];
  /** Index into PHASES, per gap. */
  phases: number[];
  /** When each frame came, in ms since the epoch (the page's `performance.timeOrigin` + the frame's time). */
  ends: number[];
  /** Per frame: how many pixels of the box below its header showed no row (rows not rendered yet), in px, measured
   * after the frame's layout and before its paint. */
  blank: number[];
  longTasks: number[];
  loafs: Array<{ duration: number; blocking: number; scripts: string[] }>;
  scrollTopMax: number;
  durationMs: number;
}

/**
 * The frame, long-task and long-animation-frame recorders, started in the page and run until `__scrollBench.stop()`.
 * Plain JavaScript source: tsx would wrap named functions of a page function in a helper the page does not have.
 */
const RECORDER = `(() => {
  const rec = { gaps: [], phases: [], ends: [], blank: [], phase: 0, longTasks: [], loafs: [], running: true, t0: performance.now() };
  window.__scrollBench = rec;
  const longTask = new PerformanceObserver((list) => { for (const e of list.getEntries()) rec.longTasks.push(e.duration); });
  longTask.observe({ type: 'longtask' });
  const loafOf = (e) => ({ duration: e.duration, blocking: e.blockingDuration, scripts: (e.scripts || []).map((s) => s.invoker + ' ' + Math.round(s.duration) + ' ms') });
  const loaf = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')
    ? new PerformanceObserver((list) => { for (const e of list.getEntries()) rec.loafs.push(loafOf(e)); })
    : null;
  if (loaf) loaf.observe({ type: 'long-animation-frame' });
  rec.stop = () => {
    rec.running = false;
    for (const e of longTask.takeRecords()) rec.longTasks.push(e.duration);
    if (loaf) for (const e of loaf.takeRecords()) rec.loafs.push(loafOf(e));
    longTask.disconnect();
    if (loaf) loaf.disconnect();
  };
  // What the frame shows, measured once it is laid out, before it is painted (after every animation frame callback,
  // a page's own included): each frame's entry is NaN until then.
  const box = document.querySelector('[data-testid="virtual-scroll"]');
  const blankPx = ${BLANK_ROWS_PX};
  const stopBlank = (${EACH_FRAME_BEFORE_PAINT})(() => { if (rec.blank.length > 0) rec.blank[rec.blank.length - 1] = blankPx(box); });
  let last = 0;
  const tick = (now) => {
    if (!rec.running) return stopBlank();
    rec.gaps.push(now - last);
    rec.phases.push(rec.phase);
    rec.ends.push(performance.timeOrigin + now);
    rec.blank.push(NaN);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame((now) => { last = now; requestAnimationFrame(tick); });
})()`;

async function startRecording(page: Page): Promise<void> {
  await page.evaluate(RECORDER);
}

async function stopRecording(page: Page): Promise<Omit<Recording, 'scrollTopMax'>> {
  // Two frames, so the last scroll's work is in the record; then the observers' pending entries.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const recorded: Omit<Recording, 'scrollTopMax'> = await page.evaluate(() => {
    const rec = (window as any).__scrollBench;
    rec.stop();
    return { frames: rec.gaps.length, gaps: rec.gaps, phases: rec.phases, ends: rec.ends, blank: rec.blank, longTasks: rec.longTasks, loafs: rec.loafs, durationMs: performance.now() - rec.t0 };
  });
  const unmeasured = recorded.blank.filter(Number.isNaN).length;
  if (unmeasured > 0) throw new Error(`${unmeasured} of ${recorded.frames} frames had no blank-rows measure before their paint`);
  return recorded;
}

// ---------------------------------------------------------------------------------------------------------------
// The scroll script, the same for ours and the reference

const box = (page: Page) => page.getByTestId('virtual-scroll');
// During the recording the box is read with querySelector, not a locator: a locator's checks run in the page too.
const BOX = '[data-testid="virtual-scroll"]';
const scrollTop = (page: Page) => page.evaluate((sel) => document.querySelector(sel)!.scrollTop, BOX);

/** Sets the box's scrollTop to 0, 1/30, …, 1 of its range and back, one position per frame. */
const JUMPS = `new Promise((resolve) => {
  const el = document.querySelector('[data-testid="virtual-scroll"]');
  const range = el.scrollHeight - el.clientHeight;
  const at = [];
  for (let i = 0; i <= 30; i++) at.push(i / 30);
  for (let i = 29; i >= 0; i--) at.push(i / 30);
  let i = 0;
  const step = () => {
    if (i >= at.length) return resolve();
    el.scrollTop = at[i++] * range;
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;

interface Geometry {
  x: number;
  y: number;
  max: number;
}

/** The box's centre in the viewport (the document may have scrolled) and its largest scrollTop. */
async function geometry(page: Page): Promise<Geometry> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + Math.min(r.height, innerHeight - r.top) / 2, max: el.scrollHeight - el.clientHeight };
  }, BOX);
}

/**
 * Wheel scrolling to one end: mouse-wheel gestures synthesised by the browser (Input.synthesizeScrollGesture, one
 * wheel event per frame), each over 2,000–20,000 px at a seeded speed of 6,000–60,000 px/s, i.e. 100–1,000 px per
 * frame at 60 Hz. The browser paces them, so the bench's own round trips do not space the steps out.
 */
async function wheelTo(page: Page, cdp: CDPSession, direction: 1 | -1, rnd: () => number): Promise<{ gestures: number; px: number }> {
  let gestures = 0;
  let px = 0;
  let stalled = 0;
  for (;;) {
    const { x, y, max } = await geometry(page);
    const top = await scrollTop(page);
    if ((direction === 1 && top >= max - 1) || (direction === -1 && top <= 0)) return { gestures, px };
    const distance = Math.round(2_000 + rnd() * 18_000);
    const speed = Math.round(6_000 + rnd() * 54_000);
    // yDistance < 0 scrolls down (the content moves up), as a finger would.
    await cdp.send('Input.synthesizeScrollGesture', { x, y, yDistance: -direction * distance, speed, gestureSourceType: 'mouse', preventFling: true });
    gestures += 1;
    const moved = Math.abs((await scrollTop(page)) - top);
    px += moved;
    stalled = moved < 1 ? stalled + 1 : 0;
    if (stalled >= 3 || gestures > 1_000) {
      const doc = await page.evaluate(() => ({ scrollY, height: document.documentElement.scrollHeight, under: document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.outerHTML.slice(0, 120) }));
      throw new Error(`wheel scrolling stalls at scrollTop ${top} of ${max} (mouse at ${Math.round(x)},${Math.round(y)}; document ${JSON.stringify(doc)})`);
    }
  }
}

interface ScriptResult extends Recording {
  gestures: number;
  wheelPx: number;
  /** scrollTop after End, and after 20 × PageDown from the top: the keys went to the box. */
  afterEnd: number;
  afterPageDowns: number;
}

/** The whole script; records from its first step to its last frame. */
async function scrollScript(page: Page, cdp: CDPSession, tracing: { start(): Promise<void>; stop(): Promise<void> }): Promise<ScriptResult> {
  await box(page).evaluate((el) => el.scrollTo({ top: 0 }));
  await page.evaluate(() => scrollTo({ top: 0 }));
  const start = await geometry(page);
  const rnd = random(20261121);
  await tracing.start();
  await startRecording(page);
  const phase = (n: number) => page.evaluate((n) => ((window as any).__scrollBench.phase = n), n);
  const down = await wheelTo(page, cdp, 1, rnd);
  await phase(1);
  // Keys scroll the focused element's scroll box. Ours is focusable (a click on a row's text focuses it); the
  // reference's is not, so the bench gives a box without one tabindex="-1", and focuses the box before each key. Keys
  // come at a reader's pace, one every 400 ms: in headless Chromium a key's animated scroll sometimes starts only with
  // the next input event, so waiting for each key's scrollend would stall.
  const press = async (key: string) => {
    await page.evaluate((sel) => {
      const el = document.querySelector<HTMLElement>(sel)!;
      if (!el.hasAttribute('tabindex')) el.tabIndex = -1;
      el.focus({ preventScroll: true });
    }, BOX);
    await page.keyboard.press(key);
    await page.waitForTimeout(KEY_PACE_MS);
  };
  await press('Home');
  for (let i = 0; i < 20; i++) await press('PageDown');
  const afterPageDowns = await scrollTop(page);
  await press('End');
  const afterEnd = await scrollTop(page);
  await phase(2);
  const up = await wheelTo(page, cdp, -1, rnd);
  await phase(3);
  // Scrollbar-like jumps (headless Chromium has overlay scrollbars, nothing to grab): 30 positions down, 30 up, one
  // per frame, driven in the page so that no round trip of the bench's sits between them.
  await page.evaluate(JUMPS);
  await phase(4);
  await press('End');
  await press('Home');
  const recorded = await stopRecording(page);
  await tracing.stop();
  return { ...recorded, scrollTopMax: start.max, gestures: down.gestures + up.gestures, wheelPx: down.px + up.px, afterEnd, afterPageDowns };
}

// ---------------------------------------------------------------------------------------------------------------
// Our page: log in through the form, open the table, load every row

async function openContacts(page: Page, base: string, password: string, attrs: number[]): Promise<{ loadMs: number; requests: number }> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill('demo@missiva.local');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('greeting').waitFor({ timeout: 60_000 });

  let pending = 0;
  let contactRequests = 0;
  // API requests only: the realtime socket's long polls stay open by design.
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => {
    if (!isApi(r.url())) return;
    pending += 1;
    if (new URL(r.url()).pathname === '/api/contacts') contactRequests += 1;
  });
  page.on('requestfinished', (r) => isApi(r.url()) && (pending -= 1));
  page.on('requestfailed', (r) => isApi(r.url()) && (pending -= 1));
  await page.goto(`${base}/contacts?columns=${attrs.join(',')}`);
  const table = page.getByRole('table', { name: 'Contacts' });
  await table.waitFor({ timeout: 60_000 });
  const rowCount = () => table.evaluate((el) => Number(el.getAttribute('aria-rowcount')) - 1);
  const t0 = performance.now();
  // Each time the window reaches the last rows, the table asks for the next page of 100: scroll to the end until all
  // the contacts are rows in memory and nothing is in flight.
  for (let i = 0; i < 1000; i++) {
    const before = await rowCount();
    if (before >= CONTACTS && pending === 0) break;
    await box(page).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.waitForFunction(
      ([el, n]) => Number((el as Element).getAttribute('aria-rowcount')) - 1 > (n as number),
      [await table.elementHandle(), before] as const,
      { timeout: 30_000, polling: 50 },
    ).catch(() => undefined);
    if (performance.now() - t0 > 5 * 60_000) throw new Error(`only ${await rowCount()} of ${CONTACTS} rows loaded after 5 minutes`);
  }
  for (let i = 0; pending > 0 && i < 200; i++) await page.waitForTimeout(50);
  const loaded = await rowCount();
  if (loaded !== CONTACTS) throw new Error(`the table holds ${loaded} rows, expected ${CONTACTS}`);
  const headers = await table.locator('thead th').allTextContents();
  for (const name of ['Plan', 'Score', 'Signup date']) if (!headers.includes(name)) throw new Error(`column ${name} is not shown (headers: ${headers.join(', ')})`);
  return { loadMs: performance.now() - t0, requests: contactRequests };
}

/**
 * What decides how the page scrolls, printed with the figures: blocking wheel listeners (any one makes Chromium send
 * every wheel event to the main thread and wait for it before scrolling; a hidden select's ScrollArea once did) and
 * the JavaScript heap the rows live in (a major GC pauses the main thread in proportion to it).
 */
async function pageFacts(page: Page): Promise<string> {
  const blocking = await blockingWheelListeners(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return `blocking wheel listeners: ${blocking.length ? blocking.join(', ') : 'none'}; JS heap ${fmt(heap.usedSize / 2 ** 20, 1)} MB used after a full GC`;
}

// ---------------------------------------------------------------------------------------------------------------

interface Summary {
  label: string;
  rec: ScriptResult;
  longestGap: number;
  over50: number;
  longestTask: number;
  main?: ReturnType<typeof mainThreadTasks>;
  machine?: MachineDuring;
  long?: LongFrame[];
}

function summarise(label: string, rec: ScriptResult): Summary {
  return {
    label,
    rec,
    longestGap: Math.max(...rec.gaps),
    over50: rec.gaps.filter(blocked).length,
    longestTask: rec.longTasks.length ? Math.max(...rec.longTasks) : 0,
  };
}

/** The machine's CPU counters (/proc/stat, all cores, in ms): idle, stolen by the hypervisor, total. */
function cpuTimes(): { idle: number; steal: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const tick = 1000 / 100; // USER_HZ
  const [, , , idle = 0, iowait = 0, , , steal = 0] = fields;
  return { idle: (idle + iowait) * tick, steal: steal * tick, total: fields.slice(0, 8).reduce((a, b) => a + b, 0) * tick };
}

/**
 * Milliseconds on the clock of Chromium's trace (CLOCK_MONOTONIC on Linux, as `process.hrtime`), so a frame, a task
 * of the trace and a sample of the machine's counters can be laid side by side.
 */
const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * The page's clock (`performance.timeOrigin + now`, ms since the epoch) on the monotonic clock: the page is asked its
 * time between two readings of ours, five times, and the quickest answer's midpoint is taken (within ~1 ms).
 */
async function pageClock(page: Page): Promise<(epochMs: number) => number> {
  let best = { span: Infinity, offset: 0 };
  for (let i = 0; i < 5; i++) {
    const before = monotonicMs();
    const theirs = await page.evaluate(() => performance.timeOrigin + performance.now());
    const after = monotonicMs();
    if (after - before < best.span) best = { span: after - before, offset: theirs - (before + after) / 2 };
  }
  return (epochMs) => epochMs - best.offset;
}

/**
 * The processes whose CPU time the long frames are split into (the rest of the machine is what /proc/stat counts
 * beyond them): Chromium's renderers, its GPU process (software compositing: the display compositor draws every
 * frame), its browser and utility processes, the server, and this script. PostgreSQL's processes (idle while the
 * pages scroll) stay in the rest: each process read costs this script CPU time in every sample.
 */
const GROUPS = ['renderer', 'display', 'browser', 'server', 'script'] as const;
/**
 * How often the machine is sampled while a page scrolls: a frame over the target spans three or more samples. A sample
 * reads /proc/stat and the groups' processes, some 0.2 ms of this script's CPU (every 10 ms it took ~5 % of a core from
 * the browser being measured; every 20 ms about half that).
 */
const SAMPLE_MS = 20;
type Group = (typeof GROUPS)[number];

/** The processes of each group, found once when sampling starts. */
function processGroups(): Array<{ pid: number; group: Group }> {
  const found: Array<{ pid: number; group: Group }> = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    } catch {
      continue; // gone meanwhile
    }
    const group: Group | undefined =
      pid === process.pid ? 'script'
      : /chrom/.test(cmdline.split(' ')[0] ?? '') ? (cmdline.includes('--type=renderer') ? 'renderer' : cmdline.includes('--type=gpu-process') ? 'display' : 'browser')
      : cmdline.includes('server/main.ts') ? 'server'
      : undefined;
    if (group) found.push({ pid, group });
  }
  return found;
}

/** A process's user + system CPU time in ms (/proc/<pid>/stat, 10 ms ticks); undefined once it has exited. */
function processCpu(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** One reading of the counters: monotonic ms, the cumulative idle, stolen and total ms of all cores, and per group. */
interface CpuSample {
  at: number;
  idle: number;
  steal: number;
  total: number;
  groups: Record<Group, number>;
}

export interface MachineDuring {
  idlePct: number;
  stealMs: number;
  /** The most time stolen from the virtual CPUs in any 100 ms. */
  maxStealMs: number;
  samples: CpuSample[];
}

/** A cumulative counter of the samples at a time, interpolated between the two samples around it. */
function counterAt(samples: CpuSample[], at: number, read: (sample: CpuSample) => number): number {
  let i = 1;
  while (i < samples.length - 1 && samples[i]!.at < at) i++;
  const a = samples[i - 1]!;
  const b = samples[i]!;
  if (b.at === a.at) return read(b);
  const f = Math.min(1, Math.max(0, (at - a.at) / (b.at - a.at)));
  return read(a) + f * (read(b) - read(a));
}

/**
 * Samples the machine every SAMPLE_MS while a page scrolls (the kernel counts in 10 ms ticks): how idle the cores were,
 * how much time the hypervisor took from them (steal), which no code in the page can help, and the CPU time of each
 * group of processes. The samples let each long frame be matched with what the machine did during it. On Linux only;
 * elsewhere the figures stay empty.
 */
function sampleMachine(): () => MachineDuring | undefined {
  const samples: CpuSample[] = [];
  let processes: ReturnType<typeof processGroups>;
  // A process that exits keeps its last reading, so its group's counter does not go back.
  const lastCpu = new Map<number, number>();
  const read = () => {
    const groups = Object.fromEntries(GROUPS.map((g) => [g, 0])) as Record<Group, number>;
    for (const p of processes) {
      const cpu = processCpu(p.pid) ?? lastCpu.get(p.pid) ?? 0;
      lastCpu.set(p.pid, cpu);
      groups[p.group] += cpu;
    }
    samples.push({ at: monotonicMs(), ...cpuTimes(), groups });
  };
  try {
    processes = processGroups();
    read();
  } catch {
    return () => undefined;
  }
  const timer = setInterval(read, SAMPLE_MS);
  return () => {
    clearInterval(timer);
    read();
    const first = samples[0]!;
    const end = samples[samples.length - 1]!;
    let maxSteal = 0;
    for (let i = 0, j = 0; i < samples.length; i++) {
      while (j < samples.length - 1 && samples[j + 1]!.at - samples[i]!.at <= 100) j++;
      maxSteal = Math.max(maxSteal, samples[j]!.steal - samples[i]!.steal);
    }
    const total = end.total - first.total;
    return { idlePct: total > 0 ? (100 * (end.idle - first.idle)) / total : 0, stealMs: end.steal - first.steal, maxStealMs: maxSteal, samples };
  };
}

/** A frame over the target and what happened during it: the main thread's CPU time, the host's steal, idle cores. */
interface LongFrame {
  /** Seconds since the recording started. */
  at: number;
  phase: number;
  gap: number;
  /** CPU time the renderer's main thread got in the frame (its tasks' CPU time, prorated to the part in the frame). */
  mainCpu: number;
  /** The longest main-thread task overlapping the frame: wall and CPU ms. */
  task: { dur: number; tdur: number };
  /** Milliseconds the hypervisor took from the two cores during the frame (10 ms resolution), and the cores' idle ms. */
  steal: number;
  idle: number;
  /** CPU ms of each group of processes during the frame (the renderer's less its main thread's), and of the rest. */
  others: Record<Group | 'rest', number>;
}

function longFrames(rec: ScriptResult, toMonotonic: (epochMs: number) => number, tasks: MainTask[], machine: MachineDuring | undefined): LongFrame[] {
  const out: LongFrame[] = [];
  const first = rec.ends[0]! - rec.gaps[0]!;
  rec.gaps.forEach((gap, i) => {
    if (!blocked(gap)) return;
    const end = toMonotonic(rec.ends[i]!);
    const start = end - gap;
    let mainCpu = 0;
    let task = { dur: 0, tdur: 0 };
    for (const t of tasks) {
      const overlap = Math.min(end, t.start + t.dur) - Math.max(start, t.start);
      if (overlap <= 0) continue;
      mainCpu += t.dur > 0 ? (t.tdur * overlap) / t.dur : 0;
      if (t.dur > task.dur) task = t;
    }
    const during = (read: (sample: CpuSample) => number) => (machine ? counterAt(machine.samples, end, read) - counterAt(machine.samples, start, read) : NaN);
    const steal = during((x) => x.steal);
    const idle = during((x) => x.idle);
    const others = Object.fromEntries(GROUPS.map((g) => [g, during((x) => x.groups[g])])) as Record<Group | 'rest', number>;
    const busy = during((x) => x.total) - idle - steal;
    others.rest = busy - GROUPS.reduce((sum, g) => sum + others[g], 0);
    others.renderer -= mainCpu;
    out.push({ at: (rec.ends[i]! - first) / 1000, phase: rec.phases[i]!, gap, mainCpu, task, steal, idle, others });
  });
  return out;
}

async function measure(
  browser: Browser,
  label: string,
  open: (page: Page) => Promise<void>,
): Promise<Summary & { main: ReturnType<typeof mainThreadTasks> }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await open(page);
  let trace: Buffer | undefined;
  let machine: (() => MachineDuring | undefined) | undefined;
  let during: MachineDuring | undefined;
  const rec = await scrollScript(page, cdp, {
    start: async () => {
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      machine = sampleMachine();
    },
    stop: async () => {
      during = machine?.();
      trace = await browser.stopTracing();
      if (TRACE_DIR) writeFileSync(join(TRACE_DIR, `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.json`), trace);
    },
  });
  const toMonotonic = await pageClock(page);
  await context.close();
  const main = mainThreadTasks(trace!);
  return { ...summarise(label, rec), main, machine: during, long: longFrames(rec, toMonotonic, main.tasks, during) };
}

/**
 * From Chromium's trace: the tasks of the renderer's main thread (the busiest CrRendererMain), wall time and the CPU
 * time the thread actually got. On a loaded machine a task's wall time includes waiting for a core; its CPU time
 * does not, so it tells what our code costs apart from what the machine's other work adds.
 */
interface MainTask {
  /** Monotonic ms (the trace's clock). */
  start: number;
  dur: number;
  tdur: number;
}

function mainThreadTasks(trace: Buffer): { longestWall: number; itsCpu: number; longestCpu: number; over50Wall: number; over50Cpu: number; totalCpu: number; tasks: MainTask[] } {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: any[] }).traceEvents;
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, MainTask[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || !mains.has(key) || !/RunTask$/.test(e.name) || typeof e.dur !== 'number') continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key)!.push({ start: e.ts / 1000, dur: e.dur / 1000, tdur: (e.tdur ?? 0) / 1000 });
  }
  const tasks = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  const longest = tasks.reduce((m, t) => (t.dur > m.dur ? t : m), { start: 0, dur: 0, tdur: 0 });
  return {
    longestWall: longest.dur,
    itsCpu: longest.tdur,
    longestCpu: Math.max(0, ...tasks.map((t) => t.tdur)),
    over50Wall: tasks.filter((t) => t.dur > TARGET_MS).length,
    over50Cpu: tasks.filter((t) => t.tdur > TARGET_MS).length,
    totalCpu: tasks.reduce((sum, t) => sum + t.tdur, 0),
    tasks,
  };
}

/** Frames that showed part of the box without rows (more than 1 px: rounding), and the most blank pixels in one. */
function blankLine(blank: number[]): string {
  const shown = blank.filter((px) => px > 1);
  return `${fmt(shown.length)} (${fmt(Math.max(0, ...blank), 0)} px)`;
}

async function main() {
  console.log(`Missiva contacts benchmark: scrolling ${fmt(CONTACTS)} loaded contacts in the browser`);
  console.log(`machine: ${machineLine()}; load before: ${loadLine()}`);
  const spa = buildSpa();
  console.log(`SPA built from the working tree in ${fmt(spa.ms / 1000, 1)} s`);
  // The server at nice 10: it shares this machine's two cores with the browser being measured, where in use it runs on a
  // machine of its own. Idle after serving the 10,000 rows, its V8 compacts its heap (the memory reducer: some 230 ms of
  // CPU within 1.5 s), which at the same priority took the cores from the browser for whole frames.
  const bench = await startBench({ DIST_DIR: spa.dir }, { nice: SERVER_NICE });
  const attrs = await seed(bench);
  const references = await serveReferences();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  console.log(`${fmt(CONTACTS)} contacts seeded; server at nice ${SERVER_NICE}; Chromium ${browser.version()} (${GPU_ARGS.join(' ')}); load: ${loadLine()}`);

  const openReference = (kind: 'plain' | 'virtual') => async (page: Page) => {
    await page.goto(`${references.url}/${kind}`);
    await box(page).waitFor();
  };
  const plain = `reference: plain ${fmt(CONTACTS)}-row table`;
  const refBefore = WITH_PLAIN ? await measure(browser, `${plain}, before`, openReference('plain')) : undefined;
  if (refBefore) console.log(`${refBefore.label}: done; load ${loadLine()}`);
  const ours = await measure(browser, `ours: /contacts, ${fmt(CONTACTS)} rows loaded`, async (page) => {
    const loading = await openContacts(page, bench.base, bench.server.demoPassword!, attrs);
    console.log(`loaded ${fmt(CONTACTS)} rows in ${fmt(loading.loadMs / 1000, 1)} s (${loading.requests} page requests); load ${loadLine()}`);
    console.log(`our page: ${await pageFacts(page)}`);
    if (SCREENSHOT) {
      // What the script scrolls, for a person to look at: the table a third of the way down.
      await box(page).evaluate((el) => el.scrollTo({ top: Math.round(el.scrollHeight / 3) }));
      await page.screenshot({ path: SCREENSHOT });
      console.log(`screenshot of the table: ${SCREENSHOT}`);
    }
  });
  console.log(`${ours.label}: done; load ${loadLine()}`);
  const refAfter = WITH_PLAIN ? await measure(browser, `${plain}, after`, openReference('plain')) : undefined;
  if (refAfter) console.log(`${refAfter.label}: done; load ${loadLine()}`);
  const virtual = await measure(browser, 'reference: plain-DOM virtual window (no framework)', openReference('virtual'));
  await browser.close();
  references.server.close();

  const pages = [refBefore, ours, refAfter, virtual].filter((s) => s !== undefined);
  const refGap = refBefore && refAfter ? (refBefore.longestGap + refAfter.longestGap) / 2 : undefined;
  const ms = (n: number) => `${fmt(n, 1)} ms`;
  const row = (s: Summary) => [
    s.label,
    fmt(s.rec.frames),
    ms(s.longestGap),
    ms(percentile(s.rec.gaps, 99)),
    fmt(s.over50),
    fmt(s.rec.gaps.filter((g) => intervals(g) >= 3).length),
    blankLine(s.rec.blank),
    s.rec.longTasks.length ? `${ms(s.longestTask)} (${s.rec.longTasks.length})` : 'none',
    s.main ? `${ms(s.main.longestWall)} / ${ms(s.main.itsCpu)}` : '—',
    s.main ? `${ms(s.main.longestCpu)} (${s.main.over50Cpu} > 50 ms)` : '—',
    s.main ? `${fmt(s.main.totalCpu / 1000, 1)} s` : '—',
    `${fmt(s.rec.durationMs / 1000, 1)} s`,
    s.machine ? `${fmt(s.machine.idlePct, 0)} % idle, ${ms(s.machine.stealMs)} stolen (${ms(s.machine.maxStealMs)})` : '—',
  ];
  console.log(
    `\n${table([
      ['page', 'frames', 'longest frame gap', 'p99 gap', 'gaps > 50 ms (4+ intervals)', 'gaps of 3+ frames', 'frames with blank rows (most px)', 'longest long task (count)', 'longest main-thread task: wall / CPU', 'most CPU in one task', 'main-thread CPU, total', 'scroll time', 'cores while scrolling: idle, stolen by the host (most in 100 ms)'],
      ...pages.map(row),
    ])}`,
  );
  const byPhaseBlank = (s: Summary) => [
    s.label,
    ...PHASES.map((_, i) => blankLine(s.rec.blank.filter((_b, j) => s.rec.phases[j] === i))),
  ];
  console.log(`\nframes showing blank rows in the box by part of the script (most blank px):\n${table([['page', ...PHASES], ...pages.map(byPhaseBlank)])}`);
  const byPhase = (s: Summary) => [
    s.label,
    ...PHASES.map((_, i) => {
      const gaps = s.rec.gaps.filter((_g, j) => s.rec.phases[j] === i);
      return gaps.length ? `${ms(Math.max(...gaps))} (${gaps.filter(blocked).length}/${fmt(gaps.length)})` : '—';
    }),
  ];
  console.log(`\nlongest frame gap by part of the script (frames over 50 ms / frames):\n${table([['page', ...PHASES], ...pages.map(byPhase)])}`);
  const longRows = (s: Summary) =>
    [...(s.long ?? [])]
      .sort((a, b) => b.gap - a.gap || a.at - b.at)
      .slice(0, 12)
      .map((f) => [
        `${fmt(f.at, 2)} s`,
        PHASES[f.phase]!,
        ms(f.gap),
        ms(f.mainCpu),
        `${ms(f.task.dur)} / ${ms(f.task.tdur)}`,
        Number.isNaN(f.steal) ? '—' : ms(f.steal),
        Number.isNaN(f.idle) ? '—' : ms(f.idle),
        Number.isNaN(f.idle) ? '—' : [...GROUPS, 'rest' as const].map((g) => fmt(Math.max(0, f.others[g]), 0)).join(' / '),
      ]);
  // A frame over the target the host held: the hypervisor took at least the frame's time over the target from the
  // cores during it, and the page's main thread ran less than the target in it. Without the machine's samples
  // (not Linux) no frame counts as the host's.
  const heldByHost = (f: LongFrame) => f.steal >= f.gap - TARGET_MS && f.mainCpu < TARGET_MS;
  const longLine = (s: Summary) => {
    const long = s.long ?? [];
    if (long.length === 0) return `${s.label}: none`;
    const stolen = long.filter(heldByHost).length;
    const cpu = long.map((f) => f.mainCpu);
    return `${s.label}: ${long.length}; main-thread CPU in them ${ms(Math.min(...cpu))}–${ms(Math.max(...cpu))}; the host took at least the time over ${TARGET_MS} ms in ${stolen}`;
  };
  console.log(
    `\nframes over ${TARGET_MS} ms and what the machine did in them (trace and /proc samples every ${SAMPLE_MS} ms on one clock; the kernel counts CPU time in 10 ms ticks, steal and idle over both cores):\n` +
      pages.map(longLine).join('\n') +
      `\n${table([['ours: frame ended', 'part', 'gap', 'main-thread CPU in it', 'longest task in it: wall / CPU', 'taken by the host', 'cores idle', "other CPU, ms: renderer's other threads / GPU process / browser / server / this script / rest"], ...longRows(ours)])}`,
  );
  const pass = ours.over50 === 0;
  const pageHeld = (ours.long ?? []).filter((f) => !heldByHost(f)).length;
  console.log(
    `\nratio ours/reference, longest frame gap: ` +
      (refGap === undefined ? '' : `${fmt(ours.longestGap / refGap, 2)}× against the plain table (mean of before and after, ${ms(refGap)}); `) +
      `${fmt(ours.longestGap / virtual.longestGap, 2)}× against the plain-DOM virtual window (${ms(virtual.longestGap)})` +
      `\ntarget: no frame blocked > ${TARGET_MS} ms (over ${MAX_INTERVALS} frame intervals) — longest frame gap ${ms(ours.longestGap)} (${intervals(ours.longestGap)} intervals): ${pass ? 'PASS' : 'FAIL'}` +
      (pass
        ? ''
        : `\n  of the ${ours.over50} frame${ours.over50 === 1 ? '' : 's'} over it, held by the page: ${pageHeld}; by the host: ${ours.over50 - pageHeld}` +
          ` (the hypervisor took the frame's time over ${TARGET_MS} ms from the cores, and the page's main thread ran under ${TARGET_MS} ms)`) +
      `\nscript: wheel gestures down and up (${ours.rec.gestures}, ${fmt(ours.rec.wheelPx)} px, 100–1,000 px per frame), Home, 20 × PageDown (to ${fmt(ours.rec.afterPageDowns)} px),` +
      ` End (to ${fmt(ours.rec.afterEnd)} px), 30 jumps down and 30 up, End, Home; scroll height ${fmt(ours.rec.scrollTopMax)} px` +
      (refBefore ? ` (plain table ${fmt(refBefore.rec.scrollTopMax)} px, after 20 × PageDown ${fmt(refBefore.rec.afterPageDowns)} px)` : ''),
  );
  const worst = [...ours.rec.loafs].sort((a, b) => b.duration - a.duration).slice(0, 3);
  if (worst.length) console.log(`our longest animation frames: ${worst.map((l) => `${ms(l.duration)} [${l.scripts.join('; ') || 'no script'}]`).join(' | ')}`);
  console.log(`load after: ${loadLine()}`);
  await bench.sql.end();
  await stop(bench.server.child);
  process.exit(!pass && process.argv.includes('--strict') ? 2 : 0);
}

main();
