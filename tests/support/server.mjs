// Starts the real aqar binary on a free port with a fresh SQLite database, and stops it.
// With AQAR_E2E_POSTGRES set to a PostgreSQL server's URL (postgres://postgres@127.0.0.1:5432)
// each server gets a fresh PostgreSQL database instead, dropped when it stops.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before } from 'node:test';

import { launchBrowser } from './browser.mjs';

export const ADMIN = { username: 'admin', password: 'e2e-admin-password' };

const binary = resolve(import.meta.dirname, '../../target/debug/aqar');

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

const postgres = process.env.AQAR_E2E_POSTGRES;
let databases = 0;

/** The kind of database the servers run on, as the System Status names it. */
export const DATABASE_KIND = postgres === undefined ? 'SQLite' : 'PostgreSQL';

function psql(sql) {
  const run = spawnSync('psql', [`${postgres}/postgres`, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`psql ${sql}: ${run.stderr}`);
}

/** The database a new server uses, and how to remove it afterwards. */
function freshDatabase(dir) {
  if (postgres === undefined) return { url: `sqlite://${join(dir, 'aqar.db')}`, drop: () => undefined };
  databases += 1;
  const name = `aqar_e2e_${process.pid}_${databases}`;
  psql(`CREATE DATABASE ${name}`);
  return { url: `${postgres}/${name}`, drop: () => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function startServer({ demo = false, env = {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'aqar-e2e-'));
  const database = freshDatabase(dir);
  const port = await freePort();
  const sitePort = await freePort();
  const child = spawn(binary, [], {
    cwd: dir,
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      ROCKET_ADDRESS: '127.0.0.1',
      ROCKET_PORT: String(port),
      AQAR_SITE_PORT: String(sitePort),
      ROCKET_LOG_LEVEL: 'critical',
      AQAR_ADMIN_USERNAME: ADMIN.username,
      AQAR_ADMIN_PASSWORD: ADMIN.password,
      AQAR_DEMO: demo ? '1' : '0',
      // The specs sign in as the admin with a password; two-factor.test.mjs sets its policies.
      AQAR_2FA: 'optional',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`aqar exited early:\n${output}`);
    try {
      const [panel, site] = await Promise.all([fetch(`${url}/healthz`), fetch(`${siteUrl}/healthz`)]);
      if (panel.ok && site.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`aqar did not become healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    /** The public website's own port (issue 40). */
    siteUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dir, { recursive: true, force: true });
      database.drop();
    },
  };
}

/// A real server on a fresh database and a browser for the tests of one `describe`: started
/// before them and stopped after. Read `env.server` and `env.browser` inside the tests.
export function serverAndBrowser(options) {
  const env = {};
  before(async () => {
    env.server = await startServer(options);
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
