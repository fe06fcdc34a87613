// Starts the move checker: the rules engine compiled to WebAssembly, run by Go's wasm_exec.js.
const go = new Go(), wasm = document.currentScript.dataset.wasm;
fetch(wasm).then(r => r.arrayBuffer()).then(b => WebAssembly.instantiate(b, go.importObject)).then(m => go.run(m.instance));
