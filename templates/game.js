// Starts the game's Go module (WebAssembly) as the page opens; until it runs, the board's status line says it is loading.
const me = document.currentScript, g = document.querySelector("div.game"), s = g?.querySelector(".board-status");
if (g && s) {
  s.textContent = g.dataset.loading;
  const go = new Go();
  WebAssembly.instantiateStreaming(fetch(me.dataset.wasm), go.importObject).then(r => go.run(r.instance)).catch(() => { s.textContent = g.dataset.failed; });
}
