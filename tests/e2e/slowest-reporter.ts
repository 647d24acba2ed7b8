import type {FullResult, Reporter, TestCase, TestResult} from '@playwright/test/reporter';

/**
 * Prints the slowest tests at the end of every run, with the time each was allowed, so
 * a test creeping towards its timeout (or a suite getting slower) shows before it fails on a
 * slower machine. Playwright's own slow-test note names files, and only past 5 minutes.
 */
export default class SlowestReporter implements Reporter {
  private readonly count: number;
  private readonly runs: {title: string; durationMs: number; timeoutMs: number; status: string}[] = [];
  private startMs = Date.now();

  constructor(options: {count?: number} = {}) {
    this.count = options.count ?? 15;
  }

  onBegin(): void {
    this.startMs = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') return;
    const [, project = '', file = '', ...rest] = test.titlePath();
    this.runs.push({
      title: `[${project}] ${file}:${test.location.line} › ${rest.join(' › ')}`,
      durationMs: result.duration,
      // After the run this is the timeout the test ended with (test.setTimeout, test.slow()).
      timeoutMs: test.timeout,
      status: result.status,
    });
  }

  onEnd(result: FullResult): void {
    if (this.runs.length === 0) return;
    const slowest = [...this.runs].sort((a, b) => b.durationMs - a.durationMs).slice(0, this.count);
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    const total = this.runs.reduce((sum, r) => sum + r.durationMs, 0);
    const lines = slowest.map((r) => {
      const allowed = r.timeoutMs > 0 ? ` of ${seconds(r.timeoutMs)} s` : '';
      const status = r.status === 'passed' ? '' : ` (${r.status})`;
      return `${seconds(r.durationMs).padStart(7)} s${allowed.padEnd(10)} ${r.title}${status}`;
    });
    console.log([
      '',
      `Slowest ${slowest.length} of ${this.runs.length} tests (wall time ${seconds(result.duration || Date.now() - this.startMs)} s, `
        + `test time ${seconds(total)} s over all workers):`,
      ...lines,
      '',
    ].join('\n'));
  }

  printsToStdio(): boolean {
    return false;
  }
}
