#!/usr/bin/env python3
"""Writes Fixtures/bundled/launchesListing.json: Launch Library 2's listing of
upcoming launches of 20 July 2026 (`/2.2.0/launch/upcoming/?limit=10&mode=detailed`,
fetched 2026-07-20T14:38:00Z), the offline stand-in for `spacedash launches`.

It keeps, in the API's 2.2.0 detailed schema, the facts spacedash reads and
shows (each launch's real id, last_updated, name, status, times, provider,
rocket, mission, pad and location), and leaves out the rest (update logs,
images, descriptions of the agencies, launch counts). Where the capture came
from is in Fixtures/SOURCES.md.

Run: python3 Fixtures/listing/derive_bundled_listing.py [CAPTURE]
CAPTURE defaults to ../shared/data/launches/ll2/capture-AArlert-world_tunnel-2.json.
"""
import json
import os
import sys


def pick(source, *keys):
    return {key: source[key] for key in keys if key in source} if source is not None else None


def launch(raw):
    provider = raw.get("launch_service_provider")
    rocket = raw.get("rocket") or {}
    mission = raw.get("mission")
    pad = raw.get("pad")
    return {
        "id": raw["id"],
        "url": raw["url"],
        "slug": raw["slug"],
        "name": raw["name"],
        "status": pick(raw["status"], "id", "name", "abbrev", "description"),
        "last_updated": raw["last_updated"],
        "net": raw["net"],
        "net_precision": pick(raw.get("net_precision"), "id", "name", "abbrev"),
        "window_end": raw["window_end"],
        "window_start": raw["window_start"],
        "launch_service_provider": pick(provider, "id", "url", "name", "type", "country_code", "abbrev"),
        "rocket": {
            "id": rocket.get("id"),
            "configuration": pick(rocket.get("configuration"), "id", "url", "name", "family", "full_name", "variant"),
        },
        "mission": None if mission is None else dict(
            pick(mission, "id", "name", "description", "type"),
            orbit=pick(mission.get("orbit"), "id", "name", "abbrev")),
        "pad": None if pad is None else dict(
            pick(pad, "id", "url", "name", "latitude", "longitude"),
            location=pick(pad.get("location"), "id", "url", "name", "country_code")),
        "webcast_live": raw.get("webcast_live", False),
    }


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    source = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        root, "..", "shared", "data", "launches", "ll2", "capture-AArlert-world_tunnel-2.json")
    with open(source, encoding="utf-8") as handle:
        capture = json.load(handle)
    listing = {
        "count": capture["count"],
        "next": capture["next"],
        "previous": capture["previous"],
        "results": [launch(raw) for raw in capture["results"]],
    }
    out_path = os.path.join(root, "Fixtures", "bundled", "launchesListing.json")
    with open(out_path, "w", encoding="utf-8", newline="\n") as handle:
        json.dump(listing, handle, indent=2, ensure_ascii=False)
        handle.write("\n")
    print("wrote %s (%d launches)" % (out_path, len(listing["results"])))


if __name__ == "__main__":
    main()
