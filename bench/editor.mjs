// The document editor on a big document, measured (never asserted): the time to open a page of
// 200 blocks and a 300-row list, and the time from a key press to the next frame while typing
// into it, in Debian's Chromium on this machine. `npm run bench` runs it after `web.mjs`;
// `node bench/editor.mjs` runs it alone on an already built tree (its own server, fresh data).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
// run.mjs imports this module too: at the top level, only its hoisted `isMainModule` is used here.
import { ADMIN, api, formatTable, isMainModule, plinthServer, sleep, stopProcess } from './run.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, median, signIn } from './web.mjs';

const BLOCKS = Number(process.env.BENCH_EDITOR_BLOCKS ?? 200);
const ROWS = Number(process.env.BENCH_EDITOR_ROWS ?? 300);
const OPEN_RUNS = 5;
/** 60 characters, typed one key at a time. */
const TYPED = 'Quick brown foxes jump over lazy dogs while a bench watches.';
/** The pause after each key press: about 100 words a minute once the press itself is counted. */
const KEY_GAP_MS = 50;
/** `BENCH_EDITOR_TRACE=/tmp/editor-trace` writes Chromium performance traces: the last opening, each typing case. */
const TRACE_DIR = process.env.BENCH_EDITOR_TRACE;
// A 1×1 PNG: the image blocks point at a real asset, so their thumbnails load as they would.
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const COMPONENTS = [
  {
    name: 'hero',
    label: 'Hero',
    fields: [
      { name: 'heading', type: 'text', required: true },
      { name: 'text', type: 'longtext' },
    ],
  },
  { name: 'paragraph', label: 'Paragraph', fields: [{ name: 'body', type: 'richtext' }] },
  {
    name: 'image',
    label: 'Image',
    fields: [
      { name: 'image', type: 'media', options: { accept: ['image/*'] } },
      { name: 'alt', type: 'text' },
    ],
  },
  {
    name: 'quote',
    label: 'Quote',
    fields: [
      { name: 'quote', type: 'longtext' },
      { name: 'author', type: 'text' },
    ],
  },
];

/** Nearest-rank percentile of `values` (p in 0–100). */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Block `index` of the page, cycling through the four components. */
function block(index, imageId) {
  const _key = `b${index + 1}`;
  const n = index + 1;
  switch (index % COMPONENTS.length) {
    case 0:
      return { _component: 'hero', _key, heading: `Section ${n}`, text: `What section ${n} is about, in a sentence.` };
    case 1:
      return {
        _component: 'paragraph',
        _key,
        body: `<p>Paragraph ${n} explains <strong>one idea</strong> in a few sentences, with a <a href="https://example.com/${n}">link</a>.</p><p>A second paragraph follows it, as long as the first one or a little longer.</p>`,
      };
    case 2:
      return { _component: 'image', _key, image: imageId, alt: `Illustration ${n}` };
    default:
      return { _component: 'quote', _key, quote: `Quote ${n}: short, and worth reading twice.`, author: `Author ${n}` };
  }
}

/**
 * A project with the four components and a `pages` collection, and one page of `BLOCKS` blocks
 * and a list of `ROWS` rows. A list is a `json` array: no field type repeats a group of fields
 * except `blocks`, and a list of rows is data, not layout (it is edited as JSON text).
 * Exported for profiling scripts that need the same document.
 * @example const { projectId, documentId } = await seedBigDocument(base, login.access_token);
 */
export async function seedBigDocument(base, token) {
  const project = (await api(base, 'POST', '/projects', { name: 'Editor bench', locales: ['en'] }, token)).data;
  const p = `/projects/${project.id}`;
  for (const component of COMPONENTS) await api(base, 'POST', `${p}/components`, component, token);
  await api(
    base,
    'POST',
    `${p}/collections`,
    {
      slug: 'pages',
      name: 'Pages',
      display_field: 'title',
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'body', type: 'blocks', options: { components: COMPONENTS.map((component) => component.name) } },
        { name: 'rows', type: 'json', label: 'Price list' },
      ],
    },
    token,
  );
  const form = new FormData();
  form.append('file', new Blob([PIXEL_PNG], { type: 'image/png' }), 'pixel.png');
  const uploaded = await fetch(`${base}/api/v1${p}/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!uploaded.ok) throw new Error(`media upload: ${uploaded.status} ${await uploaded.text()}`);
  const imageId = (await uploaded.json()).data.id;
  const rows = Array.from({ length: ROWS }, (_, index) => ({
    sku: `SKU-${String(index + 1).padStart(4, '0')}`,
    label: `Row ${index + 1}`,
    price: Math.round(((index * 37) % 1000) + 99) / 100,
    in_stock: index % 3 !== 0,
  }));
  const document = (
    await api(
      base,
      'POST',
      `${p}/collections/pages/documents`,
      {
        data: {
          title: 'A page of many blocks',
          body: Array.from({ length: BLOCKS }, (_, index) => block(index, imageId)),
          rows,
        },
      },
      token,
    )
  ).data;
  return { projectId: project.id, documentId: document.id };
}

/**
 * Runs in every page before the app: times key presses and the opening of the editor.
 * - A key press: from the keydown's `timeStamp` (when the browser received the key) to the end of
 *   the frame after it, taken as a message posted from that frame's `requestAnimationFrame`,
 *   which runs once the frame's style, layout and paint are done on the main thread.
 * - The Event Timing API's keydown durations (the same start to the frame's presentation, in
 *   8 ms steps, only those of 16 ms or more), as a cross-check.
 * - Opening: from the navigation's start (the time origin) to the end of the first frame in
 *   which the title's input, the first block's fields and the last block (drawn in full, or as
 *   the placeholder the editor draws far from the screen) are laid out.
 */
function instrument({ blocks }) {
  const probe = { keys: [], events: [], openMs: null };
  window.__editorBench = probe;
  // Called from a requestAnimationFrame callback: the message is handled once that frame is done.
  const afterThisFrame = (callback) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => callback(performance.now());
    channel.port2.postMessage(null);
  };
  addEventListener(
    'keydown',
    (event) => {
      const start = event.timeStamp;
      requestAnimationFrame(() => afterThisFrame((end) => probe.keys.push({ start, end })));
    },
    { capture: true },
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'keydown') probe.events.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  if (!location.pathname.includes('/document-editor/')) return;
  const laidOut = (selector) => {
    const element = document.querySelector(selector);
    return element !== null && element.getClientRects().length > 0;
  };
  const watch = () => {
    // The editor draws blocks far from the screen as placeholders of their height: the page is
    // open when the title, the first block's fields and the last block's place are laid out.
    const isReady =
      laidOut('[data-field="title"] input:not([disabled])') &&
      laidOut('[data-field="body"] ol > li:nth-child(1) [data-field]') &&
      laidOut(`[data-field="body"] ol > li:nth-child(${blocks})`);
    if (isReady) afterThisFrame((end) => (probe.openMs ??= end));
    else requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}

/** Opens the document in a fresh page; the time is measured in the page (see `instrument`). */
async function openDocument(context, url, traceName) {
  const page = await context.newPage();
  const started = performance.now();
  await traced(page, traceName, async () => {
    await page.goto(url);
    await page.waitForFunction(() => window.__editorBench.openMs !== null, null, { timeout: 60_000 });
  });
  return { page, openMs: await page.evaluate(() => window.__editorBench.openMs), wallMs: performance.now() - started };
}

/** Runs `work`, recorded as a Chromium performance trace `<name>.json` when `BENCH_EDITOR_TRACE` is set. */
async function traced(page, name, work) {
  const browser = page.context().browser();
  if (!TRACE_DIR || !name || !browser) return work();
  await browser.startTracing(page, {
    path: path.join(TRACE_DIR, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`),
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.frame',
      'v8.execute',
      'disabled-by-default-v8.cpu_profiler',
      'blink.user_timing',
      'latencyInfo',
    ],
  });
  try {
    return await work();
  } finally {
    await browser.stopTracing();
  }
}

/** Waits for the autosave of what was typed, so that it does not fall into the next case. */
async function waitForSave(page) {
  try {
    await page.waitForFunction(
      () => document.querySelector('[aria-label="Save state"]')?.textContent === 'All changes saved',
      null,
      { timeout: 30_000 },
    );
  } catch {
    console.warn('[editor] the autosave did not finish within 30 s; going on');
  }
}

/** The heading input of the block at `selector`, once the block is scrolled to and drawn. */
async function scrolledTo(page, selector) {
  await page.locator(selector).scrollIntoViewIfNeeded();
  const control = page.locator(`${selector} [data-field="heading"] input`);
  await control.waitFor();
  return control;
}

/**
 * Types `TYPED` into `control` one key at a time, after `placeCaret` put the caret where the
 * text goes, and returns each key press's time to the next frame and its Event Timing duration.
 */
async function typeInto(page, name, control, placeCaret) {
  await control.scrollIntoViewIfNeeded();
  await control.click();
  await placeCaret(control);
  // Focusing a field re-renders the form (presence says which field): not part of a key press.
  await sleep(500);
  await page.evaluate(() => {
    window.__editorBench.keys.length = 0;
    window.__editorBench.events.length = 0;
  });
  await traced(page, `type into ${name}`, async () => {
    for (const key of TYPED) {
      await page.keyboard.type(key);
      await sleep(KEY_GAP_MS);
    }
    await page.waitForFunction((count) => window.__editorBench.keys.length >= count, TYPED.length);
    // Event Timing entries arrive after the frame is presented.
    await sleep(500);
  });
  const { keys, events } = await page.evaluate(() => window.__editorBench);
  const value = await control.inputValue();
  if (!value.includes(TYPED)) throw new Error(`${name}: the typed text is not in the field (${value.slice(0, 200)})`);
  await waitForSave(page);
  const latencies = keys.map((key) => key.end - key.start);
  // A keydown without an entry took less than 16 ms: counted as 0 for the order, shown as "<16".
  const eventDurations = keys.map(
    (key) => events.find((entry) => Math.abs(entry.start - key.start) < 1)?.duration ?? 0,
  );
  return { name, latencies, eventDurations };
}

/**
 * Seeds the big document on the running server at `base`, opens it `OPEN_RUNS` times in fresh
 * pages, then types into its title, into a block's field near the middle and into the list.
 * @example printEditorTable(await measureDocumentEditor('http://127.0.0.1:3000'));
 */
export async function measureDocumentEditor(base) {
  const session = await api(base, 'POST', '/auth/login', { username: ADMIN.email, password: ADMIN.password });
  const { projectId, documentId } = await seedBigDocument(base, session.access_token);
  // This machine is shared: the load around the run says how far to trust it.
  const loadBefore = os.loadavg()[0];
  // Others may rebuild apps/web/dist: which build was measured.
  const build = await (await fetch(`${base}/version.json`)).json();
  const url = `${base}/app/projects/${projectId}/document-editor/pages/${documentId}`;
  if (TRACE_DIR) fs.mkdirSync(TRACE_DIR, { recursive: true });
  // Launched and signed in as web.mjs does it; Playwright then drives that browser.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_FLAGS, '--window-size=1280,800'],
  });
  try {
    await signIn(chrome.port, base, session, projectId);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const [context] = browser.contexts();
    if (!context) throw new Error('Chromium has no browser context');
    await context.addInitScript(instrument, { blocks: BLOCKS });
    const opens = [];
    let page = null;
    for (let run = 0; run < OPEN_RUNS; run++) {
      await page?.close();
      const opened = await openDocument(context, url, run === OPEN_RUNS - 1 ? 'open' : null);
      page = opened.page;
      opens.push(opened);
    }
    if (!page) throw new Error('the document was never opened');
    // Typing starts once the page has settled (images, presence, the local draft's read).
    await sleep(2000);
    const middle = Math.floor(BLOCKS / 2) + 1;
    const middleHero = middle - ((middle - 1) % COMPONENTS.length);
    const rowMarker = `"label": "Row ${Math.ceil(ROWS / 2)}`;
    const typing = [
      await typeInto(page, 'title', page.locator('[data-field="title"] input'), (control) => control.press('End')),
      await typeInto(
        page,
        `block ${middleHero}'s heading`,
        // Scrolled to first: it is drawn in full once near the screen.
        await scrolledTo(page, `[data-field="body"] ol > li:nth-child(${middleHero})`),
        (control) => control.press('End'),
      ),
      await typeInto(
        page,
        `the ${ROWS}-row list (row ${Math.ceil(ROWS / 2)})`,
        page.locator('[data-field="rows"] textarea'),
        (control) =>
          control.evaluate((textarea, marker) => {
            const at = textarea.value.indexOf(marker) + marker.length;
            textarea.setSelectionRange(at, at);
          }, rowMarker),
      ),
    ];
    return {
      blocks: BLOCKS,
      rows: ROWS,
      chromium: browser.version(),
      openMs: opens.map((open) => open.openMs),
      openWallMs: opens.map((open) => open.wallMs),
      typing,
      load: [loadBefore, os.loadavg()[0]],
      builtAt: build.built_at,
    };
  } finally {
    chrome.kill();
  }
}

/** Prints what `measureDocumentEditor` measured, as a table like the other benches'. */
export function printEditorTable(result) {
  const ms = (value) => `${value.toFixed(0)} ms`;
  const eventMs = (value) => (value < 16 ? '<16 ms' : ms(value));
  const rows = [
    [
      `open the document (${result.openMs.length} fresh pages)`,
      ms(median(result.openMs)),
      '',
      `${ms(Math.min(...result.openMs))}–${ms(Math.max(...result.openMs))}`,
      '',
    ],
    ...result.typing.map((typed) => [
      `type ${typed.latencies.length} keys into ${typed.name}`,
      ms(median(typed.latencies)),
      ms(percentile(typed.latencies, 95)),
      ms(Math.max(...typed.latencies)),
      `${eventMs(median(typed.eventDurations))} / ${eventMs(percentile(typed.eventDurations, 95))}`,
    ]),
  ];
  console.log(
    `\n[editor] a page of ${result.blocks} blocks (hero, paragraph with rich text, image, quote in turn) and a ` +
      `${result.rows}-row json list, web app built ${result.builtAt}, Chromium ${result.chromium} headless in ` +
      `a 1280×800 window; key press to the end of the next frame, ${KEY_GAP_MS} ms between keys`,
  );
  console.log(formatTable(['case', 'median', 'p95', 'range / max', 'Event Timing median / p95'], rows));
  console.log(
    `opening: navigation start to the end of the first frame with the title's input, block 1's fields and block ` +
      `${result.blocks}'s place laid out (seen from node, goto to that frame: median ${ms(median(result.openWallMs))}); load average ` +
      `${result.load.map((load) => load.toFixed(1)).join(' → ')} on ${os.availableParallelism()} cores\n`,
  );
}

if (isMainModule(import.meta.url)) {
  const plinth = plinthServer(null);
  const server = await plinth.start();
  try {
    printEditorTable(await measureDocumentEditor(plinth.base));
  } finally {
    await stopProcess(server.child);
    plinth.cleanUp();
  }
}
