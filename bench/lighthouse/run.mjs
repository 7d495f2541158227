// Lighthouse's mobile preset over the public website (issue 40): home, search and a listing
// page in English and Arabic, on the release server with the demo data, with Debian's
// Chromium. Targets: Performance >= 95, Accessibility, Best Practices and SEO 100.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const binary = resolve(import.meta.dirname, '../../target/release/aqar');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

const freePort = () =>
  new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

const dir = mkdtempSync(join(tmpdir(), 'aqar-lighthouse-'));
const [panelPort, sitePort] = [await freePort(), await freePort()];
const server = spawn(binary, [], {
  cwd: dir,
  env: {
    ...process.env,
    DATABASE_URL: `sqlite://${join(dir, 'aqar.db')}`,
    ROCKET_ADDRESS: '127.0.0.1',
    ROCKET_PORT: String(panelPort),
    ROCKET_LOG_LEVEL: 'off',
    AQAR_SITE_PORT: String(sitePort),
    AQAR_ADMIN_PASSWORD: 'lighthouse-admin-password',
    AQAR_DEMO: '1',
  },
  stdio: 'ignore',
});
const site = `http://127.0.0.1:${sitePort}`;
let failed = false;
try {
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${site}/healthz`)).ok) break;
    } catch {
      if (tries > 600) throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const searchPage = await (await fetch(`${site}/en/properties`)).text();
  const listing = searchPage.match(/href="\/en(\/properties\/\d+-[^"]+)"/)[1];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    console.log('| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const lang of ['en', 'ar']) {
      for (const path of ['/', '/properties', listing]) {
        const { lhr } = await lighthouse(`${site}/${lang}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
        const scores = CATEGORIES.map((id) => Math.round(lhr.categories[id].score * 100));
        const audits = lhr.audits;
        console.log(
          `| /${lang}${path} | ${scores.join(' | ')} | ${Math.round(audits['largest-contentful-paint'].numericValue)} | ${Math.round(audits['total-blocking-time'].numericValue)} | ${audits['cumulative-layout-shift'].numericValue.toFixed(3)} |`,
        );
        CATEGORIES.forEach((id, at) => {
          if (scores[at] < TARGETS[id]) {
            failed = true;
            const missed = Object.values(audits).filter((audit) => audit.score !== null && audit.score < 1 && lhr.categories[id].auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0));
            console.log(`  below target in ${id}: ${missed.map((audit) => audit.id).join(', ')}`);
            for (const audit of missed) {
              for (const item of audit.details?.items ?? []) console.log(`    ${audit.id}: ${JSON.stringify(item).slice(0, 300)}`);
            }
          }
        });
      }
    }
  } finally {
    await chrome.kill();
  }
} finally {
  server.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
