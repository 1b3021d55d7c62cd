# spacedash: `make demo` runs the product offline, `make test` runs the tests.
# Every target that compiles depends on `deps`, which installs libcurl's
# development files when they are missing.

SWIFT    ?= swift
SWIFTC   ?= swiftc
PREFIX   ?= /usr/local
BINDIR   := $(DESTDIR)$(PREFIX)/bin
DATADIR  := $(DESTDIR)$(PREFIX)/share
# What `make install` puts beside the binary, each where its reader looks.
MANPAGE         := $(DATADIR)/man/man1/spacedash.1
BASH_COMPLETION := $(DATADIR)/bash-completion/completions/spacedash
ZSH_COMPLETION  := $(DATADIR)/zsh/site-functions/_spacedash
FISH_COMPLETION := $(DATADIR)/fish/vendor_completions.d/spacedash.fish
ARGS     ?=
# The build must stay free of warnings: CI treats one as a failure.
SWIFTFLAGS ?= -Xswiftc -warnings-as-errors
# The release binary carries the Swift runtime, Foundation and Dispatch (linked
# statically) and no symbols or debug information: it runs without the Swift
# toolchain, needing only the C library, libstdc++ and libcurl at run time.
RELEASE  := $(SWIFT) build -c release $(SWIFTFLAGS) --static-swift-stdlib -Xlinker --strip-all
RELEASE_BIN = $$($(SWIFT) build -c release --show-bin-path)
# Where `make test` installs the release binary for the test that runs it without the toolchain.
TEST_INSTALL := $(CURDIR)/.build/test-install

.PHONY: all deps test-deps bench-deps profile-deps deb-deps build release test demo run bench man install uninstall deb startup-order fuzz fuzz-build fuzz-check clean help

all: build

help:
	@echo "make demo     build the release binary and run the offline demo (DEMO_ARGS=--fast: no waits)"
	@echo "make test     build and run every test"
	@echo "make build    debug build"
	@echo "make run ARGS='mars-weather --offline'   run the debug binary"
	@echo "make bench    release benchmarks, one line per case"
	@echo "make fuzz     every fuzz target for FUZZ_SECONDS (default 60) each"
	@echo "make fuzz-check  build every fuzz target and run each FUZZ_CHECK_SECONDS (default 5), as CI does"
	@echo "make man      write the manual page to dist/spacedash.1 (man -l dist/spacedash.1)"
	@echo "make install  install the binary, man page and shell completions under PREFIX=$(PREFIX)"
	@echo "make uninstall  remove exactly what make install put there"
	@echo "make deb     the Debian package, dist/spacedash_VERSION_ARCH.deb (apt-get install ./dist/spacedash_*.deb)"
	@echo "make startup-order  record the functions start-up runs, for the release link (needs valgrind)"

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

# $(call apt_ensure,TOOL:PACKAGE ...,WHY): installs with apt-get the packages whose
# tool (a command, or an absolute path) is missing; as root, else it says what to run.
define apt_ensure
	@missing=""; for pair in $(1); do \
	  tool=$${pair%%:*}; package=$${pair#*:}; \
	  if [ "$${tool#/}" != "$$tool" ]; then [ -e "$$tool" ] || missing="$$missing $$package"; \
	  else command -v $$tool >/dev/null 2>&1 || missing="$$missing $$package"; fi; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing$$missing with apt-get ($(2))" >&2; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null \
	      || { echo "apt-get could not install$$missing" >&2; exit 1; }; \
	  else \
	    echo "Missing$$missing ($(2)). Install with: sudo apt-get install -y$$missing" >&2; exit 1; \
	  fi; \
	fi
endef

# What the tests check the man page and the completions with: groff and man,
# the real shells (bash-completion's loader, zsh, fish), and openssl for the https tests.
test-deps:
	$(call apt_ensure,groff:groff-base man:man-db zsh:zsh fish:fish /usr/share/bash-completion/bash_completion:bash-completion openssl:openssl /usr/share/zoneinfo/America/New_York:tzdata,the tests read the man page and complete in each shell and serve https with openssl and name time zones as tzdata does)

build: deps
	$(SWIFT) build $(SWIFTFLAGS)

release: deps
	$(RELEASE) --product spacedash

# The tests include the installed binary's (InstalledBinaryTests) and the Debian
# package's (DebianPackageTests), so the release binary is built, installed into a
# scratch prefix and packed first.
test: deps test-deps
	$(SWIFT) build --build-tests $(SWIFTFLAGS)
	$(MAKE) --no-print-directory install DESTDIR=$(TEST_INSTALL) PREFIX=/usr
	$(MAKE) --no-print-directory deb
	SPACEDASH_INSTALLED_BINARY=$(TEST_INSTALL)/usr/bin/spacedash SPACEDASH_DEB="$$(echo $(CURDIR)/dist/spacedash_*.deb)" \
	  $(SWIFT) test --skip-build

# The offline tour: the bundled data through the real services on a scripted
# HTTP layer, then a scripted search as you type. It needs no network (the
# package has no dependencies to fetch). DEMO_ARGS=--fast skips the waits.
DEMO_ARGS ?=
demo: release
	@"$(RELEASE_BIN)/spacedash" demo $(DEMO_ARGS)

run: deps
	$(SWIFT) build $(SWIFTFLAGS) --product spacedash
	@"$$($(SWIFT) build --show-bin-path)/spacedash" $(ARGS)

# The Streams cases run beside OpenCombine 0.14 running the same code, from a
# bench-only package (Benchmarks/OpenCombineBaseline) that `make test` never
# builds. If it cannot be built, the bench says so and uses recorded figures.
OPENCOMBINE_BASELINE := Benchmarks/OpenCombineBaseline
BENCH_ARGS ?=   # case names to run (a substring is enough); all when empty
# The start-up and --file cases read peak memory through GNU time (Debian's `time`).
bench-deps: deps
	$(call apt_ensure,/usr/bin/time:time,GNU time: the bench's peak-memory readings)

bench: bench-deps
	$(RELEASE) --product SpaceDashBench
	$(RELEASE) --product StartupBaseline
	$(RELEASE) --product spacedash
	@if $(SWIFT) build -c release --package-path $(OPENCOMBINE_BASELINE) >.build/opencombine-baseline.log 2>&1; then \
	  export SPACEDASH_OPENCOMBINE_BENCH="$$($(SWIFT) build -c release --package-path $(OPENCOMBINE_BASELINE) --show-bin-path)/OpenCombineBaseline"; \
	else \
	  echo "make bench: the OpenCombine baseline did not build (see .build/opencombine-baseline.log)" >&2; \
	fi; \
	"$$($(SWIFT) build -c release --show-bin-path)/SpaceDashBench" --report BENCHMARKS.md $(BENCH_ARGS)

# The release link places the functions the start-up commands run together, at
# the start of .text (lld's --symbol-ordering-file, set in Package.swift): a start-up
# then maps about 5 MiB fewer pages of the 80 MB binary. This writes that list
# from an unstripped release build whose commands run under valgrind (callgrind
# records every instruction); commit the result. A stale list only places less
# well. SwiftPM does not see the list change, so the binary is removed to be relinked.
STARTUP_ORDER := Benchmarks/StartupOrder
profile-deps: deps
	$(call apt_ensure,valgrind:valgrind python3:python3,make startup-order runs the start-up under callgrind)

startup-order: profile-deps
	$(SWIFT) build -c release $(SWIFTFLAGS) --static-swift-stdlib --product spacedash \
	  -Xlinker -Map=$(CURDIR)/.build/spacedash-release.map -Xlinker --no-demangle
	python3 $(STARTUP_ORDER)/record_startup_order.py "$(RELEASE_BIN)/spacedash" .build/spacedash-release.map \
	  Fixtures/bundled/launchesListing.json $(STARTUP_ORDER)/spacedash.order \
	  "$$(git rev-parse --short HEAD 2>/dev/null || echo 'an unknown commit')$$(git diff --quiet HEAD -- Sources Package.swift 2>/dev/null || echo ' with local changes')"
	rm -f "$(RELEASE_BIN)/spacedash"

# The man page and the completions are written by the binary from its own
# command declarations (spacedash help --man, spacedash completion SHELL).
man: release
	@mkdir -p dist
	"$(RELEASE_BIN)/spacedash" help --man > dist/spacedash.1
	@echo "wrote dist/spacedash.1 (man -l dist/spacedash.1)"

install: release
	install -d "$(BINDIR)" "$(dir $(MANPAGE))" "$(dir $(BASH_COMPLETION))" "$(dir $(ZSH_COMPLETION))" "$(dir $(FISH_COMPLETION))"
	install -m 0755 "$(RELEASE_BIN)/spacedash" "$(BINDIR)/spacedash"
	"$(RELEASE_BIN)/spacedash" help --man > "$(MANPAGE)" && chmod 0644 "$(MANPAGE)"
	"$(RELEASE_BIN)/spacedash" completion bash > "$(BASH_COMPLETION)" && chmod 0644 "$(BASH_COMPLETION)"
	"$(RELEASE_BIN)/spacedash" completion zsh > "$(ZSH_COMPLETION)" && chmod 0644 "$(ZSH_COMPLETION)"
	"$(RELEASE_BIN)/spacedash" completion fish > "$(FISH_COMPLETION)" && chmod 0644 "$(FISH_COMPLETION)"

uninstall:
	rm -f "$(BINDIR)/spacedash" "$(MANPAGE)" "$(BASH_COMPLETION)" "$(ZSH_COMPLETION)" "$(FISH_COMPLETION)"

# The Debian package: what `make install PREFIX=/usr` installs (zsh's file in Debian's
# vendor folder), packed by packaging/debian/build-deb with Debian's own tools; the
# files written from packaging/debian land in dist/deb. lintian is for the test that checks it.
DEB_WORK := $(CURDIR)/dist/deb
deb-deps:
	$(call apt_ensure,dpkg-deb:dpkg dpkg-shlibdeps:dpkg-dev dpkg-gencontrol:dpkg-dev lintian:lintian,make deb packs with Debian's tools and its test runs lintian)

deb: deb-deps
	rm -rf "$(DEB_WORK)" dist/spacedash_*.deb
	$(MAKE) --no-print-directory install DESTDIR=$(DEB_WORK)/root PREFIX=/usr \
	  ZSH_COMPLETION=$(DEB_WORK)/root/usr/share/zsh/vendor-completions/_spacedash
	packaging/debian/build-deb $(DEB_WORK)/root $(DEB_WORK) $(CURDIR)/dist

# Fuzzing with libFuzzer and the address sanitizer. The library modules are built
# with ASan and libFuzzer's coverage into their own scratch folder (the normal build
# is left alone); each Tests/Fuzz/Targets/FuzzNAME.swift, holding only
# LLVMFuzzerTestOneInput, is then linked against them with libFuzzer. The modules
# are not built with -sanitize=fuzzer itself: SwiftPM would link the build tool
# that embeds Fixtures/bundled (EmbedAsStringLiteral) with libFuzzer's main too.
# Seeds: Tests/Fuzz/Seeds/NAME plus the fixtures below; findings land in
# .build-fuzz/artifacts/. FUZZ=NAME runs one target. libFuzzer and ASan come with
# the Swift toolchain (lib/clang/*/lib/linux), as lld does.
FUZZ_SECONDS ?= 60
FUZZ_CHECK_SECONDS ?= 5
FUZZ_DIR     := .build-fuzz
FUZZ_TARGETS := $(patsubst Tests/Fuzz/Targets/Fuzz%.swift,%,$(wildcard Tests/Fuzz/Targets/Fuzz*.swift))
FUZZ         ?= $(FUZZ_TARGETS)
FUZZ_MODULES := Streams HTTP CurlShim SpaceDataBundle SpaceData Terminal TOML SpaceDashCLI
FUZZ_COVERAGE := edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table
FUZZ_FIXTURES_InSight       := Fixtures/bundled/insightSample.json
FUZZ_FIXTURES_LaunchLibrary := $(wildcard Fixtures/launches/*.json)
FUZZ_FIXTURES_LaunchDetail  := $(wildcard Fixtures/launches/*.json) Fixtures/bundled/launchesListing.json Fixtures/bundled/eventsListing.json
FUZZ_FLAGS ?= -max_len=16384 -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1

# debug builds fastest (CI); FUZZ_CONFIGURATION=release runs most targets 2-8 times as fast.
FUZZ_CONFIGURATION ?= debug
FUZZ_BUILD   := $(SWIFT) build -c $(FUZZ_CONFIGURATION) --scratch-path $(FUZZ_DIR) -Xswiftc -enable-testing \
  -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=$(FUZZ_COVERAGE) -Xcc -fsanitize=fuzzer-no-link,address

fuzz-build: deps
	$(FUZZ_BUILD) --target SpaceDashCLI
	@bin="$$($(FUZZ_BUILD) --show-bin-path)"; \
	objects=""; for module in $(FUZZ_MODULES); do objects="$$objects $$(ls "$$bin/$$module.build/"*.o)"; done; \
	for name in $(FUZZ); do \
	  echo "linking $(FUZZ_DIR)/fuzz-$$name"; \
	  $(SWIFTC) -sanitize=fuzzer,address -parse-as-library -g -use-ld=lld -module-name Fuzz$$name \
	    -I "$$bin/Modules" -I "$$bin" -I Sources/CurlShim/include \
	    -Xcc -fmodule-map-file="$$bin/CurlShim.build/module.modulemap" -Xcc -fmodule-map-file=Sources/CCurl/module.modulemap \
	    Tests/Fuzz/Targets/Fuzz$$name.swift $$objects -o $(FUZZ_DIR)/fuzz-$$name || exit 1; \
	done

# $(call run_fuzzers,SECONDS,CORPUS): each target of $(FUZZ) for SECONDS, from its
# seeds and $(FUZZ_DIR)/CORPUS/NAME; one line of figures each, the log of a finding.
define run_fuzzers
	@mkdir -p $(FUZZ_DIR)/artifacts; status=0; \
	for name in $(FUZZ); do \
	  corpus=$(FUZZ_DIR)/$(2)/$$name; seeds=$(FUZZ_DIR)/seeds/$$name; mkdir -p $$corpus $$seeds; \
	  [ -d Tests/Fuzz/Seeds/$$name ] && cp Tests/Fuzz/Seeds/$$name/* $$seeds/; \
	  case $$name in InSight) cp $(FUZZ_FIXTURES_InSight) $$seeds/;; LaunchLibrary) cp $(FUZZ_FIXTURES_LaunchLibrary) $$seeds/;; LaunchDetail) cp $(FUZZ_FIXTURES_LaunchDetail) $$seeds/;; esac; \
	  if $(FUZZ_DIR)/fuzz-$$name $$corpus $$seeds -max_total_time=$(1) $(FUZZ_FLAGS) \
	       -artifact_prefix=$(FUZZ_DIR)/artifacts/$$name- > $(FUZZ_DIR)/$$name.log 2>&1; then \
	    printf '%-18s %s s: %9s inputs, %7s inputs/s, %5s MB peak\n' $$name $(1) \
	      $$(sed -n 's/^stat::number_of_executed_units: *//p; s/^stat::average_exec_per_sec: *//p; s/^stat::peak_rss_mb: *//p' $(FUZZ_DIR)/$$name.log); \
	  else \
	    status=1; echo "fuzz-$$name FAILED: see $(FUZZ_DIR)/$$name.log"; tail -30 $(FUZZ_DIR)/$$name.log; \
	  fi; \
	done; exit $$status
endef

fuzz: fuzz-build
	$(call run_fuzzers,$(FUZZ_SECONDS),corpus)

# For CI (.ci/run): every target builds, and runs FUZZ_CHECK_SECONDS from its
# seeds alone, so a target that stops building or a finding on the seeds' paths
# fails the run, and its length does not depend on earlier runs.
fuzz-check: fuzz-build
	rm -rf $(FUZZ_DIR)/check-corpus
	$(call run_fuzzers,$(FUZZ_CHECK_SECONDS),check-corpus)

clean:
	rm -rf .build .build-fuzz
