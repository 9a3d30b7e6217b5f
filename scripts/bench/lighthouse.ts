import { readlinkSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Launcher } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM_FLAGS } from '../chromium-flags';
import { median, round } from './stats';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** What one Lighthouse run says about a page. */
export interface LighthouseRun {
  /** 0–100 per category. */
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Audits that cost points (score below 1), for finding out why a category is under 100. */
  shortfalls: { id: string; title: string; score: number; displayValue?: string }[];
  /** The LCP element as Lighthouse names it, and what the page waits on before it paints. */
  lcpElement?: string;
  renderBlocking?: string[];
  serverResponseMs?: number;
  /**
   * The main thread's tasks over 50 ms (times at Lighthouse's simulated 4× CPU slowdown) and the
   * script or document they ran for ("Unattributable": the browser's own work, such as layout):
   * what to look at when TBT is high.
   */
  longTasks: { url: string; startMs: number; durationMs: number }[];
  /** Lighthouse's own measure of this machine's CPU speed (its docs: ~1,000–2,000 on a typical desktop). */
  benchmarkIndex: number;
}

export interface LighthouseFigures {
  path: string;
  /** Each figure is the median of its values over the runs (not the figures of one "median run"). */
  median: Pick<LighthouseRun, 'scores' | 'lcpMs' | 'tbtMs' | 'cls' | 'fcpMs'>;
  runs: LighthouseRun[];
  /** Runs that failed (e.g. NO_NAVSTART) and were made again. */
  retries: number;
  retryReasons: string[];
}

// Lighthouse 12.8.2 fails about one run in three here with NO_NAVSTART (it finds no navigation in
// its trace); a new run in a new browser succeeds. Bounded, so a page that always fails ends the bench.
const MAX_RETRIES_PER_PAGE = 6;

class RunFailed extends Error {
  override name = 'RunFailed';
}

interface DetailsItem {
  node?: { snippet?: string; selector?: string };
  url?: string;
  startTime?: number;
  duration?: number;
}

function detailItems(result: Result, auditId: string): DetailsItem[] {
  const details = result.audits[auditId]?.details as { items?: DetailsItem[] } | undefined;
  return details?.items ?? [];
}

function summarize(result: Result): LighthouseRun {
  if (result.runtimeError) throw new RunFailed(`${result.runtimeError.code}: ${result.runtimeError.message}`);
  const scores = {} as Record<Category, number>;
  for (const category of CATEGORIES) {
    const score = result.categories[category]?.score;
    if (typeof score !== 'number') throw new RunFailed(`no ${category} score`);
    scores[category] = Math.round(score * 100);
  }
  const metric = (id: string) => {
    const value = result.audits[id]?.numericValue;
    if (typeof value !== 'number') throw new RunFailed(`no ${id} value`);
    return value;
  };
  const shortfalls = Object.values(result.categories)
    .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id))
    .map((id) => result.audits[id])
    .filter((audit) => audit && typeof audit.score === 'number' && audit.score < 1)
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score as number,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
    }));
  const lcpNode = detailItems(result, 'largest-contentful-paint-element')
    .flatMap((item) => (item as { items?: DetailsItem[] }).items ?? [item])
    .find((item) => item.node)?.node;
  return {
    scores,
    lcpMs: round(metric('largest-contentful-paint')),
    tbtMs: round(metric('total-blocking-time')),
    cls: round(metric('cumulative-layout-shift'), 4),
    fcpMs: round(metric('first-contentful-paint')),
    shortfalls,
    lcpElement: lcpNode?.selector ?? lcpNode?.snippet,
    renderBlocking: detailItems(result, 'render-blocking-resources').map((item) => item.url ?? '?'),
    serverResponseMs: result.audits['server-response-time']?.numericValue,
    longTasks: detailItems(result, 'long-tasks').map((item) => ({
      url: item.url ?? '?',
      startMs: round(item.startTime ?? 0),
      durationMs: round(item.duration ?? 0),
    })),
    benchmarkIndex: result.environment.benchmarkIndex,
  };
}

/**
 * The directory Chromium made for its singleton socket (/tmp/org.chromium.Chromium.XXXXXX): it
 * removes it when it shuts down, but chrome-launcher stops it with SIGKILL, so we do.
 */
function singletonDirOf(userDataDir: string | undefined): string | undefined {
  if (!userDataDir) return undefined;
  try {
    return path.dirname(readlinkSync(path.join(userDataDir, 'SingletonSocket')));
  } catch {
    return undefined;
  }
}

/** One Lighthouse run (mobile, simulated throttling: the default config) in a browser of its own. */
async function runOnce(url: string, chromePath: string): Promise<LighthouseRun> {
  // Its own temporary profile, deleted by kill(). The bench handles Ctrl-C itself, so that its
  // servers are stopped too (chrome-launcher's own handler would exit the process first).
  const chrome = new Launcher({
    chromePath,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'error',
    handleSIGINT: false,
  });
  try {
    await chrome.launch();
    let result: Result | undefined;
    try {
      result = (
        await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        })
      )?.lhr;
    } catch (error) {
      throw new RunFailed(error instanceof Error ? error.message : String(error));
    }
    if (!result) throw new RunFailed('Lighthouse returned no result');
    return summarize(result);
  } finally {
    const singletonDir = singletonDirOf(chrome.userDataDir);
    chrome.kill();
    if (singletonDir?.startsWith(os.tmpdir())) rmSync(singletonDir, { recursive: true, force: true });
  }
}

/** `runs` Lighthouse runs of one page, each failed run made again up to a bound. */
export async function measureLighthouse(
  baseUrl: string,
  route: string,
  options: { runs: number; chromePath: string },
): Promise<LighthouseFigures> {
  const runs: LighthouseRun[] = [];
  const retryReasons: string[] = [];
  while (runs.length < options.runs) {
    try {
      runs.push(await runOnce(`${baseUrl}${route}`, options.chromePath));
    } catch (error) {
      if (!(error instanceof RunFailed) || retryReasons.length >= MAX_RETRIES_PER_PAGE) throw error;
      retryReasons.push(error.message.split('\n')[0]);
    }
  }
  const scores = {} as Record<Category, number>;
  for (const category of CATEGORIES) scores[category] = median(runs.map((r) => r.scores[category]));
  return {
    path: route,
    median: {
      scores,
      lcpMs: median(runs.map((r) => r.lcpMs)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      cls: median(runs.map((r) => r.cls)),
      fcpMs: median(runs.map((r) => r.fcpMs)),
    },
    runs,
    retries: retryReasons.length,
    retryReasons,
  };
}
