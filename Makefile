# nardydocs — common tasks. `make` builds the command; `make test` is what CI runs.

GO ?= go
BIN := bin/nardydocs

.PHONY: all build site test vet bench fuzz golden clean

all: build

build:
	$(GO) build -o $(BIN) ./cmd/nardydocs

# Build the site from content/ into public/.
site:
	$(GO) run ./cmd/nardydocs build

vet:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...

test: vet
	$(GO) test ./...

# Benchmarks: the engine (all 21 rolls of typical positions) and a full
# build of content/.
bench:
	$(GO) test -run '^$$' -bench . -benchmem ./engine/ ./site/

# Each fuzz target runs for FUZZTIME (default 20s).
FUZZTIME ?= 20s
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParseBlock$$' -fuzztime $(FUZZTIME) ./engine/
	$(GO) test -run '^$$' -fuzz '^FuzzParseCode$$' -fuzztime $(FUZZTIME) ./engine/
	$(GO) test -run '^$$' -fuzz '^FuzzParseMoves$$' -fuzztime $(FUZZTIME) ./engine/
	$(GO) test -run '^$$' -fuzz '^FuzzGnubgID$$' -fuzztime $(FUZZTIME) ./engine/

clean:
	rm -rf bin public
