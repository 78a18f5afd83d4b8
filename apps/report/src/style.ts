/** The page's stylesheet (screen and print), inlined so the file works offline. */
export const STYLE = `
:root{--fg:#1a1a1a;--muted:#555;--line:#d9d9d9;--bg:#fff;--soft:#f5f6f8;--ok:#0b6b3a;--no:#a32020;--open:#7a5a00;--link:#0b57a4}
*{box-sizing:border-box}
html{font-size:16px}
body{margin:0;color:var(--fg);background:var(--bg);font:15px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;display:grid;grid-template-columns:minmax(180px,240px) minmax(0,1fr);gap:0 2rem;max-width:1320px;margin:0 auto;padding:1.5rem}
a{color:var(--link)}
.skip{position:absolute;left:-9999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:2}
nav{position:sticky;top:1rem;align-self:start;font-size:14px;border-right:1px solid var(--line);padding-right:1rem}
nav ol{margin:0;padding-left:1.2rem}nav li{margin:.35rem 0}
main{min-width:0;max-width:1040px}
footer{grid-column:2;color:var(--muted);font-size:13px;border-top:1px solid var(--line);margin-top:2rem}
h1{font-size:1.55rem;line-height:1.25;margin:.2rem 0 .8rem}
h2{font-size:1.3rem;margin:2.2rem 0 .6rem;padding-top:.6rem;border-top:2px solid var(--fg)}
h3{font-size:1.08rem;margin:1.6rem 0 .5rem}
h4{font-size:1rem;margin:1.3rem 0 .4rem;color:#333}
.lede{font-size:1.05rem;max-width:75ch}
.meta,.note,.absent{color:var(--muted)}
.absent{font-style:italic}
code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--soft);padding:0 .25em;border-radius:3px;word-break:break-word}
dl.hypothesis{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem;margin:.5rem 0 1rem;padding:.75rem 1rem;background:var(--soft);border-left:4px solid var(--link)}
dl.hypothesis dt{font-weight:600}dl.hypothesis dd{margin:0}
.table-wrap{overflow-x:auto;margin:.6rem 0 1rem}
table{border-collapse:collapse;font-size:13.5px;width:100%}
caption{text-align:left;font-weight:600;padding:.3rem 0;color:#333}
th,td{padding:.35rem .5rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
thead th{border-bottom:2px solid #999;font-weight:600;background:var(--soft)}
tbody th{font-weight:600;min-width:8.5em}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.words{white-space:normal}
.dir{font-weight:600}.dir.better{color:var(--ok)}.dir.worse{color:var(--no)}.dir.even{color:var(--open);font-weight:400}
figure.chart{margin:1rem 0 .5rem;padding:.5rem 0}
figure.chart svg{display:block;max-width:100%;height:auto}
figcaption{font-size:13px;color:var(--muted);margin-top:.3rem;max-width:75ch}
ul.in-words{margin:.3rem 0 1rem;padding-left:1.2rem}
.verdict{display:inline-block;padding:.05rem .5rem;border-radius:999px;font-weight:700;font-size:13px;border:1.5px solid currentColor;margin:0 .3rem}
.verdict.ok{color:var(--ok)}.verdict.no{color:var(--no)}.verdict.open{color:var(--open)}
pre.benchstat{white-space:pre-wrap;font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--soft);padding: .8rem 1rem;overflow-x:auto;border-radius:4px}
#not-tested li{margin:.25rem 0}
table.findings{table-layout:fixed}
table.findings col.c-bench{width:19%}table.findings col.c-q{width:33%}table.findings col.c-ratio{width:16%}table.findings col.c-verdict{width:32%}
table.findings tbody th{min-width:0}
table.findings tr.first>*{border-top:1px solid #bbb}
table.findings td.ratio{white-space:normal}
table.findings .r{display:block;font-weight:600;font-size:14px;white-space:nowrap}
table.findings .ci{display:block;font-size:13px}
table.findings .hid{display:block;color:var(--muted);font:12px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;margin-top:.2rem}
table.findings .what{display:block;color:var(--muted);font-size:12px;text-align:right;font-variant-numeric:normal}
table.findings .verdict{margin:0 .3rem 0 0}
.quick{display:inline-block;font-size:11px;font-weight:600;color:var(--open);border:1px solid currentColor;border-radius:3px;padding:0 .3em;margin-left:.2em}
.verdict.info{color:var(--link)}
.key-note{color:var(--muted);font-size:13.5px;max-width:85ch}
table.differences{table-layout:fixed}
table.differences col.c-d{width:14%}table.differences col.c-in{width:24%}table.differences col.c-a{width:21%}
table.differences td,table.differences th{overflow-wrap:anywhere}
table.differences code{font-size:12px;background:none;padding:0;word-break:normal;overflow-wrap:anywhere}
table.differences tr.group th{background:var(--soft);font-size:14px;padding-top:.5rem;border-top:1px solid #bbb}
table.differences tr.agree td{color:var(--muted)}
.same,.none{color:var(--muted);font-style:italic}
.examples details.example{border-left:3px solid var(--no);padding:.3rem .8rem;margin:.5rem 0;background:#fff8f6}
details.example summary{cursor:pointer}
details.result{border-top:1px solid var(--line);padding:.2rem 0}
details.result>summary{cursor:pointer;padding:.35rem 0}
details.result>summary h3{display:inline;font-size:1.02rem;margin:0}
details.result>summary .sum{color:var(--muted);margin-left:.4rem}
p.warning{border:2px solid #b35900;background:#fff4e5;color:#5c2e00;padding:.6rem .8rem;border-radius:4px}
p.machine,p.conformance-line{margin:.25rem 0}
details.example .tags{color:var(--muted);font-size:13px;margin-left:.4rem}
.kind-words{margin:.3rem 0;color:var(--muted)}
pre.counterexample{white-space:pre-wrap;overflow-wrap:anywhere;font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#fff;border:1px solid var(--line);padding:.6rem .8rem;margin:.3rem 0 .5rem;border-radius:4px}
.ans-go{color:var(--ok);font-weight:600}.ans-ts{color:var(--no);font-weight:600}
@media (max-width:900px){body{display:block}nav{position:static;border:0;padding:0}}
@media print{
  @page{size:A4;margin:14mm 12mm}
  body{display:block;max-width:none;padding:0;font-size:10.5pt;color:#000}
  nav,.skip{display:none}
  a{color:#000;text-decoration:none}
  h2{break-before:auto;break-after:avoid}h3,h4{break-after:avoid}
  figure.chart,table,pre,dl.hypothesis,.example{break-inside:avoid}
  .table-wrap{overflow:visible}
  table{font-size:8.5pt}th,td{padding:.2rem .3rem}.num{white-space:normal}tbody th{min-width:0}
  pre.benchstat{white-space:pre-wrap;font-size:8.5pt;background:none;border:1px solid #999}
  thead th,code,dl.hypothesis{background:none}
  .dir.better,.dir.worse,.verdict.ok,.verdict.no,.verdict.info,.ans-go,.ans-ts{color:#000}
  details.example::details-content,details.result::details-content{content-visibility:visible;display:contents}
  details.example{background:none}
  tr{break-inside:avoid}
  table.findings,table.differences{break-inside:auto}
  footer{border-top:1px solid #999}
}
`.trim();
