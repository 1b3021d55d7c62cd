# spacedash: `make demo` runs the product offline, `make test` runs the tests.
# Every target that compiles depends on `deps`, which installs libcurl's
# development files when they are missing.

SWIFT    ?= swift
PREFIX   ?= /usr/local
BINDIR   := $(DESTDIR)$(PREFIX)/bin
ARGS     ?=
# The build must stay free of warnings: CI treats one as a failure.
SWIFTFLAGS ?= -Xswiftc -warnings-as-errors
RELEASE  := $(SWIFT) build -c release $(SWIFTFLAGS)

.PHONY: all deps build release test demo run bench install uninstall fixtures clean help

all: build

help:
	@echo "make demo     build the release binary and run the offline demo"
	@echo "make test     build and run every test"
	@echo "make build    debug build"
	@echo "make run ARGS='mars-weather --offline'   run the debug binary"
	@echo "make bench    release benchmarks, one line per case"
	@echo "make install  install to \$$(PREFIX)/bin (PREFIX=$(PREFIX))"

# libcurl (and pkg-config, which SwiftPM uses to find it) from Debian's packages.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libcurl; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing libcurl4-openssl-dev and pkg-config with apt-get" >&2; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcurl4-openssl-dev pkg-config >/dev/null \
	      || { echo "apt-get could not install libcurl4-openssl-dev" >&2; exit 1; }; \
	  else \
	    echo "libcurl's development files are missing. Install them with:" >&2; \
	    echo "  sudo apt-get update && sudo apt-get install -y libcurl4-openssl-dev pkg-config" >&2; \
	    exit 1; \
	  fi; \
	fi

build: deps
	$(SWIFT) build $(SWIFTFLAGS)

release: deps
	$(RELEASE) --product spacedash

test: deps
	$(SWIFT) build --build-tests $(SWIFTFLAGS)
	$(SWIFT) test --skip-build

demo: release
	@"$$($(SWIFT) build -c release --show-bin-path)/spacedash" demo

run: deps
	$(SWIFT) build $(SWIFTFLAGS) --product spacedash
	@"$$($(SWIFT) build --show-bin-path)/spacedash" $(ARGS)

bench: deps
	$(RELEASE) --product SpaceDashBench
	$(RELEASE) --product spacedash
	@"$$($(SWIFT) build -c release --show-bin-path)/SpaceDashBench"

install: release
	install -d "$(BINDIR)"
	install -m 0755 "$$($(SWIFT) build -c release --show-bin-path)/spacedash" "$(BINDIR)/spacedash"

uninstall:
	rm -f "$(BINDIR)/spacedash"

clean:
	rm -rf .build
