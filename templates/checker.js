// Starts the Go move checker (WebAssembly) on first use; until it runs, the touched board says it is loading.
const me = document.currentScript, say = (n, k) => { n.textContent = n.dataset[k]; n.hidden = false; };
let go, ran;
const start = e => { self.nardyTouched ??= e; go ||= (g => WebAssembly.instantiateStreaming(fetch(me.dataset.wasm), g.importObject).then(r => (ran = 1, g.run(r.instance))).catch(() => document.querySelectorAll(".checker-note, .board-status:not(:empty)").forEach(n => say(n, "failed"))))(new Go()); };
for (const f of document.querySelectorAll("form.checker")) {
  const n = f.querySelector(".checker-note"), b = f.closest("figure")?.querySelector("svg[data-board]"), s = f.closest("figure")?.querySelector(".board-status[data-loading]");
  if (location.protocol == "file:") { say(n, "file"); continue; }
  f.querySelector("fieldset:not([hidden])").disabled = false;
  if (s) f.querySelector(".board-play").hidden = false; // shown now, so nothing moves when the module comes
  n.hidden = true;
  const use = e => { if (s && !ran) say(s, "loading"); start(e); };
  for (const t of [f, b]) t?.addEventListener("focusin", use), t?.addEventListener("pointerdown", use);
  b?.addEventListener("click", e => { if (!ran) self.nardyTouched = e; }); // played once the module runs
  f.addEventListener("submit", e => { if (!self.nardyCheckerReadyAt) { e.preventDefault(); f.dataset.pending = 1; use(e); } });
  if (b) b.tabIndex = 0;
}
