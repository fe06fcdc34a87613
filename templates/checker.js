// Starts the move checker, Go compiled to WebAssembly, when a reader first uses its form.
const me = document.currentScript, forms = document.querySelectorAll("form.checker"), root = document.documentElement;
let started = false;
const say = (f, key) => { const n = f.querySelector(".checker-note"); n.textContent = n.dataset[key]; n.hidden = false; };
const start = () => {
  if (started) return;
  started = true;
  const go = new Go();
  WebAssembly.instantiateStreaming(fetch(me.dataset.wasm), go.importObject).then(r => go.run(r.instance)).catch(() => forms.forEach(f => say(f, "failed")));
};
for (const f of forms) {
  if (location.protocol === "file:") { say(f, "file"); continue; }
  f.querySelector("fieldset").disabled = false;
  f.querySelector(".checker-note").hidden = true;
  f.addEventListener("focusin", start);
  f.addEventListener("pointerdown", start);
  f.addEventListener("submit", e => { if (!root.classList.contains("checker-ready")) { e.preventDefault(); f.dataset.pending = 1; start(); } });
}
