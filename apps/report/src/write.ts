/** Loads a results directory and writes latest.md and latest.html into an output directory. */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { findingsSpec, renderChart } from "./charts.js";
import { findings } from "./findings.js";
import { renderHtml } from "./html.js";
import { loadReportInput } from "./load.js";
import { renderMarkdown } from "./markdown.js";

/** Base name of the report files. */
export const REPORT_BASENAME = "latest";

/** Paths of the files a report run wrote. */
export interface WrittenReport {
  markdown: string;
  html: string;
  /** The chart of every main ratio the Markdown shows (absent when there is no ratio). */
  chart?: string;
  results: number;
}

/** Reads `resultsDir`, renders both formats and writes `<outDir>/latest.md` and `<outDir>/latest.html`. */
export async function writeReport(
  resultsDir: string,
  outDir: string,
  label?: string,
): Promise<WrittenReport> {
  const input = await loadReportInput(resultsDir, label !== undefined ? { label } : {});
  await mkdir(outDir, { recursive: true });
  const spec = findingsSpec(findings(input), "ratios");
  const chartName = `${REPORT_BASENAME}-ratios.svg`;
  const chart = spec ? join(outDir, chartName) : undefined;
  if (spec && chart) await writeFile(chart, (await renderChart(spec)).svg);
  const md = renderMarkdown(input, spec ? { ratiosChart: chartName } : {});
  const html = await renderHtml(input);
  const markdown = join(outDir, `${REPORT_BASENAME}.md`);
  const htmlPath = join(outDir, `${REPORT_BASENAME}.html`);
  await writeFile(markdown, md);
  await writeFile(htmlPath, html);
  return { markdown, html: htmlPath, ...(chart ? { chart } : {}), results: input.results.length };
}
