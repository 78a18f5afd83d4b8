/**
 * @gojson/report: renders gojson benchmark and conformance results (the JSON
 * documents in results/) as Markdown and as one offline HTML page.
 */
export type { Chart, ChartSpec } from "./charts.js";
export {
  CHART_WIDTH,
  conformanceSpec,
  costSpec,
  findingsSpec,
  forestSpec,
  PALETTE,
  renderChart,
} from "./charts.js";
export type {
  ConformanceEngineSummary,
  ConformanceExample,
  ConformanceInput,
  ConformanceSummary,
} from "./conformance.js";
export { engineLabel, kindWords, pickExamples, readConformance } from "./conformance.js";
export type { DifferenceGroup, DifferenceRow, DifferenceTable } from "./differences.js";
export { DIFFERENCES_GROUP, differenceTable, loadDifferences } from "./differences.js";
export { type Finding, type FindingStatus, findings } from "./findings.js";
export { renderHtml } from "./html.js";
export type { ReportInput } from "./input.js";
export { CONFORMANCE_FILE, type LoadOptions, loadReportInput } from "./load.js";
export { renderMarkdown } from "./markdown.js";
export { type WrittenReport, writeReport } from "./write.js";
