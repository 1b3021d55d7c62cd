#!/usr/bin/env python3
"""Writes Fixtures/bundled/eventsListing.json: Launch Library 2's upcoming events
as the development server (lldev) listed them about 28 September 2026
(`/2.3.0/events/upcoming/?limit=3`), the offline stand-in for `spacedash events`.

It keeps each event's real id, url, name, type, date, date_precision, location,
description, webcast_live, vid_urls, info_urls (without their descriptions and
images), updates (without profile pictures) and last_updated, and the page's
count/next/previous; it leaves out images and `duration` (null in all three).
No value is changed. Where the capture came from is in Fixtures/SOURCES.md.

Run: python3 Fixtures/events/derive_bundled_events.py [CAPTURE]
CAPTURE defaults to ../shared/data/launches/ll2-more/ll2-2.3.0-lldev-events-upcoming-limit3-REserialised.2026-09-28.AayushXL5.json.
"""
import json
import os
import sys


def pick(source, *keys):
    return {key: source[key] for key in keys if key in source} if source is not None else None


def link(raw):
    return pick(raw, "priority", "source", "publisher", "title", "url", "type", "language", "start_time", "end_time", "live")


def event(raw):
    return {
        "id": raw["id"],
        "url": raw["url"],
        "name": raw["name"],
        "info_urls": [link(item) for item in raw.get("info_urls") or []],
        "vid_urls": [link(item) for item in raw.get("vid_urls") or []],
        "date": raw["date"],
        "slug": raw.get("slug"),
        "type": pick(raw.get("type"), "id", "name"),
        "description": raw.get("description"),
        "webcast_live": raw.get("webcast_live", False),
        "location": raw.get("location"),
        "date_precision": pick(raw.get("date_precision"), "id", "name", "abbrev", "description"),
        "updates": [pick(update, "comment", "info_url", "created_by", "created_on") for update in raw.get("updates") or []],
        "last_updated": raw.get("last_updated"),
    }


def main():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    source = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        root, "..", "shared", "data", "launches", "ll2-more",
        "ll2-2.3.0-lldev-events-upcoming-limit3-REserialised.2026-09-28.AayushXL5.json")
    with open(source, encoding="utf-8") as handle:
        capture = json.load(handle)
    listing = {
        "count": capture["count"],
        "next": capture["next"],
        "previous": capture["previous"],
        "results": [event(raw) for raw in capture["results"]],
    }
    out_path = os.path.join(root, "Fixtures", "bundled", "eventsListing.json")
    with open(out_path, "w", encoding="utf-8", newline="\n") as handle:
        json.dump(listing, handle, indent=2, ensure_ascii=False)
        handle.write("\n")
    print("wrote %s (%d events)" % (out_path, len(listing["results"])))


if __name__ == "__main__":
    main()
