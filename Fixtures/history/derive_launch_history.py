#!/usr/bin/env python3
"""Writes Fixtures/bundled/launchHistory.tsv: every orbital launch attempt in
Jonathan McDowell's GCAT launch log, one line per launch, for `launches --past`
offline. Source: GCAT, J. McDowell, planet4589.org/space/gcat (see
Fixtures/SOURCES.md for the snapshot and where the copies came from).

GCAT has one row per payload; a launch is every row sharing a launch tag.
Agencies, sites and vehicles repeat thousands of times, so they are written
once as tables and the launch lines refer to them by position:

    A <tab> codes <tab> short name <tab> name            one per agency
    S <tab> code <tab> name <tab> country <tab> ISO alpha-3   one per site
    V <tab> vehicle                                      one per vehicle
    L <tab> tag <tab> date <tab> V# <tab> S# <tab> pad <tab> A# <tab> outcome <tab> payloads

The date keeps GCAT's precision: "1957-10-04 19:28:34", "1958-02-05 07:33",
"1957-12-06", "1963-01"; a trailing "?" is GCAT's mark of an uncertain time.
The outcome is S (reached orbit or beyond) or F (failed).

Run: python3 Fixtures/history/derive_launch_history.py [GCAT_DIR]
GCAT_DIR defaults to ../shared/data/launches from the repository root.
"""
import os
import sys

MONTHS = {m: i + 1 for i, m in enumerate("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split())}

# GCAT state codes of the launch sites in the log, as country names and ISO
# 3166 alpha-3 codes (SUN is ISO 3166-3's code for the former USSR; the Moon has none).
COUNTRIES = {
    "US": ("USA", "USA"), "RU": ("Russia", "RUS"), "SU": ("USSR", "SUN"), "CN": ("China", "CHN"),
    "J": ("Japan", "JPN"), "KP": ("North Korea", "PRK"), "IR": ("Iran", "IRN"),
    "GUF": ("French Guiana", "GUF"), "KR": ("South Korea", "KOR"),
    "TTPI": ("Marshall Islands", "MHL"), "IN": ("India", "IND"), "KE": ("Kenya", "KEN"),
    "BR": ("Brazil", "BRA"), "ESCN": ("Spain (Canary Islands)", "ESP"), "IL": ("Israel", "ISR"),
    "UK": ("United Kingdom", "GBR"), "AU": ("Australia", "AUS"), "KI": ("Kiribati", "KIR"),
    "DZ": ("Algeria", "DZA"), "NZ": ("New Zealand", "NZL"), "LUNA": ("the Moon", ""),
}

# More payload names than this are summed up ("... and 57 more"): one
# Starlink launch carries 60 satellites.
MAX_PAYLOADS = 4


def rows(path):
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("#"):
                continue
            yield [field.strip() for field in line.rstrip("\n").split("\t")]


def present(value):
    return value if value and value != "-" else None


def iso_date(text):
    """'1957 Oct  4 1928:34' -> '1957-10-04 19:28:34', keeping GCAT's precision."""
    uncertain = text.endswith("?")
    parts = text.rstrip("?").split()
    out = parts[0]
    if len(parts) > 1:
        out += "-%02d" % MONTHS[parts[1]]
    if len(parts) > 2:
        out += "-%02d" % int(parts[2])
    if len(parts) > 3:
        clock = parts[3]
        out += " %s:%s" % (clock[0:2], clock[2:4])
        if ":" in clock:
            out += ":" + clock.split(":")[1][:2]
    return out + ("?" if uncertain else "")


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    source = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "..", "shared", "data", "launches")
    out_path = os.path.join(root, "Fixtures", "bundled", "launchHistory.tsv")

    sites = {row[0]: row for row in rows(os.path.join(source, "gcat-sites.tsv"))}
    orgs = {row[0]: row for row in rows(os.path.join(source, "gcat-orgs.tsv"))}
    launches = {}
    for row in rows(os.path.join(source, "gcat-launchlog.tsv")):
        launches.setdefault(row[0], []).append(row)

    agency_index, site_index, vehicle_index = {}, {}, {}
    tables, lines = [], []

    def agency(codes):
        if codes not in agency_index:
            shorts, names = [], []
            for code in codes.split("/"):
                org = orgs.get(code.rstrip("?"))
                shorts.append(present(org[7]) or code if org else code)
                # The English name where GCAT gives one ("Strategic Rocket Forces").
                names.append((present(org[15]) or present(org[8]) or code) if org else code)
            agency_index[codes] = len(agency_index)
            tables.append("A\t%s\t%s\t%s" % (codes, " / ".join(shorts), " / ".join(names)))
        return agency_index[codes]

    def site(code):
        if code not in site_index:
            row = sites.get(code.rstrip("?"))
            name = (present(row[15]) or present(row[8]) or code) if row else code
            country, alpha3 = COUNTRIES.get(row[4], (row[4], "")) if row else ("", "")
            if name.endswith(", " + country):  # "Jiuquan Space Center, ..., China" says it already
                country = ""
            site_index[code] = len(site_index)
            tables.append("S\t%s\t%s\t%s\t%s" % (code, name, country, alpha3))
        return site_index[code]

    def vehicle(name):
        if name not in vehicle_index:
            vehicle_index[name] = len(vehicle_index)
            tables.append("V\t%s" % name)
        return vehicle_index[name]

    for tag, payloads in launches.items():
        first = payloads[0]
        names = []
        for row in payloads:
            name = present(row[4]) or present(row[5])
            if name and name not in names:
                names.append(name)
        if len(names) > MAX_PAYLOADS:
            names = names[:MAX_PAYLOADS - 1] + ["and %d more" % (len(names) - MAX_PAYLOADS + 1)]
        outcome = "F" if any(row[15][1:2] == "F" for row in payloads) else "S"
        lines.append("L\t%s\t%s\t%d\t%d\t%s\t%d\t%s\t%s" % (
            tag, iso_date(first[1]), vehicle(first[7]), site(first[10]), present(first[11]) or "",
            agency(first[14]), outcome, ", ".join(names)))

    header = [
        "# Every orbital launch attempt in GCAT's launch log (snapshot of 2023 Jul 25; sites and",
        "# organisations of 2025 Dec 1). Source: GCAT, J. McDowell, planet4589.org/space/gcat",
        "# Written by Fixtures/history/derive_launch_history.py; the format is described there.",
        "# %d launches" % len(lines),
    ]
    text = "\n".join(header + tables + lines) + "\n"
    for forbidden in ('"""#', "\r"):
        if forbidden in text:
            sys.exit("the history contains %r, which the generated Swift string cannot hold" % forbidden)
    with open(out_path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
    print("wrote %s (%d launches, %d bytes)" % (out_path, len(lines), len(text.encode("utf-8"))))


if __name__ == "__main__":
    main()
