/**
 * Scrolling 10,000 loaded contacts in the browser (target: no frame blocked for more than 50 ms).
 *
 * The SPA is built from the working tree into a temp directory (vite build, as `npm start` does when dist is stale)
 * and served by the real server (embedded PostgreSQL, demo company). 10,000 contacts with 3 custom attributes are
 * written by SQL. Headless Debian Chromium (software rendering, no CPU throttling) logs in through the login form,
 * opens /contacts with the 3 attribute columns shown, and scrolls the table to its end until all 10,000 rows are loaded
 * (100 pages) and no request is pending. Then the same scroll script runs, in the same browser, over our table and over
 * two references with the same box, rows and text and no framework: a static page with a plain 10,000-row table
 * (before and after ours), and the same table behind a hand-written plain-DOM virtual window (after ours).
 *
 * The script: mouse-wheel gestures of 100–1,000 px per frame (seeded) top to bottom; Home, 20 × PageDown, End; wheel
 * gestures back to the top; 30 scrollbar-like jumps down and 30 up; End, Home. Recorded: in the page, the gaps between
 * frames (requestAnimationFrame) per part of the script, and how much of the box each frame showed without rows,
 * measured after the frame's layout and before its paint; from Chromium's trace, the CPU time of the renderer main
 * thread's tasks (on a shared machine a task's wall time includes waiting for a core, its CPU time does not).
 *
 *   npx tsx bench/contacts/scroll.ts             (BENCH_CONTACTS=2000 for a quicker run; BENCH_PLAIN=0 leaves out the
 *                                                plain table, two thirds of the time; --strict exits 2 on FAIL)
 */
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { BLANK_ROWS_PX, EACH_FRAME_BEFORE_PAINT } from '../../tests/e2e/blankRows.ts';
import { blockingWheelListeners } from '../../tests/e2e/wheelListeners.ts';
import {
  freePort,
  installGuards,
  loadLine,
  machineLine,
  makeDataDir,
  percentile,
  ROOT,
  stop,
  table,
} from '../platform/harness.ts';
import { COUNTRIES, FIRST, fmt, LANGUAGES, LAST, PLANS, random, startBench, type Bench } from './shared.ts';

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 10_000);
const WITH_PLAIN = process.env.BENCH_PLAIN !== '0';
const TARGET_MS = 50;
const KEY_PACE_MS = 400;
/**
 * The server's nice level while the pages scroll: it shares the machine's cores with the browser being measured, where
 * in use it runs on a machine of its own, and V8 compacting its heap after the 100 page requests would otherwise take
 * whole frames from the browser.
 */
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
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

installGuards('contacts-scroll', 20 * 60_000);

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

// ---------------------------------------------------------------------------------------------------------------
// Setup: the SPA build, the server, the data

function buildSpa(): { dir: string; ms: number } {
  const dir = makeDataDir('missiva-bench-spa-');
  const t0 = performance.now();
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, BUILD_ID: `bench-scroll-${Date.now()}` },
    },
  );
  if (build.status !== 0) throw new Error(`vite build failed (status ${build.status})`);
  return { dir, ms: performance.now() - t0 };
}

async function seed(bench: Bench): Promise<number[]> {
  const companyId = (await bench.call('GET', '/users/me')).body.memberOf.id as string;
  const attrs: number[] = [];
  for (const [name, type, options] of [
    ['Plan', 'category', PLANS],
    ['Score', 'number'],
    ['Signup date', 'date'],
  ] as const) {
    const created = await bench.call('POST', '/contact-attributes', { name, type, ...(options ? { options } : {}) });
    if (created.status !== 201 && created.status !== 200)
      throw new Error(`attribute ${name}: ${created.status} ${JSON.stringify(created.body)}`);
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
    kind === 'plain'
      ? ''
      : `<script type="application/json" id="rows">${JSON.stringify(rows).replace(/</g, '\\u003c')}</script><script>${VIRTUAL_SCRIPT}</script>`;
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
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${port}` };
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
  /** Per frame: how many pixels of the box below its header showed no row, measured before the frame's paint. */
  blank: number[];
  scrollTopMax: number;
  durationMs: number;
}

/**
 * The frame recorder, started in the page and run until `__scrollBench.stop()`. Plain JavaScript source: tsx would
 * wrap named functions of a page function in a helper the page does not have.
 */
const RECORDER = `(() => {
  const rec = { gaps: [], phases: [], blank: [], phase: 0, running: true, t0: performance.now() };
  window.__scrollBench = rec;
  rec.stop = () => { rec.running = false; };
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
  // Two frames, so the last scroll's work is in the record.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const recorded: Omit<Recording, 'scrollTopMax'> = await page.evaluate(() => {
    const rec = (window as any).__scrollBench;
    rec.stop();
    const durationMs = performance.now() - rec.t0;
    return { frames: rec.gaps.length, gaps: rec.gaps, phases: rec.phases, blank: rec.blank, durationMs };
  });
  const unmeasured = recorded.blank.filter(Number.isNaN).length;
  if (unmeasured > 0)
    throw new Error(`${unmeasured} of ${recorded.frames} frames had no blank-rows measure before their paint`);
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
    return {
      x: r.left + r.width / 2,
      y: r.top + Math.min(r.height, innerHeight - r.top) / 2,
      max: el.scrollHeight - el.clientHeight,
    };
  }, BOX);
}

/**
 * Wheel scrolling to one end: mouse-wheel gestures synthesised by the browser (Input.synthesizeScrollGesture, one
 * wheel event per frame), each over 2,000–20,000 px at a seeded speed of 6,000–60,000 px/s, i.e. 100–1,000 px per
 * frame at 60 Hz. The browser paces them, so the bench's own round trips do not space the steps out.
 */
async function wheelTo(
  page: Page,
  cdp: CDPSession,
  direction: 1 | -1,
  rnd: () => number,
): Promise<{ gestures: number; px: number }> {
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
    await cdp.send('Input.synthesizeScrollGesture', {
      x,
      y,
      yDistance: -direction * distance,
      speed,
      gestureSourceType: 'mouse',
      preventFling: true,
    });
    gestures += 1;
    const moved = Math.abs((await scrollTop(page)) - top);
    px += moved;
    stalled = moved < 1 ? stalled + 1 : 0;
    if (stalled >= 3 || gestures > 1_000) {
      const doc = await page.evaluate(() => ({
        scrollY,
        height: document.documentElement.scrollHeight,
        under: document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.outerHTML.slice(0, 120),
      }));
      throw new Error(
        `wheel scrolling stalls at scrollTop ${top} of ${max} (mouse at ${Math.round(x)},${Math.round(y)}; document ${JSON.stringify(doc)})`,
      );
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
async function scrollScript(
  page: Page,
  cdp: CDPSession,
  tracing: { start(): Promise<void>; stop(): Promise<void> },
): Promise<ScriptResult> {
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
  return {
    ...recorded,
    scrollTopMax: start.max,
    gestures: down.gestures + up.gestures,
    wheelPx: down.px + up.px,
    afterEnd,
    afterPageDowns,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Our page: log in through the form, open the table, load every row

async function openContacts(
  page: Page,
  base: string,
  password: string,
  attrs: number[],
): Promise<{ loadMs: number; requests: number }> {
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
    await page
      .waitForFunction(
        ([el, n]) => Number((el as Element).getAttribute('aria-rowcount')) - 1 > (n as number),
        [await table.elementHandle(), before] as const,
        { timeout: 30_000, polling: 50 },
      )
      .catch(() => undefined);
    if (performance.now() - t0 > 5 * 60_000)
      throw new Error(`only ${await rowCount()} of ${CONTACTS} rows loaded after 5 minutes`);
  }
  for (let i = 0; pending > 0 && i < 200; i++) await page.waitForTimeout(50);
  const loaded = await rowCount();
  if (loaded !== CONTACTS) throw new Error(`the table holds ${loaded} rows, expected ${CONTACTS}`);
  const headers = await table.locator('thead th').allTextContents();
  for (const name of ['Plan', 'Score', 'Signup date'])
    if (!headers.includes(name)) throw new Error(`column ${name} is not shown (headers: ${headers.join(', ')})`);
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
// Measuring a page and reporting

interface Summary {
  label: string;
  rec: ScriptResult;
  longestGap: number;
  over50: number;
  main: MainThread;
}

async function measure(browser: Browser, label: string, open: (page: Page) => Promise<void>): Promise<Summary> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await open(page);
  let trace: Buffer | undefined;
  const rec = await scrollScript(page, cdp, {
    start: () => browser.startTracing(page, { categories: ['toplevel', '__metadata'] }),
    stop: async () => {
      trace = await browser.stopTracing();
    },
  });
  await context.close();
  const over50 = rec.gaps.filter(blocked).length;
  return {
    label,
    rec,
    longestGap: rec.gaps.reduce((most, g) => Math.max(most, g), 0),
    over50,
    main: mainThread(trace!),
  };
}

/** From Chromium's trace: the CPU time of the renderer main thread's tasks (the busiest CrRendererMain). */
interface MainThread {
  longestCpu: number;
  over50Cpu: number;
  totalCpu: number;
}

function mainThread(trace: Buffer): MainThread {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: any[] }).traceEvents;
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, number[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || !mains.has(key) || !/RunTask$/.test(e.name) || typeof e.dur !== 'number') continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key)!.push((e.tdur ?? 0) / 1000);
  }
  const cpu = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  return {
    longestCpu: cpu.reduce((most, t) => Math.max(most, t), 0),
    over50Cpu: cpu.filter((t) => t > TARGET_MS).length,
    totalCpu: cpu.reduce((sum, t) => sum + t, 0),
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
  const bench = await startBench({ DIST_DIR: spa.dir }, { nice: SERVER_NICE });
  const attrs = await seed(bench);
  const references = await serveReferences();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  console.log(
    `${fmt(CONTACTS)} contacts seeded; server at nice ${SERVER_NICE}; Chromium ${browser.version()};` +
      ` load: ${loadLine()}`,
  );

  const openReference = (kind: 'plain' | 'virtual') => async (page: Page) => {
    await page.goto(`${references.url}/${kind}`);
    await box(page).waitFor();
  };
  const plain = `reference: plain ${fmt(CONTACTS)}-row table`;
  const refBefore = WITH_PLAIN ? await measure(browser, `${plain}, before`, openReference('plain')) : undefined;
  const ours = await measure(browser, `ours: /contacts, ${fmt(CONTACTS)} rows loaded`, async (page) => {
    const loading = await openContacts(page, bench.base, bench.server.demoPassword!, attrs);
    console.log(
      `loaded ${fmt(CONTACTS)} rows in ${fmt(loading.loadMs / 1000, 1)} s (${loading.requests} page requests); load ${loadLine()}`,
    );
    console.log(`our page: ${await pageFacts(page)}`);
  });
  const refAfter = WITH_PLAIN ? await measure(browser, `${plain}, after`, openReference('plain')) : undefined;
  const virtual = await measure(
    browser,
    'reference: plain-DOM virtual window (no framework)',
    openReference('virtual'),
  );
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
    `${ms(s.main.longestCpu)} (${s.main.over50Cpu} > 50 ms)`,
    `${fmt(s.main.totalCpu / 1000, 1)} s`,
    `${fmt(s.rec.durationMs / 1000, 1)} s`,
  ];
  console.log(
    `\n${table([
      [
        'page',
        'frames',
        'longest frame gap',
        'p99 gap',
        'gaps > 50 ms (4+ intervals)',
        'gaps of 3+ intervals',
        'frames with blank rows (most px)',
        'most main-thread CPU in one task',
        'main-thread CPU, total',
        'scroll time',
      ],
      ...pages.map(row),
    ])}`,
  );
  const byPhase = (s: Summary) => [
    s.label,
    ...PHASES.map((_, i) => {
      const gaps = s.rec.gaps.filter((_g, j) => s.rec.phases[j] === i);
      return gaps.length ? `${ms(Math.max(...gaps))} (${gaps.filter(blocked).length}/${fmt(gaps.length)})` : '—';
    }),
  ];
  console.log(
    `\nlongest frame gap by part of the script (frames over 50 ms / frames):\n${table([['page', ...PHASES], ...pages.map(byPhase)])}`,
  );
  const pass = ours.over50 === 0;
  console.log(
    `\nratio ours/reference, longest frame gap: ` +
      (refGap === undefined
        ? ''
        : `${fmt(ours.longestGap / refGap, 2)}× against the plain table (mean of before and after, ${ms(refGap)}); `) +
      `${fmt(ours.longestGap / virtual.longestGap, 2)}× against the plain-DOM virtual window (${ms(virtual.longestGap)})` +
      `\ntarget: no frame blocked > ${TARGET_MS} ms (over ${MAX_INTERVALS} frame intervals) — longest frame gap ${ms(ours.longestGap)} (${intervals(ours.longestGap)} intervals): ${pass ? 'PASS' : 'FAIL'}` +
      `\nscript: wheel gestures down and up (${ours.rec.gestures}, ${fmt(ours.rec.wheelPx)} px, 100–1,000 px per frame), Home, 20 × PageDown (to ${fmt(ours.rec.afterPageDowns)} px),` +
      ` End (to ${fmt(ours.rec.afterEnd)} px), 30 jumps down and 30 up, End, Home;` +
      ` scroll height ${fmt(ours.rec.scrollTopMax)} px`,
  );
  console.log(`load after: ${loadLine()}`);
  await bench.sql.end();
  await stop(bench.server.child);
  process.exit(!pass && process.argv.includes('--strict') ? 2 : 0);
}

main();
