// The reference's stylesheet, inlined in its <style> element and allowed by hash.
// Light and dark follow the reader's system; "stack" tables become cards below 40rem.

export const DOCS_CSS = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1d2330;--muted:#5b6475;--line:#dde1e8;--soft:#f4f6f9;--code:#eef1f5;--link:#1a56c4;--get:#1f7a4d;--post:#1a56c4;--patch:#9a5b00;--ok:#1f7a4d;--err:#b3261e}
@media (prefers-color-scheme:dark){:root{--bg:#12151b;--fg:#e4e7ee;--muted:#9aa3b5;--line:#2c323d;--soft:#191d25;--code:#222834;--link:#8ab4ff;--get:#5fd49a;--post:#8ab4ff;--patch:#f0b45a;--ok:#5fd49a;--err:#ff8a80}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
a{color:var(--link)}
code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.88em}
code{background:var(--code);padding:.1em .3em;border-radius:4px;overflow-wrap:anywhere}
pre{background:var(--code);padding:.8rem 1rem;border-radius:8px;overflow-x:auto;line-height:1.45}
pre code{background:none;padding:0;overflow-wrap:normal;white-space:pre}
.layout{display:grid;grid-template-columns:minmax(0,1fr);max-width:78rem;margin:0 auto}
nav.toc{border-bottom:1px solid var(--line);padding:1rem 1.25rem;font-size:.92rem}
nav.toc ul{list-style:none;margin:.2rem 0 .8rem;padding:0}
nav.toc li{margin:.15rem 0}
nav.toc a{text-decoration:none;overflow-wrap:anywhere}
nav.toc .group{font-weight:600;margin-top:.6rem}
main{padding:1rem 1.25rem 4rem;min-width:0}
header.top{padding:1.5rem 1.25rem .5rem;max-width:78rem;margin:0 auto}
header.top h1{margin:0 0 .3rem;font-size:1.8rem}
.muted{color:var(--muted);font-size:.9em}
.base{display:inline-block;margin-top:.4rem}
h2{margin-top:2.5rem;padding-top:.5rem;border-top:1px solid var(--line)}
h3{margin:0 0 .4rem;font-size:1.15rem}
h4{margin:1.2rem 0 .4rem;font-size:1rem}
h5{margin:.8rem 0 .3rem;font-size:.95rem}
.operation{border:1px solid var(--line);border-radius:10px;padding:1rem 1.1rem;margin:1.25rem 0;background:var(--soft)}
.operation h3 a.anchor{color:inherit;text-decoration:none}
.operation h3 .path{background:none;padding:0;font-size:1rem}
.method{display:inline-block;min-width:3.6rem;text-align:center;font:700 .78rem/1.9 ui-monospace,Menlo,Consolas,monospace;border-radius:5px;color:#fff;padding:0 .4rem;vertical-align:middle}
.method.get{background:var(--get)}.method.post{background:var(--post)}.method.patch{background:var(--patch)}
@media (prefers-color-scheme:dark){.method{color:#12151b}}
.scope{display:inline-block;border:1px solid var(--line);border-radius:999px;padding:0 .55rem;font-size:.82rem;margin-left:.3rem}
.scope.public{border-style:dashed}
.status{font:700 .85rem ui-monospace,Menlo,Consolas,monospace}
.status.ok{color:var(--ok)}.status.err{color:var(--err)}
.table-wrap{overflow-x:auto;margin:.4rem 0 .8rem}
table{border-collapse:collapse;width:100%;font-size:.9rem;background:var(--bg)}
th,td{border:1px solid var(--line);padding:.35rem .55rem;text-align:left;vertical-align:top}
th{background:var(--code);font-weight:600}
td code{overflow-wrap:normal}
.toc-fold{border-bottom:1px solid var(--line);padding:.5rem 1.25rem;font-size:.95rem}
.toc-fold summary{cursor:pointer;font-weight:600;padding:.35rem 0}
.toc-fold nav.toc{border:0;padding:.3rem 0 0}
nav.toc-side{display:none}
:focus-visible{outline:2px solid var(--link);outline-offset:2px}
.code{position:relative}
.copy{display:none;position:absolute;top:.45rem;right:.45rem;font:600 .8rem/1.2 system-ui,sans-serif;padding:.3rem .6rem;border:1px solid var(--muted);border-radius:6px;background:var(--bg);color:var(--fg);cursor:pointer}
.js .copy{display:inline-block}
.js .code pre{padding-right:5.5rem}
.sample-label{margin:.7rem 0 .2rem;font-weight:600;font-size:.9rem}
.tablist{display:none;flex-wrap:wrap;gap:.3rem;margin:.3rem 0 0}
.js .tablist{display:flex}
.js .sample-label,.js .sample.inactive{display:none}
.tablist [role=tab]{font:600 .85rem/1.4 system-ui,sans-serif;padding:.3rem .8rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);cursor:pointer}
.tablist [role=tab][aria-selected=true]{border-color:var(--link);box-shadow:inset 0 -3px 0 var(--link)}
.search{display:none;margin-top:.7rem;max-width:34rem}
.js .search{display:block}
.search label{display:block;font-weight:600;font-size:.9rem;margin-bottom:.2rem}
.search input{width:100%;font:inherit;padding:.4rem .6rem;border:1px solid var(--muted);border-radius:6px;background:var(--bg);color:var(--fg)}
.search-results{list-style:none;padding:0;margin:.3rem 0 0}
.search-results li{margin:.2rem 0}
.search-status:empty,.search-results:empty{display:none}
.search-status{margin:.3rem 0 0}
.top-links a{margin-right:.2rem}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
@media (min-width:64rem){.layout{grid-template-columns:16rem minmax(0,1fr)}.toc-fold{display:none}nav.toc-side{display:block;border-bottom:0;border-right:1px solid var(--line);position:sticky;top:0;align-self:start;max-height:100vh;overflow-y:auto}}
@media (max-width:40rem){table.stack thead{display:none}table.stack,table.stack tbody,table.stack tr,table.stack td{display:block;width:100%}table.stack tr{border:1px solid var(--line);border-radius:6px;margin:0 0 .5rem;padding:.25rem 0}table.stack td{border:0;padding:.15rem .6rem}table.stack td:empty{display:none}table.stack td:not(:first-child)::before{content:attr(data-label) ": ";font-weight:600;color:var(--muted)}}
@media (max-width:30rem){body{font-size:15px}header.top{padding-top:1rem}main{padding-top:.5rem}h2{margin-top:2rem}header.top h1{font-size:1.5rem}header.top p{margin:.5rem 0}.search{margin-top:.4rem}.search label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap}main,.toc-fold,nav.toc-side,header.top{padding-left:.8rem;padding-right:.8rem}.operation{padding:.8rem .7rem}th,td{padding:.3rem .4rem}}
`;
