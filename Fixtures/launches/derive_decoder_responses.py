#!/usr/bin/env python3
"""Writes the decoder's test responses, Fixtures/launches/ll2-*.json, from real
Launch Library 2 captures (../shared/data/launches/ll2, see its SOURCES.md).

Usage: derive_decoder_responses.py [LL2_CAPTURE_DIR]   (default: ../shared/data/launches/ll2
from the repository root). Writes next to this script.

Every launch is a real record of a capture, with its own id, name, dates,
provider, pad and status. Fields the decoder never reads (images, update logs,
long descriptions of agencies and rockets, launch counts) are left out to keep
the files small. Three kinds of change are made, each named in DECODER_CASES
below, so the decoder meets the odd shapes the API is known to send (null nested
objects, empty strings, string or empty coordinates, a null mission): a field
is set to null or "" there, never to another value. Two schemas have no capture
of their own, and are derived from the nearest one:
- 2.2.0 normal from the 2.2.0 detailed capture, keeping the fields normal mode has;
- 2.3.0 detailed from the 2.3.0 normal capture (detailed is a superset of
  normal; the detailed-only fields are absent).
"""
import copy
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CAPTURES = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "data", "launches", "ll2")

LIST_220 = "capture-AArlert-world_tunnel-1.json"         # 2.2.0 mode=list, 20 July 2026
DETAILED_220 = "capture-AArlert-world_tunnel-2.json"     # 2.2.0 mode=detailed, 20 July 2026
NORMAL_200 = "capture-Deepthi1510-milestone_1_airflow-docker-1.json"  # 2.0.0, about 5 March 2026
NORMAL_230 = "capture-EloxFire-astroshare-app-1.json"    # 2.3.0 mode=normal, results only, 1 October 2024

# The changes made for the decoder's odd cases: (file, launch index, path, value).
DECODER_CASES = [
    ("ll2-2.3.0-normal.json", 1, ("launch_service_provider",), None),
    ("ll2-2.3.0-normal.json", 1, ("rocket",), None),
    ("ll2-2.3.0-normal.json", 1, ("mission",), None),
    ("ll2-2.3.0-normal.json", 1, ("pad",), None),
    ("ll2-2.3.0-normal.json", 1, ("status",), None),
    ("ll2-2.3.0-normal.json", 1, ("net_precision",), None),
    ("ll2-2.3.0-normal.json", 2, ("pad", "country"), None),
    ("ll2-2.3.0-normal.json", 2, ("pad", "location", "country"), None),
    ("ll2-2.3.0-normal.json", 2, ("pad", "latitude"), None),
    ("ll2-2.3.0-normal.json", 2, ("pad", "longitude"), None),
    ("ll2-2.3.0-normal.json", 2, ("mission", "orbit"), None),
    ("ll2-2.3.0-normal.json", 2, ("mission", "description"), ""),
    ("ll2-2.3.0-normal.json", 2, ("launch_service_provider", "abbrev"), ""),
    ("ll2-2.2.0-list.json", 2, ("lsp_name",), ""),
    ("ll2-2.2.0-list.json", 2, ("mission_type",), None),
    ("ll2-2.2.0-list.json", 2, ("location",), ""),
    ("ll2-2.2.0-list.json", 2, ("net_precision",), None),
    ("ll2-2.2.0-normal.json", 1, ("mission",), None),
    ("ll2-2.0.0.json", 1, ("pad", "latitude"), ""),
    ("ll2-2.0.0.json", 1, ("pad", "longitude"), ""),
]

# Fields the decoder never reads, left out wherever they appear.
DROPPED = {"image", "infographic", "updates", "infoURLs", "vidURLs", "info_urls", "vid_urls", "timeline",
           "program", "mission_patches", "flightclub_url", "r_spacex_api_id", "map_image", "logo_url",
           "image_url", "nation_url", "agencies", "launcher_stage", "spacecraft_stage", "launchers",
           "spacecraft", "administrator", "founding_year", "celestial_body", "fastest_turnaround",
           "pad_turnaround", "timezone_name"}


def load(name):
    with open(os.path.join(CAPTURES, name), encoding="utf-8") as file:
        return json.load(file)


def pruned(value):
    if isinstance(value, dict):
        return {key: pruned(item) for key, item in value.items()
                if key not in DROPPED and not key.endswith("_count") and not key.endswith("_count_year")
                and not (key == "description" and isinstance(item, str) and len(item) > 300)}
    if isinstance(value, list):
        return [pruned(item) for item in value]
    return value


def normal_from_detailed(launch):
    """A 2.2.0 detailed record in normal mode's shape: the provider and the rocket's
    configuration keep their short fields."""
    launch = copy.deepcopy(launch)
    provider = launch.get("launch_service_provider")
    if provider:
        launch["launch_service_provider"] = {key: provider.get(key) for key in ("id", "url", "name", "type")}
    configuration = (launch.get("rocket") or {}).get("configuration")
    if configuration:
        launch["rocket"]["configuration"] = {key: configuration.get(key)
                                             for key in ("id", "url", "name", "family", "full_name", "variant")}
    return launch


def apply_cases(name, results):
    for file, index, path, value in DECODER_CASES:
        if file != name:
            continue
        target = results[index]
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return results


def write(name, body):
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as file:
        file.write(json.dumps(body, indent=2, ensure_ascii=False) + "\n")


def envelope(capture, results):
    return {"count": capture["count"], "next": capture["next"], "previous": capture["previous"], "results": results}


def main():
    list220 = load(LIST_220)
    detailed220 = load(DETAILED_220)
    normal200 = load(NORMAL_200)
    normal230 = load(NORMAL_230)

    write("ll2-2.2.0-list.json", envelope(list220, apply_cases("ll2-2.2.0-list.json", pruned(list220["results"][:3]))))
    write("ll2-2.2.0-detailed.json", envelope(detailed220, pruned(detailed220["results"][3:5])))
    normal = [normal_from_detailed(launch) for launch in pruned(detailed220["results"][5:7])]
    write("ll2-2.2.0-normal.json", envelope(detailed220, apply_cases("ll2-2.2.0-normal.json", normal)))
    write("ll2-2.0.0.json", envelope(normal200, apply_cases("ll2-2.0.0.json", pruned(normal200["results"][:2]))))
    # Capture 4 is a bare results array, as the decoder also accepts.
    write("ll2-2.3.0-normal.json", apply_cases("ll2-2.3.0-normal.json", pruned(normal230[:3])))
    detailed = pruned(normal230[3:5])
    for launch in detailed:
        launch["response_mode"] = "detailed"
    write("ll2-2.3.0-detailed.json", detailed)


if __name__ == "__main__":
    main()
