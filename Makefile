# nardydocs — common tasks. `make` builds the command; `make test` is what CI runs.

GO ?= go
BIN := bin/nardydocs

.PHONY: all build site test vet bench fuzz golden clean release wasm strength weights

all: build

# The command, built as a release binary is (scripts/release): carrying
# the checker's modules compiled from these sources (make wasm), linked
# statically (CGO_ENABLED=0: it starts without the dynamic loader), and
# without the paths of its sources (-trimpath), so that it takes the
# modules it carries, compiled a moment ago, without reading the sources
# again on each build to see whether they changed.
build: wasm
	CGO_ENABLED=0 $(GO) build -trimpath -o $(BIN) ./cmd/nardydocs

# Build the site from content/ into public/.
site:
	$(GO) run ./cmd/nardydocs build

# The packages that run compiled to WebAssembly: the checker's two modules
# (the rule pages' and the standalone page's) and the code they share.
WASMPKGS = ./cmd/checker ./cmd/checker-board ./cmd/game ./internal/...

vet:
	GOOS=js GOARCH=wasm $(GO) vet $(WASMPKGS)
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...

# The checker also runs compiled to WebAssembly, under Node.js, and the
# browser tests need Debian's Chromium (and, for the accessibility audit,
# the npm package axe-core, for the HTML check vnu-jar and Java: npm ci
# --prefix e2e): each is skipped, with a
# line that says so, on a machine without them (.ci/run installs them).
WASMEXEC = $(shell $(GO) env GOROOT)/lib/wasm/go_js_wasm_exec

test: vet
	@{ command -v hunspell >/dev/null && [ -e /usr/share/hunspell/ru_RU.dic ] && [ -e /usr/share/hunspell/uk_UA.dic ]; } || \
		echo "make test: skipping the pages' spelling check: it needs hunspell and its ru and uk dictionaries (Debian: hunspell hunspell-ru hunspell-uk)"
	$(GO) test ./...
	@if command -v node >/dev/null; then \
		echo 'GOOS=js GOARCH=wasm $(GO) test -exec=go_js_wasm_exec $(WASMPKGS)'; \
		GOOS=js GOARCH=wasm $(GO) test -exec="$(WASMEXEC)" $(WASMPKGS); \
	else echo "make test: skipping the checker's tests under WebAssembly: Node.js (node) is not installed"; fi
	@if command -v chromium >/dev/null; then \
		[ -f e2e/node_modules/axe-core/axe.min.js ] || echo "make test: skipping the accessibility audit: axe-core is not installed (npm ci --prefix e2e)"; \
		{ [ -f e2e/node_modules/vnu-jar/build/dist/vnu.jar ] && command -v java >/dev/null; } || echo "make test: skipping the HTML check: it needs vnu-jar (npm ci --prefix e2e) and Java (java)"; \
		echo 'NARDYDOCS_BROWSER=1 $(GO) test -count=1 -timeout 30m ./e2e/'; \
		NARDYDOCS_BROWSER=1 $(GO) test -count=1 -timeout 30m ./e2e/; \
	else echo "make test: skipping the browser tests: Chromium (chromium) is not installed"; fi

# Benchmarks: the engine on one core (all 21 rolls of typical positions;
# BENCHCOUNT runs of each, as this machine's timings vary), the diagrams,
# the site's builds (scripts/bench-site: cold and after a one-page edit
# against Hugo on the same Markdown, the command line warm, after a
# change, without the checker and from empty caches, synthetic sites of
# 10,000, 20,000 and 100,000 blocks cold, the in-memory builds; ratios
# pair by pair), the checker modules' sizes, and scripts/bounds: the
# inputs that were once quadratic or worse, each under 2 s of CPU and
# 512 MiB.
BENCHCOUNT ?= 5
bench: wasm
	$(GO) test -run '^$$' -bench . -benchmem -cpu 1 -count $(BENCHCOUNT) ./engine/
	$(GO) test -run '^$$' -bench . -benchmem -count $(BENCHCOUNT) ./diagrams/
	RUNS=$(BENCHCOUNT) ./scripts/bench-site
	./scripts/bounds
	./scripts/wasm-size

# The computer player's strength (scripts/bot-strength): short nardy's
# strong level against GNU Backgammon 0-ply and a random player, long
# nardy's levels against each other and a random player, GAMES (1000)
# cubeless games a series. About half an hour: not part of test or bench.
strength:
	./scripts/bot-strength

# Every fuzz target of every package (go test -list finds them), each
# for FUZZTIME (default 20s).
FUZZTIME ?= 20s
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
		for target in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
			echo "$(GO) test -run '^$$' -fuzz '^$$target\$$' -fuzztime $(FUZZTIME) $$pkg"; \
			$(GO) test -run '^$$' -fuzz "^$$target\$$" -fuzztime $(FUZZTIME) $$pkg; \
		done; \
	done

# Rewrite the golden files (site/testdata/golden, diagrams/testdata) from
# what the code makes now, then list the ones that changed: review them
# (git diff) before committing.
GOLDEN = ./site/ ./diagrams/
golden:
	$(GO) test -count=1 $(GOLDEN) -update
	@git status --short -- site/testdata diagrams/testdata

# Compile the checker's modules into internal/wasm/embedded, for the
# command to embed (build products, never committed: a binary without
# them compiles the modules into its cache on first use).
wasm:
	$(GO) test -count=1 -run '^TestEmbeddedModules$$' ./internal/wasm -update

# Release binaries for linux, macOS and Windows (amd64, arm64) in dist/,
# each carrying the compiled move checker; VERSION=v1.2.3 names them.
release:
	./scripts/release

clean:
	rm -rf bin public dist

# The strong computer player's weights (internal/bot/weights), remade by
# self-play on one core: deterministic for these flags, about half an hour.
WEIGHTS_SHORT ?= -games 300000 -hidden 80 -seed 1
WEIGHTS_LONG ?= -games 100000 -hidden 80 -seed 1
weights:
	GOMAXPROCS=1 $(GO) run ./internal/bot/train -game short $(WEIGHTS_SHORT) -out internal/bot/weights/short.bin
	GOMAXPROCS=1 $(GO) run ./internal/bot/train -game long $(WEIGHTS_LONG) -out internal/bot/weights/long.bin
