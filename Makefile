# The two commands a new user needs (both install missing Debian packages themselves):
#   make run    opens the playground on this desktop
#   make test   runs every test (lint, generated-code and function-order checks, documentation links, unit, replay
#               and end-to-end)
#   make install [PREFIX=~/.local] [DESTDIR=]   installs the program, its scenes, desktop file and icon
#   make test-debian13   `make test` on a fresh clone of HEAD inside a Debian 13 root made with
#               debootstrap (kept in ~/.cache/gesture-playground; scripts/test-debian13.sh).
#               Needs root. Not part of `make test`.
#   make asan   every test under AddressSanitizer + LeakSanitizer (own scratch path .build-asan,
#               the end-to-end tests launch the ASan-built app); fails on any invalid access or
#               unsuppressed leak (scripts/asan.sh, scripts/lsan.supp). Not part of `make test`.
SWIFT ?= swift
DOCC ?= docc
SCENE ?=
PREFIX ?= $(HOME)/.local
DESTDIR ?=
SWIFT_SOURCES = Sources Tests Package.swift
# The release build users get (make run, make install, make bench): the Swift runtime linked
# into the program, so no Swift shared libraries are loaded: less memory and a faster start
# (BENCHMARKS.md). The program stays position-independent (ASLR). Two link options make it
# smaller in memory and quicker to start (session 17: peak RSS 22.7 -> 21.3 MiB, startup
# 19.5 -> 16.4 ms in make bench):
# - the program's Swift symbols kept out of its dynamic symbol table
#   (scripts/release-exports.map);
# - relative relocations packed (DT_RELR: the 1 MB `.rela.dyn` the dynamic linker reads at
#   every start becomes 8 KB), and identical functions folded where no address of them is
#   taken (`--icf=safe`, text 2 % smaller), where the toolchain has lld, which does both, and
#   glibc is 2.36 or later, which reads packed relocations (Debian 12, Ubuntu 24.04, Fedora 37
#   and later); without them the plain link, which works the same.
# Optimised for size (`-Osize`): in make bench (3 launches, twice each) peak RSS 21.6 -> 21.3
# MiB and startup 17-22 -> 15-17 ms with these link options, client CPU the same or lower
# (drag 15.8-19.2 -> 15.0-15.6 ms), latency the same (BENCHMARKS.md, session 17).
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -Osize \
  -Xlinker --version-script=$(CURDIR)/scripts/release-exports.map $(RELR_FLAGS)
GLIBC_MINOR := $(shell getconf GNU_LIBC_VERSION 2> /dev/null | sed -n 's/^glibc 2\.\([0-9]*\).*/\1/p')
SWIFT_BIN_DIR := $(shell dirname "$$(readlink -f "$$(command -v $(SWIFT))")" 2> /dev/null)
HAS_LLD := $(shell [ -x "$(SWIFT_BIN_DIR)/ld.lld" ] || command -v ld.lld > /dev/null 2>&1 && echo yes)
# With lld, the functions a session runs are laid out together, first in the program
# (scripts/symbol-order.sh says how the list is made; `make symbol-order` rewrites it,
# `make test` checks it is current): the kernel maps code in 64 KB blocks around each page
# run, and the 0.75 MB a session runs was spread over 4.7 MB. Peak RSS 21.8 -> 20.3 MiB in
# make bench (BENCHMARKS.md, session 39). `-function-sections` gives each of the app's
# functions a section of its own, which the linker can move.
ORDER_FLAGS = -Xswiftc -Xfrontend -Xswiftc -function-sections \
  -Xlinker --symbol-ordering-file=$(CURDIR)/scripts/release-symbol-order.txt -Xlinker --no-warn-symbol-ordering
RELR_FLAGS := $(if $(and $(HAS_LLD),$(shell [ "0$(GLIBC_MINOR)" -ge 36 ] && echo yes)),-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --icf=safe $(ORDER_FLAGS))

.PHONY: run test test-debian13 build docs lint format generate check-generated symbol-order check-symbol-order alloc-check asan soak bench-micro bench snapshots install uninstall deps-build deps-run deps-test clean

run: deps-run
	$(SWIFT) build $(RELEASE_FLAGS) --product gesture-playground
	scripts/run.sh "$$($(SWIFT) build -c release --show-bin-path)/gesture-playground" run $(if $(SCENE),--scene $(SCENE))

# SWIFT_TEST_ARGS: more `swift test` arguments, e.g. `--skip KWinEndToEndTests` (CI passes
# none: every suite runs on Debian 12 and 13, KWin 6's nested in Xvfb).
SWIFT_TEST_ARGS ?=
test: deps-test lint check-generated check-symbol-order docs
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build $(SWIFT_TEST_ARGS)

test-debian13:
	scripts/test-debian13.sh test $(if $(SWIFT_TEST_ARGS),SWIFT_TEST_ARGS="$(SWIFT_TEST_ARGS)")

build: deps-build
	$(SWIFT) build

# GestureKit's DocC documentation into .build/docs; unresolved symbol links fail the build.
# The symbol graph lives in the build's own scratch path: it is only rewritten when
# GestureKit recompiles, so it must not be deleted separately.
docs:
	mkdir -p .build/docs-build/symbol-graphs
	$(SWIFT) build --target GestureKit --scratch-path .build/docs-build \
	  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/.build/docs-build/symbol-graphs
	$(DOCC) convert Sources/GestureKit/GestureKit.docc --additional-symbol-graph-dir .build/docs-build/symbol-graphs \
	  --output-path .build/docs --warnings-as-errors

# Steady-state touch motion (drag, two-finger pan, pinch, view handlers) must not allocate:
# builds Benchmarks/AllocationProbe (its own package, release) and fails on any allocation
# per motion event. Not part of `make test`.
alloc-check:
	$(SWIFT) run -c release --package-path Benchmarks/AllocationProbe AllocationProbe --check

# Every test built and run with AddressSanitizer/LeakSanitizer in .build-asan (scripts/asan.sh):
# each process (test runner, every app launch) logs to .build-asan/asan-logs; fails on an
# invalid access or a leak not suppressed by scripts/lsan.supp. Not part of `make test`.
asan: deps-test
	SWIFT=$(SWIFT) scripts/asan.sh

# The property-based tests of GestureKit (Tests/GestureKitPropertyTests) with many more cases
# than `make test` runs: GP_PROPERTY_CASES (default 200000, 100x) random scenes and input
# streams from seed GP_PROPERTY_SEED (default: the fixed seed of `make test`). Not part of
# `make test`. Then the file fuzzer (Tests/PlaygroundTests/FileFuzzTests.swift): GP_FUZZ_CASES
# (default 40000, a few minutes per parser) mutants each of the scene and trace files from
# GP_FUZZ_SEED; and the long replay (LongReplayTests): GP_REPLAY_EVENTS (default 1000000)
# random seat events across every bundled scene, alone in its process, failing when peak RSS
# grows more than 8 MB. Last the randomized renderer tests (Tests/PlaygroundTests/
# RandomRenderRuns.swift) with GP_RENDER_RUNS (default 10) times their cases, their seeds
# mixed with GP_RENDER_SEED (default 0: those of `make test`); about 4 minutes. Last of all a
# trace of GP_STREAM_MOTIONS (default 10000000) finger motions written to a file and replayed
# as a stream by the release build, its time and peak memory reported (scripts/soak-replay.sh:
# fails over 64 MiB); about 5 minutes and 1 GB of /tmp.
GP_PROPERTY_CASES ?= 200000
GP_FUZZ_CASES ?= 40000
GP_REPLAY_EVENTS ?= 1000000
GP_STREAM_MOTIONS ?= 10000000
GP_RENDER_RUNS ?= 10
GP_RENDER_SEED ?= 0
soak: deps-test
	$(SWIFT) build --build-tests
	GP_PROPERTY_CASES=$(GP_PROPERTY_CASES) $(SWIFT) test --skip-build --filter GestureKitPropertyTests
	GP_FUZZ_CASES=$(GP_FUZZ_CASES) $(SWIFT) test --skip-build --filter FileFuzzTests
	GP_REPLAY_EVENTS=$(GP_REPLAY_EVENTS) $(SWIFT) test --skip-build --filter LongReplayTests
	GP_RENDER_RUNS=$(GP_RENDER_RUNS) GP_RENDER_SEED=$(GP_RENDER_SEED) $(SWIFT) test --skip-build \
	  --filter "RendererWindowDamageTests|RendererLayerTests|RendererLayerRoomTests"
	$(SWIFT) build $(RELEASE_FLAGS) --product gesture-playground
	GP_STREAM_MOTIONS=$(GP_STREAM_MOTIONS) scripts/soak-replay.sh \
	  "$$($(SWIFT) build -c release --show-bin-path)/gesture-playground"

# Micro-benchmarks (Benchmarks/Micro, its own package, release, ordo-one/benchmark with malloc
# counting): motion dispatch vs scene size, hit testing, velocity, a lifted card's frames vs
# scene size, damaged vs full frames vs memset, a paint canvas's frames vs its samples. A few minutes; the tables go in BENCHMARKS.md.
# Not part of `make test`.
bench-micro:
	$(SWIFT) package --package-path Benchmarks/Micro benchmark --no-progress

# End-to-end benchmark (scripts/bench.sh, Benchmarks/EndToEnd): gesture-playground and its
# peers (weston-simple-touch, gtk4-demo drawingarea and gestures, Qt5 fingerpaint) on one
# headless Weston with the test module, the same 120 Hz drag and pinch-rotate traces,
# interleaved launches. Installs missing peers with apt. About 5 minutes; tables in
# .build/bench-e2e/report.md (BENCH_REPS, BENCH_CLIENTS, BENCH_REPAINT_WINDOW: see the script).
bench:
	BENCH_SWIFT_FLAGS="$(RELEASE_FLAGS)" scripts/bench.sh

lint:
	$(SWIFT) format lint --strict --recursive $(SWIFT_SOURCES)

format:
	$(SWIFT) format --in-place --recursive $(SWIFT_SOURCES)

generate:
	scripts/generate-protocols.sh

# The README's scene gallery: each bundled scene's showcase trace replayed into
# assets/snapshots/NAME.png, and the README's list of scenes rewritten.
snapshots: deps-build
	$(SWIFT) build --product gesture-playground
	scripts/snapshots.sh "$$($(SWIFT) build --show-bin-path)/gesture-playground"

# A release build into $(DESTDIR)$(PREFIX): bin/, share/gesture-playground/ (scenes, images),
# share/applications/ and share/icons/hicolor/ (scripts/install.sh says what goes where).
install: deps-build
	$(SWIFT) build $(RELEASE_FLAGS) --product gesture-playground
	DESTDIR="$(DESTDIR)" scripts/install.sh "$$($(SWIFT) build -c release --show-bin-path)/gesture-playground" "$(PREFIX)"

uninstall:
	DESTDIR="$(DESTDIR)" scripts/install.sh --uninstall "$(PREFIX)"

check-generated:
	scripts/generate-protocols.sh --check

# The release build's function order (scripts/release-symbol-order.txt): `symbol-order`
# rewrites it from a session under callgrind, `check-symbol-order` (in `make test`) fails
# when that session runs more than 24 KB of code the file does not list.
symbol-order: deps-test
	SWIFT_FLAGS="$(RELEASE_FLAGS)" scripts/symbol-order.sh write
check-symbol-order: deps-test
	SWIFT_FLAGS="$(RELEASE_FLAGS)" scripts/symbol-order.sh check

deps-build:
	@scripts/install-deps.sh build
deps-run:
	@scripts/install-deps.sh run
deps-test:
	@scripts/install-deps.sh test

clean:
	rm -rf .build Tests/WestonModule/build
