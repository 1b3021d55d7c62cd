#!/usr/bin/env python3
"""Writes ../bundled/curiosityWeatherSample.json: the last Mars year of
Curiosity's REMS weather (the 642 sols the feed lists among sol numbers 4134-4801,
Earth dates 2024-03-23 ... 2026-02-07)
from the mars.nasa.gov capture of 2026-02-11, in the feed's own schema.

Every entry is copied with its keys in the feed's order and its values exactly
as the feed gives them (all strings, "--" where nothing was measured; the
numbers are NASA/CAB's published REMS measurements). Only the selection is
ours: the sols of the last 668 sol numbers, newest first as the feed lists
them, one per line, without the feed's `descriptions` block (optional in the
schema, and nothing of it is shown). Provenance: Fixtures/SOURCES.md.

Run from the repository root:
  python3 Fixtures/curiosity/extract_curiosity_sample.py [CAPTURE] && make fixtures
CAPTURE defaults to ../shared/data/mars-rovers/msl-2026-02-11-chrstphlbr.json.
"""
import json
import os
import sys

SOLS_PER_MARS_YEAR = 668
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CAPTURE = os.path.join(HERE, "..", "..", "..", "shared", "data", "mars-rovers", "msl-2026-02-11-chrstphlbr.json")


def main():
    capture = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_CAPTURE
    with open(capture, encoding="utf-8") as f:
        feed = json.load(f)
    newest = max(int(entry["sol"]) for entry in feed["soles"])
    first = newest - SOLS_PER_MARS_YEAR + 1
    kept = [entry for entry in feed["soles"] if first <= int(entry["sol"]) <= newest]
    kept.sort(key=lambda entry: int(entry["sol"]), reverse=True)
    lines = [json.dumps(entry, ensure_ascii=False, separators=(",", ":")) for entry in kept]
    out = os.path.join(HERE, "..", "bundled", "curiosityWeatherSample.json")
    with open(out, "w", encoding="utf-8") as f:
        f.write('{"soles":[\n' + ",\n".join(lines) + "\n]}\n")
    print(f"wrote {out}: {len(kept)} sols, {first}..{newest}", file=sys.stderr)


if __name__ == "__main__":
    main()
