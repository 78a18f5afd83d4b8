import { describe, expect, test } from "vitest";
import { renderHtml } from "./html.js";
import { syntheticCodecResult, syntheticInput } from "./testing/synthetic.js";

describe("renderHtml", () => {
  test("Deterministic/SameInputSameBytes", async () => {
    // Twice in one process: same input, same bytes, ids unique per chart.
    const a = await renderHtml(syntheticInput());
    const b = await renderHtml(syntheticInput());
    expect(a.length).toBeGreaterThan(10_000);
    expect(a).toBe(b);
  });

  test("Offline/NoExternalReferences", async () => {
    const html = await renderHtml(syntheticInput());
    // xmlns values are namespace names, never fetched; nothing else may point outside the file.
    const stripped = html.replaceAll(/xmlns(:\w+)?="[^"]*"/g, "");
    expect(stripped).not.toMatch(/(src|href)\s*=\s*"(https?:)?\/\//i);
    expect(stripped).not.toMatch(/url\(\s*["']?(https?:)?\/\//i);
    expect(stripped).not.toMatch(/@import|<script|<link\b/i);
  });

  test("Charts/ThreePerResultPlusConformance", async () => {
    const html = await renderHtml(syntheticInput());
    const svgs = html.match(/<svg [^>]*role="img"[^>]*>/g) ?? [];
    expect(svgs.map((s) => /id="([^"]+)"/.exec(s)?.[1])).toEqual([
      "key-chart",
      "r1-forest",
      "r1-ns",
      "r1-bytes",
      "conformance-chart",
    ]);
    for (const id of ["r1-forest", "r1-ns", "r1-bytes"]) {
      expect(html).toContain(`<title id="${id}-title">`);
      expect(html).toContain(`<desc id="${id}-desc">`);
    }
  });

  test("Charts/IdsUniqueOnPage", async () => {
    const html = await renderHtml(syntheticInput());
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("Tables/CaptionsAndSections", async () => {
    const html = await renderHtml(syntheticInput());
    expect(html).toContain('<table id="r1-cmp-1">');
    expect(html).toContain('<table id="conformance-table">');
    expect(html).toContain('<table id="differences-table" class="differences">');
    expect(html).toContain('<table id="key-findings" class="findings">');
    expect(html).toContain('<table id="conformance-kinds">');
    expect((html.match(/<table /g) ?? []).length).toBe((html.match(/<caption>/g) ?? []).length);
    expect(html).toContain("@media print");
  });

  test("Absent/SaysSo", async () => {
    const html = await renderHtml([syntheticCodecResult()]);
    expect(html).toContain("Not reported: <code>results/conformance.json</code> is absent.");
    expect(html).not.toContain('id="conformance-chart"');
  });

  test("Empty/NoResults", async () => {
    const html = await renderHtml([]);
    expect(html).toContain("<h1>gojson report: no benchmark results found</h1>");
  });

  test("Conformance/ExamplesInDetails", async () => {
    const html = await renderHtml(syntheticInput());
    const details = html.match(/<details class="example">/g) ?? [];
    expect(details).toHaveLength(2);
    expect(html).toContain('<span class="ans-go">go:      {&quot;error&quot;');
    expect(html).toContain("Not run: v1v2");
  });

  test("Differences/GroupsAndRows", async () => {
    const html = await renderHtml(syntheticInput());
    expect(html).toContain('<tbody id="diff-01">');
    expect(html).toContain('<th scope="rowgroup" colspan="5">01 · Case sensitivity</th>');
    expect(html).toContain("<code>{&quot;Foo&quot;:&quot;0&quot;}</code>");
  });
});
