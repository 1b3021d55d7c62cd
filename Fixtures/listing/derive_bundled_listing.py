#!/usr/bin/env python3
"""Writes Fixtures/bundled/launchesListing.json: Launch Library 2's listing of
upcoming launches of 20 July 2026 (`/2.2.0/launch/upcoming/?limit=10&mode=detailed`,
fetched 2026-07-20T14:38:00Z), the offline stand-in for `spacedash launches`.

It keeps, in the API's 2.2.0 detailed schema, the facts spacedash reads and
shows (each launch's real id, last_updated, name, status, times, provider,
rocket, mission, pad and location) and the detail `launches show` gives offline
(webcasts, information pages, boosters and landings, spacecraft and crew,
updates, mission patches, timeline, probability, weather, hold and failure
reasons, Flight Club), and leaves out the rest (images, the webcasts' own
descriptions, descriptions of agencies, rockets, boosters, landing places and timeline steps,
editors' profile pictures, launch counts). No value is changed. Where the
capture came from is in Fixtures/SOURCES.md.

Run: python3 Fixtures/listing/derive_bundled_listing.py [CAPTURE]
CAPTURE defaults to ../shared/data/launches/ll2/capture-AArlert-world_tunnel-2.json.
"""
import json
import os
import sys


def pick(source, *keys):
    return {key: source[key] for key in keys if key in source} if source is not None else None


def link(raw):
    return pick(raw, "priority", "source", "publisher", "title", "url", "type", "language", "start_time", "end_time", "live")


def landing(raw):
    if raw is None:
        return None
    return dict(
        pick(raw, "attempt", "success", "description", "downrange_distance"),
        type=pick(raw.get("type"), "id", "name", "abbrev"),
        location=pick(raw.get("location"), "id", "name", "abbrev"))


def launcher_stage(raw):
    return dict(
        pick(raw, "type", "reused", "launcher_flight_number", "turn_around_time_days", "previous_flight_date"),
        launcher=pick(raw.get("launcher"), "id", "serial_number", "flights", "flight_proven"),
        landing=landing(raw.get("landing")))


def crew_member(raw):
    astronaut = raw.get("astronaut") or {}
    return {
        "role": pick(raw.get("role"), "id", "role"),
        "astronaut": dict(pick(astronaut, "id", "name"), agency=pick(astronaut.get("agency"), "id", "name", "abbrev")),
    }


def spacecraft_stage(raw):
    if raw is None:
        return None
    spacecraft = raw.get("spacecraft") or {}
    stage = dict(
        pick(raw, "destination"),
        spacecraft=dict(pick(spacecraft, "id", "name", "serial_number"),
                        spacecraft_config=pick(spacecraft.get("spacecraft_config"), "id", "name")),
        landing=landing(raw.get("landing")))
    for crew in ("launch_crew", "onboard_crew", "landing_crew"):
        stage[crew] = [crew_member(member) for member in raw.get(crew) or []]
    return stage


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
        "type": raw.get("type"),
        "flightclub_url": raw.get("flightclub_url"),
        "status": pick(raw["status"], "id", "name", "abbrev", "description"),
        "last_updated": raw["last_updated"],
        "net": raw["net"],
        "net_precision": pick(raw.get("net_precision"), "id", "name", "abbrev", "description"),
        "window_end": raw["window_end"],
        "window_start": raw["window_start"],
        "probability": raw.get("probability"),
        "weather_concerns": raw.get("weather_concerns"),
        "holdreason": raw.get("holdreason"),
        "failreason": raw.get("failreason"),
        "updates": [pick(update, "comment", "info_url", "created_by", "created_on") for update in raw.get("updates") or []],
        "launch_service_provider": pick(provider, "id", "url", "name", "type", "country_code", "abbrev"),
        "rocket": {
            "id": rocket.get("id"),
            "configuration": pick(rocket.get("configuration"), "id", "url", "name", "family", "full_name", "variant"),
            "launcher_stage": [launcher_stage(stage) for stage in rocket.get("launcher_stage") or []],
            "spacecraft_stage": spacecraft_stage(rocket.get("spacecraft_stage")),
        },
        "mission": None if mission is None else dict(
            pick(mission, "id", "name", "description", "type"),
            orbit=pick(mission.get("orbit"), "id", "name", "abbrev")),
        "pad": None if pad is None else dict(
            pick(pad, "id", "url", "name", "latitude", "longitude", "map_url"),
            location=pick(pad.get("location"), "id", "url", "name", "country_code", "timezone_name")),
        "infoURLs": [link(item) for item in raw.get("infoURLs") or []],
        "vidURLs": [link(item) for item in raw.get("vidURLs") or []],
        "webcast_live": raw.get("webcast_live", False),
        "timeline": [dict(pick(step, "relative_time"), type=pick(step.get("type"), "id", "abbrev"))
                     for step in raw.get("timeline") or []],
        "mission_patches": [pick(patch, "id", "name", "priority", "image_url") for patch in raw.get("mission_patches") or []],
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
