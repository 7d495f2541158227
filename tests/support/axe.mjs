// axe-core run inside the page: the browser tests check every screen and dialog they visit
// and fail on any serious or critical violation, naming the rule and the elements.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const BLOCKING = ['serious', 'critical'];

/// Waits until no finite animation or transition is running: a dialog or toast caught
/// while it fades in has colours that are not the ones a reader sees.
async function settled(page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 5000 },
  );
}

/// Fails, listing each rule and the elements that break it, when axe finds a serious or
/// critical violation on the page as it is now; `where` names the screen in the message.
export async function assertAccessible(page, where, blocking = BLOCKING) {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (blocking) => {
    const { violations } = await window.axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((violation) => blocking.includes(violation.impact))
      .map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary.replace(/\s+/g, ' ')}`),
      }));
  }, blocking);
  if (violations.length === 0) return;
  const report = violations
    .map(({ id, impact, help, nodes }) => `- ${impact} ${id}: ${help}\n${nodes.map((n) => `    ${n}`).join('\n')}`)
    .join('\n');
  assert.fail(`${where}: ${violations.length} accessibility violation(s)\n${report}`);
}

/// The public website's pages allow no violation of any impact (issue 40).
export function assertNoViolations(page, where) {
  return assertAccessible(page, where, ['minor', 'moderate', 'serious', 'critical']);
}
