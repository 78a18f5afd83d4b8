/**
 * Opens the rendered report in a real browser (Debian's chromium driven by
 * playwright-core), checks that the charts and tables are present and
 * labelled, that nothing is fetched from the network, and writes
 * screenshots under .test-results/. Skips when /usr/bin/chromium is absent
 * (CI installs it in .ci/run).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { type BrowserContext, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { renderHtml } from "../src/html.js";
import { syntheticInput } from "../src/testing/synthetic.js";

const CHROMIUM = "/usr/bin/chromium";
const OUT = resolve(__dirname, "../.test-results/browser");
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium)
  console.warn(
    `browser test skipped: ${CHROMIUM} is absent (install Debian's chromium: apt-get install -y chromium)`,
  );

// skip: needs Debian's chromium at /usr/bin/chromium (.ci/run installs it; never a downloaded browser)
describe.skipIf(!haveChromium)("report in chromium", () => {
  let browser: BrowserContext;
  let profile: string;
  let url: string;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    const file = join(OUT, "report.html");
    writeFileSync(file, await renderHtml(syntheticInput()));
    url = pathToFileURL(file).href;
    profile = mkdtempSync(join(tmpdir(), "gojson-report-chromium-"));
    // A fresh profile directory (--user-data-dir) per run, through playwright's persistent context.
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
      viewport: { width: 1366, height: 900 },
    });
  });

  afterAll(async () => {
    await browser?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  test("ChartsAndTables/PresentAndLabelled", async () => {
    const page = await browser.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url);

    expect(await page.title()).toBe("gojson: benchmarks and conformance against Go");
    const charts = await page.$$eval('svg[role="img"]', (svgs) =>
      svgs.map((s) => {
        const labelled = s.getAttribute("aria-labelledby") ?? "";
        const described = s.getAttribute("aria-describedby") ?? "";
        const box = s.getBoundingClientRect();
        return {
          id: s.id,
          title: document.getElementById(labelled)?.textContent ?? "",
          desc: document.getElementById(described)?.textContent ?? "",
          width: box.width,
          height: box.height,
          marks: s.querySelectorAll("path, line, text").length,
          caption: s.closest("figure")?.querySelector("figcaption")?.textContent ?? "",
        };
      }),
    );
    expect(charts.map((c) => c.id)).toEqual([
      "key-chart",
      "r1-forest",
      "r1-ns",
      "r1-bytes",
      "conformance-chart",
    ]);
    for (const c of charts) {
      expect(c.title.length, c.id).toBeGreaterThan(10);
      expect(c.desc.length, c.id).toBeGreaterThan(40);
      expect(c.caption.length, c.id).toBeGreaterThan(10);
      expect(c.width, c.id).toBeGreaterThan(400);
      expect(c.height, c.id).toBeGreaterThan(80);
      expect(c.marks, c.id).toBeGreaterThan(10);
    }
    // The forest plot has the reference line at 1 among its axis labels and one row per payload plus pooled.
    const forestText = await page.$eval("#r1-forest", (s) =>
      Array.from(s.querySelectorAll("text"), (t) => t.textContent),
    );
    expect(forestText).toEqual(
      expect.arrayContaining(["Flat records", "Numeric series", "All payloads (pooled)"]),
    );

    const tables = await page.$$eval("table", (ts) =>
      ts.map((t) => ({
        id: t.id,
        caption: t.querySelector("caption")?.textContent ?? "",
        headers: t.querySelectorAll("thead th[scope=col]").length,
        rows: t.querySelectorAll("tbody tr").length,
      })),
    );
    for (const t of tables) {
      expect(t.caption.length, t.id).toBeGreaterThan(5);
      expect(t.headers, t.id).toBeGreaterThan(1);
      expect(t.rows, t.id).toBeGreaterThan(0);
    }
    expect(tables.map((t) => t.id)).toEqual(
      expect.arrayContaining([
        "key-findings",
        "conformance-kinds",
        "r1-cmp-1",
        "r1-ns-table",
        "r1-bytes-table",
        "conformance-table",
        "differences-table",
      ]),
    );
    // Every figure points at its table alternative.
    const links = await page.$$eval("figcaption a", (as) =>
      as.map((a) => a.getAttribute("href")?.slice(1) ?? ""),
    );
    for (const id of links) expect(await page.$(`#${id}`), id).not.toBeNull();

    expect(errors).toEqual([]);
    expect(requests.filter((u) => !u.startsWith("file:"))).toEqual([]);
    // Nothing overflows the page sideways on a laptop screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page.screenshot({ path: join(OUT, "report-laptop.png"), fullPage: true });
    await page.close();
  });

  test("NewSections/KeyFindingsConformanceDifferences", async () => {
    const page = await browser.newPage();
    await page.goto(url);
    // The verdicts come first in the contents and sit on the first screen, after the machine and conformance lines.
    expect(await page.$eval("nav li a", (a) => a.textContent)).toBe("Verdicts");
    expect(await page.$eval("header .machine", (p) => p.textContent)).toMatch(
      /^Machine: .* load average up to/,
    );
    expect(await page.$eval("header .conformance-line", (p) => p.textContent)).toMatch(
      /^Conformance against Go: /,
    );
    // Details per benchmark are folded.
    expect(await page.$eval("#r1 details.result", (d) => (d as HTMLDetailsElement).open)).toBe(false);
    const key = await page.$eval("#key-findings", (t) => ({
      caption: t.querySelector("caption")?.textContent,
      head: Array.from(t.querySelectorAll("thead th"), (h) => h.textContent),
      verdicts: Array.from(t.querySelectorAll("tbody .verdict"), (v) => v.textContent),
      link: t.querySelector("tbody th a")?.getAttribute("href"),
    }));
    expect(key).toEqual({
      caption: "Key findings",
      head: ["Benchmark", "Question", "Main ratio [interval]", "Verdict"],
      verdicts: ["supported"],
      link: "#r1",
    });
    const keyBox = await page.$eval("#key", (s) => s.getBoundingClientRect().top);
    expect(keyBox).toBeLessThan(400);

    // Conformance: per-engine table, kinds table, examples closed in <details> with a labelled summary.
    const kinds = await page.$$eval("#conformance-kinds tbody th", (ths) => ths.map((t) => t.textContent));
    expect(kinds).toEqual(["value-after-error", "error-text", "missing-error"]);
    const summaries = await page.$$eval("details.example summary", (ss) => ss.map((s) => s.textContent));
    expect(summaries).toHaveLength(2);
    for (const t of summaries) expect(t).toMatch(/^v[12] \S+: unmarshal .+ · seed \d+$/);
    const pre = page.locator("details.example pre").first();
    expect(await pre.isVisible()).toBe(false);
    await page.locator("#conformance details.result > summary").click(); // the section is folded
    await page.locator("details.example summary").first().click();
    expect(await pre.isVisible()).toBe(true);
    expect(await pre.textContent()).toContain("gojson:");

    // Differences: one row group per difference, five labelled columns.
    const diff = await page.$eval("#differences-table", (t) => ({
      caption: t.querySelector("caption")?.textContent ?? "",
      head: Array.from(t.querySelectorAll("thead th"), (h) => h.textContent),
      groups: Array.from(t.querySelectorAll("tr.group th"), (h) => h.textContent),
      rows: t.querySelectorAll("tbody tr:not(.group)").length,
    }));
    expect(diff.caption).toContain("v1");
    expect(diff.head).toEqual([
      "Difference",
      "Input / value",
      "v1 answer (Go)",
      "v2 answer (Go)",
      "v1 on the v2 engine",
    ]);
    expect(diff.groups).toEqual(["01 · Case sensitivity", "04 · Nil slice map"]);
    expect(diff.rows).toBe(2);

    await (await page.$("#key"))!.screenshot({ path: join(OUT, "key-findings.png") });
    await (await page.$("#conformance"))!.screenshot({ path: join(OUT, "conformance.png") });
    await (await page.$("#differences"))!.screenshot({ path: join(OUT, "differences.png") });
    await page.close();
  });

  test("Print/LayoutAndPdf", async () => {
    const page = await browser.newPage();
    await page.setViewportSize({ width: 800, height: 1100 });
    await page.goto(url);
    await page.emulateMedia({ media: "print" });
    expect(await page.$eval("nav", (n) => getComputedStyle(n).display)).toBe("none");
    // Closed counterexamples still print their text.
    expect(await page.locator("details.example pre").first().isVisible()).toBe(true);
    await page.screenshot({ path: join(OUT, "report-print.png"), fullPage: true });
    const pdf = await page.pdf({ format: "A4", printBackground: false });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    writeFileSync(join(OUT, "report.pdf"), pdf);
    await page.close();
  });
});
