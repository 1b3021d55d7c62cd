#!/usr/bin/env python3
"""Writes sun-reference.tsv: the Sun's place and sidereal time from PyEphem (XEphem's
astronomy library, pip install ephem==4.2.1), the reference SolarPositionTests compare
spacedash's low-precision formulae with.

Run: python3 reference_sun.py > sun-reference.tsv
Columns: UTC instant, latitude, longitude (degrees), then from PyEphem with no
atmosphere (pressure 0, so altitudes are geometric): the Sun's geocentric apparent right
ascension and declination, its altitude and azimuth there, and Greenwich apparent
sidereal time, all in degrees.
"""
import math
import ephem

# Places of the bundled list's spread (Houston, London, Sydney, Tromsø, Quito) at
# equinoxes, solstices and ordinary days from 1990 to 2045.
PLACES = [(29.76, -95.37), (51.5074, -0.1278), (-33.87, 151.21), (69.6496, 18.956), (-0.2299, -78.5249)]
INSTANTS = ["1990-01-01 00:00:00", "2000-01-01 12:00:00", "2024-03-20 03:06:00",
            "2025-06-21 02:42:00", "2026-07-20 14:49:32", "2026-11-28 18:30:00",
            "2026-12-21 15:50:00", "2033-09-22 20:00:00", "2045-05-05 05:05:05"]

print("utc\tlatitude\tlongitude\tright_ascension\tdeclination\taltitude\tazimuth\tgreenwich_sidereal")
for instant in INSTANTS:
    for latitude, longitude in PLACES:
        observer = ephem.Observer()
        observer.lat, observer.lon = str(latitude), str(longitude)
        observer.elevation, observer.pressure = 0, 0
        observer.date = instant
        sun = ephem.Sun(observer)
        greenwich = ephem.Observer()
        greenwich.lat, greenwich.lon, greenwich.date = "0", "0", instant
        print("\t".join([instant.replace(" ", "T") + "Z", str(latitude), str(longitude)] +
                        ["%.5f" % math.degrees(v) for v in
                         (sun.g_ra, sun.g_dec, sun.alt, sun.az, greenwich.sidereal_time())]))
