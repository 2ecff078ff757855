// The web app's budget, measured (never asserted): the JavaScript a browser loads for a signed-in
// `/app` before its first contentful paint, gzipped, and Lighthouse's time to interactive of
// `/app` in Debian's Chromium on this machine (no simulated throttling: `provided`).
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Without these, Chromium keeps calling Google's hosts from this closed network.
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const RUNS = 3;

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Signs the browser in the way the app does: its tokens and user in localStorage. */
export async function signIn(port, base, session, projectId) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${base}/login`);
    await page.evaluate(
      ([login, project]) => {
        localStorage.setItem('plinth.access_token', login.access_token);
        localStorage.setItem('plinth.refresh_token', login.refresh_token);
        localStorage.setItem('plinth.user', JSON.stringify(login.user));
        localStorage.setItem('plinth.last_project', project);
      },
      [session, projectId],
    );
    await page.close();
  } finally {
    // Only disconnects: the browser keeps running for Lighthouse, with the storage set here.
    await browser.close();
  }
}

/** One Lighthouse run of `/app`: its FCP, TTI and the scripts that arrived before that paint. */
async function auditOnce(port, base) {
  const result = await lighthouse(`${base}/app`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'desktop',
    screenEmulation: { disabled: true },
    throttlingMethod: 'provided',
    disableStorageReset: true,
  });
  if (!result) throw new Error('Lighthouse returned nothing for /app');
  const { audits } = result.lhr;
  const fcp = audits['first-contentful-paint'].numericValue;
  const requests = audits['network-requests'].details.items;
  const scripts = requests
    .filter((item) => item.resourceType === 'Script' && item.networkEndTime <= fcp)
    .map((item) => item.url);
  return { fcp, tti: audits.interactive.numericValue, scripts, finalUrl: result.lhr.finalDisplayedUrl };
}

/** Gzipped bytes of each script, as a server compressing with gzip's default level would send them. */
async function gzippedBytes(urls) {
  let total = 0;
  for (const url of urls) {
    const response = await fetch(url);
    // An error page's size would be measured as the script's.
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    total += gzipSync(Buffer.from(await response.arrayBuffer())).length;
  }
  return total;
}

export async function measureWebApp(base, session, projectId) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    await signIn(chrome.port, base, session, projectId);
    const runs = [];
    for (let run = 0; run < RUNS; run++) runs.push(await auditOnce(chrome.port, base));
    const landed = runs[0].finalUrl;
    if (!landed.includes(`/app/projects/${projectId}`)) throw new Error(`/app did not open the project: ${landed}`);
    const scripts = [...new Set(runs.flatMap((run) => run.scripts))];
    return {
      scripts: scripts.length,
      gzippedKb: (await gzippedBytes(scripts)) / 1024,
      fcpMs: median(runs.map((run) => run.fcp)),
      ttiMs: median(runs.map((run) => run.tti)),
    };
  } finally {
    chrome.kill();
  }
}
