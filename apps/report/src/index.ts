/**
 * @gojson/report: renders gojson benchmark and conformance results (the JSON
 * documents in results/) as Markdown and as one offline HTML page.
 */
export type { Chart, ChartSpec } from "./charts.js";
export { CHART_WIDTH, conformanceSpec, costSpec, forestSpec, PALETTE, renderChart } from "./charts.js";
export { renderHtml } from "./html.js";
export type {
  ConformanceEngine,
  ConformanceExample,
  ConformanceSummary,
  Difference,
  DifferenceTable,
  ReportInput,
} from "./input.js";
export { readConformance, readDifferences } from "./input.js";
export { CONFORMANCE_FILE, loadReportInput, OBSERVATIONS_FILE } from "./load.js";
export { renderMarkdown } from "./markdown.js";
export { type WrittenReport, writeReport } from "./write.js";
