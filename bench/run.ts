// `npm run bench`: every benchmark in one run, one markdown report on stdout and in
// bench/RESULTS.md. Only 127.0.0.1 is contacted. Nothing here fails on a figure; the
// process fails only when a measurement could not be taken at all.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchChromium } from '../test/e2e/support/launchChromium';
import { REPO_ROOT } from './buildBundle';
import { describeMachine } from './describeMachine';
import { formatReport } from './formatReport';
import { measureBundleSizes } from './measureBundleSizes';
import { measureEmulatorLoad } from './measureEmulatorLoad';
import { measureKeepAliveTraffic } from './measureKeepAliveTraffic';
import { measureProxy } from './measureProxy';
import { measureRenders } from './measureRenders';
import { measureRoundTrips } from './measureRoundTrips';
import { measureUsableForm } from './measureUsableForm';

const RESULTS_FILE = resolve(REPO_ROOT, 'bench/RESULTS.md');
const started = performance.now();
const sectionMs: Record<string, number> = {};

async function section<T>(name: string, measure: () => Promise<T>): Promise<T> {
  console.error(`bench: ${name}…`);
  const sectionStart = performance.now();
  try {
    return await measure();
  } finally {
    sectionMs[name] = performance.now() - sectionStart;
  }
}

const sizes = await section('sizes', measureBundleSizes);
// Alone on the machine: the browser would compete with the emulator for the two cores.
const load = await section('load', () => measureEmulatorLoad());
const proxy = await section('proxy', () => measureProxy());
const browser = await launchChromium();
try {
  const chromium = browser.version();
  // The dev-server parts first: they want React's development build (the Profiler).
  const renders = await section('renders', () => measureRenders({ browser }));
  const keepAlive = await section('keep-alive', () => measureKeepAliveTraffic({ browser }));
  const roundTrips = await section('round trips', () => measureRoundTrips({ browser }));
  const usableForm = await section('usable form', () => measureUsableForm({ browser }));
  const report = formatReport({
    machine: describeMachine(chromium),
    totalMs: performance.now() - started,
    sectionMs,
    sizes,
    roundTrips,
    keepAlive,
    load,
    renders,
    proxy,
    usableForm,
  });
  writeFileSync(RESULTS_FILE, report);
  console.log(report);
  console.error(`bench: written to ${RESULTS_FILE}`);
} finally {
  await browser.close();
}
