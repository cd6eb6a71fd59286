/**
 * One figure of a benchmark beside its budget, for `npm run bench:all -w bench` (bench/src/all.ts): when
 * BENCH_RESULTS_FILE is set, each call appends one JSON line to that file; otherwise it does nothing, so a script run
 * on its own prints and writes what it always did.
 */
import fs from 'node:fs';

export type FigureBackend = 'postgres' | 'pglite' | '-';

export type Figure = {
  /** What is measured, as the one table shows it (e.g. "shell p95, 100 users paced at 500 req/s"). */
  figure: string;
  /** The budget in short (e.g. "p95 < 20 ms"); '-' when there is none. */
  budget: string;
  /** The engine the figure was measured on; '-' for figures with none (the web's JavaScript size). */
  backend: FigureBackend;
  value: number;
  unit: string;
  /** The size it was measured at, when the run chose it (e.g. "15,000 items"). */
  size?: string;
  /** Whether the budget is met; null when the figure is measured without a budget. */
  met: boolean | null;
};

export function recordFigure(figure: Figure): void {
  const file = process.env.BENCH_RESULTS_FILE;
  if (!file) return;
  fs.appendFileSync(file, `${JSON.stringify({ ...figure, at: new Date().toISOString() })}\n`);
}
