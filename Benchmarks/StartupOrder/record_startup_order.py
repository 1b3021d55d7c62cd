#!/usr/bin/env python3
"""Writes the release link's symbol ordering file (`make startup-order` runs this).

A start-up of the static binary runs a few MB of code scattered over its 17 MB
of .text, and the kernel maps file pages 64 KiB (or a whole large folio) around
each fault, so scattered code costs several times its size in resident memory
and faults. lld's --symbol-ordering-file places the sections that hold the
listed symbols first, in the listed order, so the code start-up runs sits
together.

Usage: record_startup_order.py BINARY LINK_MAP LISTING OUTPUT COMMIT

BINARY is an unstripped release build of spacedash and LINK_MAP its lld map
(-Map, --no-demangle); LISTING is Fixtures/bundled/launchesListing.json, served
on the loopback interface once to fill a cache the way a user's first run does.
The start-up commands then run under callgrind (valgrind), which records every
instruction they execute; each executed address is mapped to the input section
holding it. The sections `--version` runs come first, then those `launches next`
adds, then those `mars-weather --offline` adds (the start-ups `make bench`
measures, each then reading one contiguous run of code); the rest follow by how
many of the commands run them, then by which commands, then by their current address. Each section
is named by the unique symbols of the functions executed in it (or, when none is
unique, any unique symbol defined in it): lld applies a listed name to every
symbol of that name, local ones included, so an ambiguous name would pull cold
sections of other objects along.

The toolchain's static libraries are partly compiled without function sections
(libswiftCore's Swift.o holds 1.6 MB of plain .text): such a section moves as a
whole. A stale list never breaks the link (--no-warn-symbol-ordering): names
that no longer exist are skipped and the sections they named stay where they are.
"""

import bisect
import collections
import http.server
import os
import pty
import re
import subprocess
import sys
import tempfile
import threading

# The time Launch Library listed the bundled listing (BundledLaunchListing.listedAt):
# its launches are ahead of it, so `launches next` has one on any day.
LISTED_AT = "2026-07-20T14:38:00Z"

# How many of the commands below `make bench` measures: their code is placed first, in their order.
MEASURED = 3


def parse_map(path):
    """Input sections of .text as (address, size, description), and each symbol's sections."""
    sections = []
    symbol_sections = collections.defaultdict(list)
    output = None
    current = None
    line_format = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (\s*)(.*)$")
    for line in open(path, encoding="utf-8", errors="replace"):
        match = line_format.match(line.rstrip("\n"))
        if not match:
            continue
        address, size, indent, text = int(match.group(1), 16), int(match.group(2), 16), len(match.group(3)), match.group(4)
        if indent == 0:  # an output section
            output, current = text, None
        elif indent == 8:  # an input section
            current = len(sections) if output == ".text" else None
            if current is not None:
                sections.append((address, size, text))
        elif indent == 16:  # a symbol
            symbol_sections[text].append(current)
    return sections, symbol_sections


def executed_addresses(callgrind_output, binary):
    """Function name -> the addresses callgrind saw executed in it, for the code of `binary`."""
    functions = collections.defaultdict(set)
    in_binary = False
    name = None
    for line in open(callgrind_output, encoding="utf-8", errors="replace"):
        if line.startswith("ob="):
            in_binary = os.path.realpath(line[3:].strip()) == binary
        elif line.startswith("fn="):
            name = line[3:].strip().split("'")[0] if in_binary else None
        elif name and line.startswith("0x"):
            functions[name].add(int(line.split()[0], 16))
    return functions


def serve_listing(listing):
    """A loopback server answering every GET with the listing; returns its base URL."""
    body = open(listing, "rb").read()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/2.3.0"


def run(arguments, environment, terminal):
    """Runs a command with stdout on a pipe or, for `terminal`, on a pseudo-terminal."""
    if not terminal:
        return subprocess.run(arguments, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    main, secondary = pty.openpty()
    subprocess.run(["stty", "cols", "120", "rows", "40"], stdin=secondary, check=True)
    drained = threading.Thread(target=lambda: _drain(main), daemon=True)
    drained.start()
    result = subprocess.run(arguments, env=environment, stdin=secondary, stdout=secondary, stderr=subprocess.PIPE, text=True)
    os.close(secondary)
    drained.join(timeout=5)
    os.close(main)
    return result


def _drain(descriptor):
    try:
        while os.read(descriptor, 65536):
            pass
    except OSError:
        pass


def main():
    binary, link_map, listing, output, commit = sys.argv[1:6]
    binary = os.path.realpath(binary)
    sections, symbol_sections = parse_map(link_map)
    starts = [address for address, _, _ in sections]
    if not sections:
        sys.exit(f"{link_map}: no .text input sections found (is it lld's -Map output?)")

    scratch = tempfile.mkdtemp(prefix="spacedash-startup-order-")
    warm_cache, empty_cache = os.path.join(scratch, "warm-cache"), os.path.join(scratch, "empty-cache")
    os.makedirs(empty_cache)
    base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": scratch, "LANG": "C.UTF-8", "TERM": "xterm-256color"}
    warm = dict(base, SPACEDASH_CACHE_DIR=warm_cache, SPACEDASH_LAUNCHES_URL=serve_listing(listing), SPACEDASH_NOW=LISTED_AT)
    empty = dict(base, SPACEDASH_CACHE_DIR=empty_cache, SPACEDASH_NOW=LISTED_AT)

    # The first run fetches the listing and caches it, as a user's first run does.
    first = run([binary, "launches", "next"], warm, terminal=False)
    if first.returncode != 0 or not os.listdir(warm_cache):
        sys.exit(f"could not fill the launches cache (exit {first.returncode}): {first.stderr.strip()}")

    # The commands whose start-up is measured (`make bench`, the first MEASURED), then the other everyday ones.
    commands = [
        ("--version", ["--version"], empty, False),
        ("launches next, fresh cache", ["launches", "next"], warm, False),
        ("mars-weather --offline, empty cache", ["mars-weather", "--offline"], empty, False),
        ("mars-weather --offline on a terminal", ["mars-weather", "--offline"], empty, True),
        ("launches, fresh cache", ["launches"], warm, False),
        ("launches on a terminal, fresh cache", ["launches"], warm, True),
        ("the dashboard --offline on a terminal", ["--offline"], empty, True),
        ("--help", ["--help"], empty, False),
    ]
    section_runs = collections.defaultdict(int)  # section -> bit mask of the commands that ran code in it
    section_functions = collections.defaultdict(set)
    for index, (label, arguments, environment, terminal) in enumerate(commands):
        profile = os.path.join(scratch, f"callgrind.{index}")
        result = run(["valgrind", "--tool=callgrind", "--dump-instr=yes", "--compress-strings=no", "--compress-pos=no",
                      f"--callgrind-out-file={profile}", binary] + arguments, environment, terminal)
        if result.returncode != 0:
            sys.exit(f"spacedash {' '.join(arguments)} failed under valgrind (exit {result.returncode}):\n{result.stderr}")
        outside = 0
        for function, addresses in executed_addresses(profile, binary).items():
            for address in addresses:
                position = _section_at(starts, sections, address)
                if position is None:
                    outside += 1
                    continue
                section_runs[position] |= 1 << index
                section_functions[position].add(function)
        if outside > 1000:  # a few (.init, .plt) are expected; many mean the map is not this binary's
            sys.exit(f"{outside} executed addresses lie outside {link_map}'s .text: is it the map of {binary}?")
        print(f"  {label}: code in {sum(1 for runs in section_runs.values() if runs >> index & 1)} sections", file=sys.stderr)
    if os.listdir(empty_cache):
        sys.exit("a run meant to start with an empty cache wrote to it: the profile would not be of the empty-cache path")

    names_in_section = collections.defaultdict(list)
    for name, holders in symbol_sections.items():
        if len(holders) == 1 and holders[0] is not None:
            names_in_section[holders[0]].append(name)

    # The measured commands' code in their order (--version's, then what launches next adds,
    # then what mars-weather adds), each part contiguous; then the rest, the most shared first.
    def placement(section):
        runs = section_runs[section]
        first_measured = next((index for index in range(MEASURED) if runs >> index & 1), MEASURED)
        return (first_measured, -bin(runs).count("1"), runs, section)
    ordered = sorted(section_runs, key=placement)
    lines, placed_bytes, unnamed = [], 0, 0
    for position in ordered:
        # A name callgrind gave to code in this section that the map places here alone.
        names = sorted(name for name in section_functions[position] if symbol_sections.get(name) == [position])
        if not names:
            names = sorted(names_in_section[position])[:1]
        if not names:
            unnamed += 1
            continue
        lines.extend(names)
        placed_bytes += sections[position][1]

    header = [
        "# Generated by `make startup-order` (Benchmarks/StartupOrder/record_startup_order.py)",
        f"# from a release build of {commit}. Do not edit: regenerate it.",
        "# lld's --symbol-ordering-file for the release link of spacedash: the functions",
        "# its start-up commands run, so that their code sits together in the binary:",
    ] + [f"#   {label}" for label, _, _, _ in commands] + [
        f"# {len(ordered)} input sections ({placed_bytes / 1024:.0f} KiB of .text) named by {len(lines)} symbols;"
        f" {unnamed} sections without a unique symbol stay in place.",
    ]
    with open(output, "w", encoding="utf-8") as file:
        file.write("\n".join(header + lines) + "\n")
    print(f"wrote {output}: {len(lines)} symbols, {len(ordered)} sections, {placed_bytes / 1024:.0f} KiB", file=sys.stderr)


def _section_at(starts, sections, address):
    position = bisect.bisect_right(starts, address) - 1
    if position >= 0 and address < sections[position][0] + sections[position][1]:
        return position
    return None


if __name__ == "__main__":
    main()
