/** The dashboard's one stylesheet, served from /_dashboard/style.css (the CSP allows no inline style). */
export const stylesheet = `
:root { color-scheme: light; --ink: #1d2330; --muted: #5d6675; --line: #d9dee7; --accent: #b7791f; --ok: #2f855a; --bad: #c53030; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #f6f7f9; }
header { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; justify-content: space-between; padding: .75rem 1.5rem; background: #fff; border-bottom: 3px solid var(--accent); }
h1 { margin: 0; font-size: 1.25rem; } h1 span { color: var(--muted); font-weight: 400; }
h2 small { color: var(--muted); font-weight: 400; font-size: .85rem; margin-left: .5rem; }
form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: 0; }
select, input, button { font: inherit; padding: .25rem .5rem; border: 1px solid var(--line); border-radius: 4px; background: #fff; }
button { background: var(--accent); color: #fff; border-color: var(--accent); cursor: pointer; }
nav { display: flex; flex-wrap: wrap; gap: .25rem; padding: .5rem 1.5rem; background: #fff; border-bottom: 1px solid var(--line); }
nav a { padding: .25rem .6rem; border-radius: 4px; color: var(--ink); text-decoration: none; }
nav a[aria-current="page"] { background: var(--ink); color: #fff; }
main { padding: 1rem 1.5rem 3rem; max-width: 90rem; }
ol.events, ol.deliveries { list-style: none; padding: 0; }
.following { display: flex; flex-direction: column; }
.following .notice { order: 0; } .following h3.new { order: 1; } .following .latest { order: 3; }
ol.followed { order: 2; display: flex; flex-direction: column-reverse; margin: 0; }
li.attempt { padding: .25rem .75rem; }
.follow { margin: .5rem 0; }
li.event, li.delivery { background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: .5rem .75rem; margin: .5rem 0; }
li p { margin: .25rem 0; }
code { font: 12.5px ui-monospace, SFMono-Regular, Menlo, monospace; }
code.type { color: var(--accent); font-weight: 600; }
time { color: var(--muted); }
pre.request { white-space: pre-wrap; word-break: break-all; }
pre { background: #1d2330; color: #e8ecf3; padding: .75rem; border-radius: 4px; overflow: auto; max-height: 30rem; font-size: 12px; }
table { border-collapse: collapse; width: 100%; background: #fff; margin: .5rem 0; }
th, td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-bottom: 1px solid var(--line); }
th { font-weight: 600; color: var(--muted); }
.ok, .status-completed { color: var(--ok); font-weight: 600; }
.failed, .status-failed, .status-retrying, .error { color: var(--bad); font-weight: 600; }
.notice, .ran { background: #fffbea; border: 1px solid #f6e05e; border-radius: 6px; padding: .5rem .75rem; }
.empty, .note { color: var(--muted); }
.pager { display: flex; gap: 1rem; }
`;
