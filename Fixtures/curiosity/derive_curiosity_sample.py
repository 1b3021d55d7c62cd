#!/usr/bin/env python3
"""Writes Fixtures/bundled/curiosityWeatherSampleSols.tsv: the last Mars year of
Curiosity's REMS weather (the 642 sols the feed lists among sol numbers 4134-4801,
Earth dates 2024-03-23 ... 2026-02-07) from the mars.nasa.gov capture of
2026-02-11, in the cache's compact form (SpaceData's CuriosityCompactForm). The
binary holds that file as it is, so showing the sample reads 39 KB of lines
instead of decoding the feed's JSON (234 KB for that year).

The sols are the last 668 sol numbers' (one Mars year), written by the feed
decoder's rules: "--" or an implausible reading is an empty field, "Month N" is
N, sols ascending by number, the first of a repeated sol kept, an entry without
a sol number or an Earth date left out. Nothing is rounded or filled in: absent
sols stay absent. Tests check the file against what CuriosityDecoder reads from
the capture (CuriositySampleTests), that this script writes it, and that it
follows the decoder on odd entries (BundledFixtures+curiosityWeatherSampleSolsTests).
Provenance: Fixtures/SOURCES.md.

Run from the repository root:
  python3 Fixtures/curiosity/derive_curiosity_sample.py [CAPTURE [OUTPUT]]
CAPTURE defaults to ../shared/data/mars-rovers/msl-2026-02-11-chrstphlbr.json,
OUTPUT to Fixtures/bundled/curiosityWeatherSampleSols.tsv.
"""
import json
import os
import re
import sys

HEADER = "spacedash curiosity-sols 1"
# SpaceData's PlausibleReading: beyond these no instrument on Mars reads.
TEMPERATURE = (-200.0, 100.0)
PRESSURE = (0.0, 10_000.0)
UV = {"Low", "Moderate", "High", "Very_High"}
SOLS_PER_MARS_YEAR = 668
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
DEFAULT_CAPTURE = os.path.join(ROOT, "..", "shared", "data", "mars-rovers", "msl-2026-02-11-chrstphlbr.json")
NUMBER = re.compile(r"^[-+.eE0-9]{1,32}$")
INTEGER = re.compile(r"^-?[0-9]{1,12}$")


def text_of(value):
    """A string's contents or a number as JSON writes it (the decoder reads both); else None."""
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return json.dumps(value)
    return None


def integer(value):
    text = text_of(value)
    if text is None or len(text) > 12 or not INTEGER.match(text):
        return None
    return int(text)


def reading(value, low, high, high_open=False):
    """A measurement within [low, high] (or [low, high)), else None."""
    text = text_of(value)
    if text is None:
        return None
    whole = integer(text)
    if whole is not None:
        number = float(whole)
    elif NUMBER.match(text):
        try:
            number = float(text)
        except ValueError:
            return None
    else:
        return None
    if number != number or number in (float("inf"), float("-inf")):
        return None
    if number < low or number > high or (high_open and number == high):
        return None
    return number


def number_field(value):
    """As CuriosityCompactForm.number writes it: whole numbers without a fraction."""
    if value is None:
        return ""
    if value == round(value) and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


def earth_date(value):
    text = text_of(value)
    if text is None or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        return None
    year, month, day = int(text[:4]), int(text[5:7]), int(text[8:])
    leap = (year % 4 == 0 and year % 100 != 0) or year % 400 == 0
    days = [31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    if not (1 <= year <= 9999 and 1 <= month <= 12 and 1 <= day <= days[month - 1]):
        return None
    return text


def local_time(value):
    """HH:MM, or HH:MM:SS as the compact form keeps it."""
    text = text_of(value)
    if text is None or not re.fullmatch(r"[0-9]{2}:[0-9]{2}(:[0-9]{2})?", text):
        return ""
    parts = [int(part) for part in text.split(":")]
    if parts[0] > 23 or parts[1] > 59 or (len(parts) == 3 and parts[2] > 59):
        return ""
    return text


def mars_month(value):
    text = text_of(value)
    if text is None or not re.fullmatch(r"Month [0-9]{1,2}", text):
        return ""
    month = int(text[6:])
    return str(month) if 1 <= month <= 12 else ""


def line(entry):
    sol = integer(entry.get("sol"))
    date = earth_date(entry.get("terrestrial_date"))
    if sol is None or sol < 0 or date is None:
        return None
    def temperature(key):
        return number_field(reading(entry.get(key), *TEMPERATURE))
    uv = text_of(entry.get("local_uv_irradiance_index"))
    fields = [
        str(sol), date,
        number_field(reading(entry.get("ls"), 0.0, 360.0, high_open=True)),
        mars_month(entry.get("season")),
        temperature("min_temp"), temperature("max_temp"),
        temperature("min_gts_temp"), temperature("max_gts_temp"),
        number_field(reading(entry.get("pressure"), *PRESSURE)),
        uv if uv in UV else "",
        local_time(entry.get("sunrise")), local_time(entry.get("sunset")),
    ]
    return sol, "\t".join(fields)


def main():
    capture = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_CAPTURE
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "Fixtures", "bundled", "curiosityWeatherSampleSols.tsv")
    with open(capture, encoding="utf-8") as f:
        document = json.load(f)
    entries = document.get("soles", document.get("sols", []))
    lines = {}
    for entry in entries:
        parsed = line(entry)
        if parsed is not None and parsed[0] not in lines:
            lines[parsed[0]] = parsed[1]
    if not lines:
        sys.exit(f"{capture}: no sols")
    first = max(lines) - SOLS_PER_MARS_YEAR + 1
    kept = [sol for sol in sorted(lines) if sol >= first]
    with open(output, "w", encoding="utf-8") as f:
        f.write(HEADER + "\n" + "".join(lines[sol] + "\n" for sol in kept))
    print(f"wrote {output}: {len(kept)} sols, {kept[0]}..{kept[-1]}", file=sys.stderr)


if __name__ == "__main__":
    main()
