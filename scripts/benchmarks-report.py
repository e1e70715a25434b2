#!/usr/bin/env python3
"""Runs the Ferry benchmark suite and regenerates Docs/Benchmarks.md from the measured figures.

    scripts/benchmarks-report.py                      # full run (a few minutes), writes Docs/Benchmarks.md
    scripts/benchmarks-report.py --filter 'Core.*'    # only some cases (the report lists the others as missing)
    scripts/benchmarks-report.py --input DIR          # reuse the samples of an earlier run (see --keep)
    scripts/benchmarks-report.py --callgrind          # also run Benchmarks/callgrind-check.sh --print (minutes)
    scripts/benchmarks-report.py --runs 3             # run the suite 3 times; each figure is the median of the
                                                      # runs' p50s (a shared machine varies from run to run)

Each case is shown beside its figure before the delivery-path round (`Benchmarks/Baselines/delivery-round-before.json`, from the report
of 2026-11-21; `--before FILE` to use another baseline, `--before ''` for none).

The samples come from package-benchmark's `histogramSamples` export: one raw figure per iteration (wall clock in
ns, malloc count), where one iteration handles 1000 elements or operations (`scalingFactor: .kilo`).
Nothing here is estimated or copied from elsewhere: a case that was not measured is reported as missing.
"""

import argparse
import datetime
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ELEMENTS = 1000  # per iteration, matches `scalingFactor: .kilo` in Benchmarks/Benchmarks/FerryBenchmarks

CLOSURE = "Floor.closureCall"
LOCK = "Floor.lockRoundTrip.pthread"

# (case, what it measures, peer or floor to compare with). Order is the report's order.
SECTIONS = [
    ("Floors", [
        (CLOSURE, "a call through a `@Sendable (Int) -> Void` closure the optimiser cannot see through", None),
        (LOCK, "uncontended `pthread_mutex_t` lock + unlock (`LockedState` on Linux before its futex lock)", None),
        ("Floor.lockRoundTrip.NSLock", "uncontended `NSLock` lock + unlock", None),
    ]),
    ("Core (synchronous, per element)", [
        ("Core.PublishRelay.accept.1sub", "`PublishRelay.accept` to 1 `subscribe(onNext:)`",
         "Peer.OpenCombine.PassthroughSubject.send.1sub"),
        ("Core.PublishRelay.accept.10sub", "`PublishRelay.accept` to 10 subscribers",
         "Peer.OpenCombine.PassthroughSubject.send.10sub"),
        ("Core.BehaviorRelay.accept.map.filter.distinct",
         "`BehaviorRelay.accept` through `map` / `filter` / `distinctUntilChanged` to 1 subscriber",
         "Peer.OpenCombine.CurrentValueSubject.send.map.filter.removeDuplicates"),
        ("Core.combineLatest", "`combineLatest` of two `PublishRelay`s, alternating accepts", None),
        ("Core.zip", "`zip` of two `PublishRelay`s, alternating accepts", None),
        ("Core.flatMapLatest", "`flatMapLatest` from a relay to a `just` per element", None),
        ("Core.Driver.drive", "`BehaviorRelay.asDriver()` + `drive(onNext:)`, accept on the main thread", None),
    ]),
    ("Streams to async (per element)", [
        ("Bridge.values.buffered", "`for await` over `Observable.from(0..<1000).values` (buffered drain)",
         "Peer.AsyncStream.bufferedDrain"),
        ("Bridge.values.relay.producerThread.unbounded",
         "`relay.values` (unbounded) with `accept` on another thread", "Peer.AsyncStream.producerThread"),
        ("Bridge.values.relay.producerThread.newest",
         "`relay.values(bufferingPolicy: .newest(1000))`, producer on another thread", "Peer.AsyncStream.producerThread"),
        ("Bridge.values.relay.producerThread.oldest",
         "`relay.values(bufferingPolicy: .oldest(1000))`, producer on another thread", "Peer.AsyncStream.producerThread"),
    ]),
    ("Async to streams (per element)", [
        ("Bridge.asObservable.AsyncStream", "`asObservable()` over a pre-filled `AsyncStream`, subscribed to completion",
         "Floor.forAwait.AsyncStream"),
        ("Bridge.asObservable.syncSequence", "`asObservable()` over `(0..<1000).async` (never suspends)",
         "Floor.forAwait.syncSequence"),
        ("Floor.forAwait.AsyncStream", "bare `for await` over the same pre-filled `AsyncStream`", None),
        ("Floor.forAwait.syncSequence", "bare `for await` over `(0..<1000).async`", None),
    ]),
    ("Traits (per operation)", [
        ("Bridge.Single.just.value", "`try await Single.just(x).value`", None),
        ("Bridge.Single.create.value", "`try await Single.create { $0(.success(x)) ... }.value`", None),
    ]),
    ("Peers (same run)", [
        ("Peer.OpenCombine.PassthroughSubject.send.1sub", "OpenCombine `PassthroughSubject.send` to 1 `sink`", None),
        ("Peer.OpenCombine.PassthroughSubject.send.10sub", "OpenCombine `PassthroughSubject.send` to 10 `sink`s", None),
        ("Peer.OpenCombine.CurrentValueSubject.send.map.filter.removeDuplicates",
         "OpenCombine `CurrentValueSubject` through `map` / `filter` / `removeDuplicates` to a `sink`", None),
        ("Peer.AsyncStream.bufferedDrain", "stdlib `AsyncStream`: yield 1000 (unbounded), then drain with `for await`",
         None),
        ("Peer.AsyncStream.producerThread", "stdlib `AsyncStream`: producer task on another thread, `for await` consumer",
         None),
        ("Peer.AsyncChannel.send", "swift-async-algorithms `AsyncChannel`: producer task `send`s, `for await` consumer",
         None),
        ("Peer.OpenCombine.Sequence.values", "OpenCombine `Publishers.Sequence(0..<1000).values` drained with `for await`",
         None),
    ]),
    ("FerryStore (per command / effect / commit; baselines in the same run)", [
        ("Store.send.action", "`store.send(.add(x))`: the handler dispatches one action (one commit), no adapter subscribed",
         "Store.floor.observableClass"),
        ("Store.send.action", "the same, against the relay-based store", "Store.legacy.dispatchCommand"),
        ("Store.floor.observableClass", "floor: a hand-written `@Observable` class applying the same `transform` in a "
         "method", None),
        ("Store.legacy.dispatchCommand", "seed 000's relay-based store: `dispatchCommand` → `dispatchAction` → "
         "`transform` → `BehaviorRelay.accept`", None),
        ("Store.dispatchCommand.asyncWork", "`await store.dispatchCommand(.addLater(x))`: one async work that "
         "dispatches one action", "Store.floor.observableClass.asyncTask"),
        ("Store.floor.observableClass.asyncTask", "floor: the `@Observable` class awaiting one `Task.detached` per "
         "command, then mutating", None),
        ("Store.effect.forAwait", "one effect per `send` on the main actor, `for await` over `store.effect` off it",
         "Store.peer.AsyncStream.forAwait"),
        ("Store.peer.AsyncStream.forAwait", "stdlib `AsyncStream`: `yield` on the main actor, `for await` off it", None),
        ("Store.driver.keyPath", "`store.driver(\\.revision).drive(onNext:)` subscribed, one `send` per element",
         "Store.legacy.driver.keyPath"),
        ("Store.legacy.driver.keyPath", "relay-based store: `state.map(\\.revision).distinctUntilChanged().drive`, "
         "one `dispatchCommand` per element", None),
    ]),
]

# FerryStore targets: (label, case, baseline, limit on the time ratio).
STORE_TARGETS = [
    ("sync send ≤ 3× a hand-written `@Observable` class", "Store.send.action", "Store.floor.observableClass", 3),
    ("sync send faster than the relay-based store", "Store.send.action", "Store.legacy.dispatchCommand", 1),
]
STORE_ZERO_MALLOCS = ["Store.send.action"]

HOT_PATHS = [
    "Core.PublishRelay.accept.1sub", "Core.PublishRelay.accept.10sub", "Core.BehaviorRelay.accept.map.filter.distinct",
    "Core.combineLatest", "Core.Driver.drive", "Bridge.values.buffered",
    "Bridge.values.relay.producerThread.unbounded", "Bridge.values.relay.producerThread.newest",
    "Bridge.values.relay.producerThread.oldest", "Bridge.asObservable.AsyncStream", "Bridge.asObservable.syncSequence",
]


def sh(*cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=False).stdout.strip()
    except OSError:
        return "not available"


def run_suite(out_dir, filter_regex):
    cmd = ["swift", "package", "--package-path", os.path.join(ROOT, "Benchmarks"),
           "--allow-writing-to-directory", out_dir, "benchmark", "--format", "histogramSamples",
           "--path", out_dir, "--time-units", "nanoseconds", "--no-progress"]
    if filter_regex:
        cmd += ["--filter", filter_regex]
    print("+ " + " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True, stdout=sys.stderr)


def load_runs(in_dir):
    """`load` for a directory of one run, or of several (`run1`, `run2`, …, from `--runs`): then each case's figures
    are the p50s of the runs, one per run, so that `per_element`'s median is the median of the runs' p50s."""
    runs = sorted(name for name in os.listdir(in_dir)
                  if re.fullmatch(r"run\d+", name) and os.path.isdir(os.path.join(in_dir, name)))
    if not runs:
        return load(in_dir), 1
    combined = {}
    for run in runs:
        for case, metrics in load(os.path.join(in_dir, run)).items():
            for metric, values in metrics.items():
                combined.setdefault(case, {}).setdefault(metric, []).append(p50(values))
    return combined, len(runs)


def load(in_dir):
    """{case: {"wallClock": [ns per iteration], "mallocCountTotal": [count per iteration]}}"""
    pattern = re.compile(r"^.+?\.FerryBenchmarks\.(.+)\.(wallClock|mallocCountTotal)\.histogram\.samples\.tsv$")
    results = {}
    for name in os.listdir(in_dir):
        match = pattern.match(name)
        if not match:
            continue
        with open(os.path.join(in_dir, name)) as handle:
            lines = handle.read().split("\n")
        # package-benchmark writes each sample divided by the unit named at the end of the header line, which it
        # picks from the magnitude for counts ("Malloc (total) (K)" = thousands); without a suffix, units of one.
        # Ignoring it divided per-operation malloc counts by 1000 twice (10 per operation read as 0.010).
        scale = unit_scale(lines[0] if lines else "")
        values = [float(line) * scale for line in lines[1:] if line.strip()]
        results.setdefault(match.group(1), {})[match.group(2)] = values
    return results


UNIT_SCALES = {"#": 1, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "P": 1e15,
               "ns": 1, "μs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}


def unit_scale(header):
    """The factor that turns a sample of a `histogramSamples` file back into units of one (counts, nanoseconds)."""
    # The header is "<metric description> <unit>", e.g. "Malloc (total) (K)", "Time (wall clock) (ns)", or
    # "Malloc (total) " (units of one: the metric's own parentheses are not a unit).
    match = re.search(r"\(([^()]*)\)\s*$", header.strip())
    if not match:
        return 1
    return UNIT_SCALES.get(match.group(1).strip(), 1)


def p50(values):
    return statistics.median(values) if values else None


def per_element(results, case, metric):
    values = results.get(case, {}).get(metric)
    return None if not values else p50(values) / ELEMENTS


def fmt(value, digits=1):
    if value is None:
        return "–"
    return f"{value:,.{digits}f}"


def ratio(numerator, denominator):
    if numerator is None or denominator is None or denominator == 0:
        return None
    return numerator / denominator


def fmt_ratio(value):
    return "–" if value is None else f"{value:.2f}×"


def store_targets(results, add):
    """FerryStore's targets, as rows of the targets table."""
    for label, case, base, limit in STORE_TARGETS:
        value = ratio(per_element(results, case, "wallClock"), per_element(results, base, "wallClock"))
        if value is None:
            continue
        verdict = "met" if value <= limit else f"**missed by {value / limit:.1f}×** (limit {limit}×)"
        add(f"| {label} | `{case}` = {value:.2f}× `{base}` | {verdict} |")
    for case in STORE_ZERO_MALLOCS:
        mallocs = per_element(results, case, "mallocCountTotal")
        if mallocs is None:
            continue
        count = round(mallocs * ELEMENTS)
        verdict = "met" if count == 0 else f"**missed: {mallocs:.3f} mallocs per send**"
        add(f"| zero mallocs per sync send: `{case}` | {count} mallocs per {ELEMENTS} sends | {verdict} |")


def before_value(before, case, key):
    entry = (before or {}).get("cases", {}).get(case)
    return None if entry is None else entry.get(key)


def before_cell(before, case):
    ns, mallocs = before_value(before, case, "ns"), before_value(before, case, "mallocs")
    return "–" if ns is None else f"{fmt(ns)} / {fmt(mallocs, 3)}"


def delivery_round_targets(results, add):
    """The delivery-path round's targets that the suite can decide (the RxSwift ones are measured by hand: see the analysis)."""
    def wall(case):
        return per_element(results, case, "wallClock")

    def mallocs(case):
        return per_element(results, case, "mallocCountTotal")

    def row(label, case, base, limit):
        value = ratio(wall(case), wall(base))
        if value is None:
            add(f"| {label} | not measured (`{case}` or `{base}` missing) | – |")
            return
        verdict = "met" if value <= limit else f"**missed by {value / limit:.1f}×** (limit {limit}×)"
        add(f"| {label} | `{case}` = {value:.2f}× `{base}` | {verdict} |")

    row("`PublishRelay.accept` → 1 subscriber ≤ 10× the closure floor", "Core.PublishRelay.accept.1sub", CLOSURE, 10)
    row("`PublishRelay.accept` → 1 subscriber faster than OpenCombine's `PassthroughSubject.send`",
        "Core.PublishRelay.accept.1sub", "Peer.OpenCombine.PassthroughSubject.send.1sub", 1)
    one, ten = wall("Core.PublishRelay.accept.1sub"), wall("Core.PublishRelay.accept.10sub")
    floor = wall(CLOSURE)
    if one and ten and floor:
        # The wording is "10 subscribers ≤ 3× one subscriber's cost per subscriber added": each subscriber
        # added may cost at most three times a whole one-subscriber `accept`. That decides; the ratio of the totals
        # (which no multicast can keep under 3× with ten closures to call) is shown beside it.
        value = ten / one
        marginal = (ten - one) / 9
        verdict = "met" if marginal <= 3 * one else f"**missed by {marginal / (3 * one):.1f}×** (limit 3×)"
        add(f"| 10 subscribers: each subscriber added ≤ 3× one subscriber | {marginal:.1f} ns per subscriber added "
            f"= {marginal / one:.2f}× one subscriber ({marginal / floor:.1f}× the closure floor) | {verdict} |")
        add(f"| (for reference) 10 subscribers in total | `Core.PublishRelay.accept.10sub` = {value:.2f}× "
            f"`Core.PublishRelay.accept.1sub` | – |")
    row("relay → `map` → `filter` → `distinctUntilChanged` ≤ 15× the closure floor",
        "Core.BehaviorRelay.accept.map.filter.distinct", CLOSURE, 15)
    row("`Driver` delivery on the main thread ≤ 20× the closure floor", "Core.Driver.drive", CLOSURE, 20)
    row("buffered `values` drain ≤ 0.1× `AsyncStream`'s drain", "Bridge.values.buffered",
        "Peer.AsyncStream.bufferedDrain", 0.1)
    row("`asObservable()` over `AsyncStream` ≤ 1.1× a bare `for await`", "Bridge.asObservable.AsyncStream",
        "Floor.forAwait.AsyncStream", 1.1)
    for case, limit in (("Core.combineLatest", 0), ("Core.Driver.drive", 0), ("Bridge.values.buffered", 0),
                        ("Bridge.asObservable.AsyncStream", 0), ("Core.flatMapLatest", 5)):
        value = mallocs(case)
        if value is None:
            continue
        # Below 0.02 per element is a constant per iteration (set-up of a stream or a task), not per element.
        verdict = "met" if value < limit + 0.02 else f"**missed: {value:.3f} mallocs per element**"
        add(f"| mallocs per element of `{case}` ≤ {limit} | {value:.3f} | {verdict} |")


def callgrind_table(before, add):
    """Runs the instruction-count gate's cases (`--print`) and shows them beside the counts before the delivery-path round."""
    script = os.path.join(ROOT, "Benchmarks", "callgrind-check.sh")
    output = subprocess.run([script, "--print"], capture_output=True, text=True, check=False).stdout
    counts = dict(line.split("\t") for line in output.strip().split("\n") if "\t" in line)
    base = (before or {}).get("callgrind", {})
    add("## Instructions per element (callgrind)")
    add("")
    add("`Benchmarks/callgrind-check.sh --print` in this run: `valgrind --tool=callgrind` on the `FerryCallgrind` executable "
        "(release), (count(2000) − count(1000)) / 1000 — exact, independent of the machine's load. The CI gate "
        "compares the same figures with `Benchmarks/Callgrind/thresholds.tsv`. Before: "
        + base.get("source", "no baseline") + ".")
    add("")
    add("| case | instructions / element | before the delivery-path round | × before |")
    add("|---|---:|---:|---:|")
    for name, value in counts.items():
        old = base.get("instructions", {}).get(name)
        add(f"| `{name}` | {int(value):,} | {fmt(old, 0) if old else '–'} | "
            f"{fmt_ratio(ratio(int(value), old))} |")
    add("")


def report(results, started, elapsed, filter_regex, loads, before=None, callgrind=False, runs=1):
    closure = per_element(results, CLOSURE, "wallClock")
    lock = per_element(results, LOCK, "wallClock")
    lines = []
    add = lines.append
    add("# Ferry benchmarks")
    add("")
    add("Generated by `scripts/benchmarks-report.py` from "
        + ("one run" if runs == 1 else f"{runs} runs") + " of the suite in `Benchmarks/` "
        "(package-benchmark, malloc counts through its MallocInterposer). Do not edit by hand: rerun the script. The "
        "analysis sections, with the measurements made by hand beside RxSwift and the stress suite's figures, are "
        "`Benchmarks/ANALYSIS.md`, `Benchmarks/ANALYSIS-Store.md` and `Benchmarks/ANALYSIS-Stress.md`, included "
        "verbatim: edit them there.")
    add("")
    add("## Machine and run")
    add("")
    cpu = "unknown"
    if os.path.exists("/proc/cpuinfo"):
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    runtime = "runtime not recorded (built from saved samples)" if elapsed is None else f"runtime {elapsed:.0f} s"
    add(f"- Date (UTC): {started:%Y-%m-%d %H:%M}; suite {runtime}"
        + (f"; filter `{filter_regex}`" if filter_regex else ""))
    add(f"- Machine: {platform.system()} {platform.release()} {platform.machine()}, "
        f"{os.cpu_count()} logical CPUs (`nproc`: {sh('nproc')}), CPU: {cpu}")
    if loads:
        load_avg = " / ".join(f"{x:.1f}" for x in loads[0]) + " before the run, " + \
            " / ".join(f"{x:.1f}" for x in loads[1]) + " after it (1 / 5 / 15 min)"
    else:
        load_avg = "unknown"
    add(f"- Load average: {load_avg} on {os.cpu_count()} CPUs (a shared machine: timings are indicative; "
        "malloc counts are exact)")
    add("- Toolchain: " + sh("swift", "--version").replace("\n", " ").strip())
    add("- Build: release (`swift package benchmark` builds the suite with `-c release`)")
    add("")
    add("## How to read it")
    add("")
    add(f"Each iteration handles {ELEMENTS} elements (or operations); the figures are the median (p50) over all "
        "iterations divided by that count"
        + ("" if runs == 1 else f"; with {runs} runs of the suite, each figure is the median of the runs' p50s "
           "(timings on this shared machine vary by up to 1.5× from one run to the next; the median of several "
           "runs is steadier than any one)")
        + ". \"mallocs\" is the p50 malloc count of one iteration divided by "
        f"{ELEMENTS}: a constant per-iteration cost (creating a stream, a task) shows up as 0.001–0.02, one "
        "allocation per element as ≈ 1. Ratios: `× closure` and `× lock` divide by the floors of the same run; "
        "`× peer` divides by the peer or floor named in the row. `before` is the same case before the delivery-path round (the serial-delivery "
        "engine and the hot paths specialised in the client, from main at 0beb880 on 2026-11-21; another "
        "run, on a quieter machine: compare the ratios, which are within one run, more than the nanoseconds); "
        "`× before` divides this run's figure by it. RxSwift is not in the package mirror, so it is not in this "
        "suite: the side-by-side measurement made by hand is in the analysis below.")
    add("")
    missing = []
    for title, cases in SECTIONS:
        add(f"## {title}")
        add("")
        add("| case | what | ns / element (p50) | mallocs / element | × closure | × lock | compared with | × peer "
            "| before: ns / mallocs | × before |")
        add("|---|---|---:|---:|---:|---:|---|---:|---:|---:|")
        for case, what, peer in cases:
            if case not in results:
                missing.append(case)
                continue
            time = per_element(results, case, "wallClock")
            mallocs = per_element(results, case, "mallocCountTotal")
            peer_time = per_element(results, peer, "wallClock") if peer else None
            add(f"| `{case}` | {what} | {fmt(time)} | {fmt(mallocs, 3)} | {fmt_ratio(ratio(time, closure))} | "
                f"{fmt_ratio(ratio(time, lock))} | {('`' + peer + '`') if peer else ''} | "
                f"{fmt_ratio(ratio(time, peer_time))} | {before_cell(before, case)} | "
                f"{fmt_ratio(ratio(time, before_value(before, case, 'ns')))} |")
        add("")

    add("## Targets: core, bridges, store")
    add("")
    add("| target | measured | verdict |")
    add("|---|---|---|")

    def target_ratio(label, case, base, limit):
        value = ratio(per_element(results, case, "wallClock"), per_element(results, base, "wallClock"))
        if value is None:
            add(f"| {label} | not measured (`{case}` or `{base}` missing) | – |")
            return
        verdict = "met" if value <= limit else f"**missed by {value / limit:.1f}×** (limit {limit}×)"
        add(f"| {label} | `{case}` = {value:.2f}× `{base}` | {verdict} |")

    target_ratio("relay emission to 1 subscriber ≤ 5× a direct closure call", "Core.PublishRelay.accept.1sub",
                 CLOSURE, 5)
    target_ratio("buffered `values` drain ≤ 1/10 of `AsyncStream`'s", "Bridge.values.buffered",
                 "Peer.AsyncStream.bufferedDrain", 0.1)
    target_ratio("`asObservable()` over `AsyncStream` ≤ 1.1× a bare `for await`", "Bridge.asObservable.AsyncStream",
                 "Floor.forAwait.AsyncStream", 1.1)
    target_ratio("`asObservable()` over a synchronous async sequence ≤ 1.1× a bare `for await`",
                 "Bridge.asObservable.syncSequence", "Floor.forAwait.syncSequence", 1.1)
    for case in HOT_PATHS:
        mallocs = per_element(results, case, "mallocCountTotal")
        if mallocs is None:
            continue
        # Below 0.02 per element is a constant per iteration (setup of a stream or task), not per element.
        count = round(mallocs * ELEMENTS)
        if count == 0:
            verdict = "met"
        elif mallocs < 0.05:
            verdict = f"met per element, but not zero: {count} mallocs per {ELEMENTS} elements"
        else:
            verdict = f"**missed: {mallocs:.3f} mallocs per element**"
        add(f"| zero mallocs per element: `{case}` | {mallocs * ELEMENTS:.0f} mallocs per {ELEMENTS} elements | "
            f"{verdict} |")
    store_targets(results, add)
    add("")
    add("## Targets: the delivery-path round")
    add("")
    add("The targets the suite can decide; those relative to RxSwift are in the analysis below (measured by hand).")
    add("")
    add("| target | measured | verdict |")
    add("|---|---|---|")
    delivery_round_targets(results, add)
    add("")
    if callgrind:
        callgrind_table(before, add)
    if missing:
        add("## Not measured in this run")
        add("")
        add("These cases are defined in the report but were not in the run (filtered out, or the API is not in "
            "this checkout yet — see the TODO list in `Benchmarks/README.md`):")
        add("")
        for case in missing:
            add(f"- `{case}`")
        add("")
    extra = sorted(set(results) - {c for _, cs in SECTIONS for c, _, _ in cs})
    if extra:
        add("## Other cases in the run")
        add("")
        add("| case | ns / element (p50) | mallocs / element |")
        add("|---|---:|---:|")
        for case in extra:
            add(f"| `{case}` | {fmt(per_element(results, case, 'wallClock'))} | "
                f"{fmt(per_element(results, case, 'mallocCountTotal'), 3)} |")
        add("")
    for name in ("ANALYSIS.md", "ANALYSIS-Store.md", "ANALYSIS-Stress.md"):
        analysis = os.path.join(ROOT, "Benchmarks", name)
        if os.path.exists(analysis):
            with open(analysis) as handle:
                add(handle.read().rstrip("\n"))
            add("")
    add("## Reproduce")
    add("")
    add("```sh")
    add("swift package --package-path Benchmarks benchmark                      # every case, tables per case")
    add("swift package --package-path Benchmarks benchmark --filter 'Core.*'    # a quick look at a subset")
    add("swift package --package-path Benchmarks benchmark --filter 'Store\\..*'  # FerryStore cases and baselines")
    add("scripts/benchmarks-report.py                                           # rerun and rewrite this file")
    add("Benchmarks/ci-check.sh                                                 # malloc thresholds (by hand)")
    add("Benchmarks/callgrind-check.sh --print                                  # instructions per element")
    add("scripts/benchmarks-report.py --callgrind                               # this file, with the callgrind table")
    add("```")
    add("")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--filter", help="regex of cases to run (package-benchmark --filter)")
    parser.add_argument("--input", help="directory with histogramSamples files of an earlier run (skips the run)")
    parser.add_argument("--keep", help="directory to keep the samples of this run in")
    parser.add_argument("--output", default=os.path.join(ROOT, "Docs", "Benchmarks.md"))
    parser.add_argument("--before", default=os.path.join(ROOT, "Benchmarks", "Baselines", "delivery-round-before.json"),
                        help="JSON of the figures to compare with ('' for none)")
    parser.add_argument("--callgrind", action="store_true",
                        help="also run Benchmarks/callgrind-check.sh --print and show its table")
    parser.add_argument("--runs", type=int, default=1,
                        help="run the suite this many times; each figure is the median of the runs' p50s")
    args = parser.parse_args()
    started = datetime.datetime.now(datetime.timezone.utc)
    begin = datetime.datetime.now().timestamp()
    if args.input:
        in_dir = args.input
    else:
        in_dir = args.keep or tempfile.mkdtemp(prefix="ferry-bench-")
        os.makedirs(in_dir, exist_ok=True)
        for name in os.listdir(in_dir):
            if name.endswith(".samples.tsv"):
                os.remove(os.path.join(in_dir, name))
            elif re.fullmatch(r"run\d+", name):
                shutil.rmtree(os.path.join(in_dir, name), ignore_errors=True)
        if args.runs < 1:
            sys.exit(f"--runs must be at least 1, got {args.runs}")
        load_before = os.getloadavg()
        if args.runs == 1:
            run_suite(in_dir, args.filter)
        else:
            for run in range(1, args.runs + 1):
                run_dir = os.path.join(in_dir, f"run{run}")
                os.makedirs(run_dir)
                run_suite(run_dir, args.filter)
        info = {"started": started.isoformat(), "elapsed": datetime.datetime.now().timestamp() - begin,
                "load_before": load_before, "load_after": os.getloadavg(), "filter": args.filter}
        with open(os.path.join(in_dir, "run-info.json"), "w") as handle:
            json.dump(info, handle)
    info_path = os.path.join(in_dir, "run-info.json")
    if os.path.exists(info_path):
        with open(info_path) as handle:
            info = json.load(handle)
        started = datetime.datetime.fromisoformat(info["started"])
        elapsed = info["elapsed"]
        loads = (info["load_before"], info["load_after"])
        args.filter = info.get("filter")
    else:
        # Samples from elsewhere: date them by the newest file; runtime and load are unknown.
        newest = max(os.path.getmtime(os.path.join(in_dir, name)) for name in os.listdir(in_dir))
        started = datetime.datetime.fromtimestamp(newest, datetime.timezone.utc)
        elapsed = None
        loads = None
    results, runs = load_runs(in_dir)
    if not results:
        sys.exit(f"no samples found in {in_dir}")
    before = None
    if args.before:
        with open(args.before) as handle:
            before = json.load(handle)
    text = report(results, started, elapsed, args.filter, loads, before, args.callgrind, runs)
    with open(args.output, "w") as handle:
        handle.write(text)
    print(f"wrote {args.output} ({len(results)} cases)", file=sys.stderr)
    if not args.input and not args.keep:
        shutil.rmtree(in_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
