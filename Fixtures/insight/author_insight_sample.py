#!/usr/bin/env python3
"""Writes ../bundled/insightSample.json: InSight's weather for sols 675-681
(19-26 October 2020, late northern autumn at Elysium Planitia), in the feed's
own schema and layout (Python json.dumps(indent=2, sort_keys=True) with ", "
separators, as mars.nasa.gov served it).

The numbers are NASA's published measurements for those sols, as in the
re-processed "sols 675-681" snapshot of the feed; everything else (vectors,
degrees, validity checks) follows from them by the schema's rules.
Run: python3 Fixtures/insight/author_insight_sample.py
"""
import json
import math
import os

POINTS = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]

# sol: (first UTC, last UTC, month, northern, southern,
#       AT (av, ct, mn, mx), HWS (...), PRE (...), {sector index: samples})
SOLS = {
    675: ("2020-10-19T18:32:20Z", "2020-10-20T19:11:55Z", 10, "early winter", "early summer",
          (-62.314, 177556, -96.872, -15.908), (7.233, 88628, 1.051, 22.455), (750.563, 887776, 722.0901, 768.791),
          {0: 254, 1: 1, 9: 67, 10: 8618, 11: 1912, 12: 19517, 13: 30283, 14: 25962, 15: 2014}),
    676: ("2020-10-20T19:11:55Z", "2020-10-21T19:51:31Z", 10, "early winter", "early summer",
          (-62.812, 177554, -96.912, -16.499), (8.526, 88250, 1.11, 26.905), (749.09, 887777, 722.473, 767.1426),
          {0: 463, 1: 45, 2: 4, 5: 2, 10: 2749, 11: 4862, 12: 20685, 13: 31167, 14: 25783, 15: 2490}),
    677: ("2020-10-21T19:51:31Z", "2020-10-22T20:31:06Z", 11, "mid winter", "mid summer",
          (-63.056, 177556, -97.249, -16.853), (7.887, 88610, 0.511, 23.197), (748.698, 887776, 720.5873, 767.4249),
          {0: 511, 1: 12, 2: 1, 5: 3, 10: 3083, 11: 3370, 12: 19454, 13: 34749, 14: 24014, 15: 3413}),
    678: ("2020-10-22T20:31:06Z", "2020-10-23T21:10:41Z", 11, "mid winter", "mid summer",
          (-62.562, 177556, -97.728, -9.055), (5.246, 86963, 0.244, 18.399), (743.741, 887777, 717.7254, 760.2834),
          {0: 2680, 1: 1025, 2: 305, 3: 31, 5: 211, 6: 45, 7: 174, 8: 437, 9: 861, 10: 10492, 11: 3499, 12: 22094,
           13: 26617, 14: 14104, 15: 4388}),
    679: ("2020-10-23T21:10:41Z", "2020-10-24T21:50:16Z", 11, "mid winter", "mid summer",
          (-62.551, 177554, -96.644, -11.561), (5.565, 87171, 0.231, 19.409000000000002), (744.529, 887776, 719.4178, 763.2724),
          {0: 2049, 1: 657, 2: 83, 3: 17, 5: 138, 6: 11, 7: 137, 8: 410, 9: 909, 10: 11924, 11: 1379, 12: 21329,
           13: 28774, 14: 15570, 15: 3784}),
    680: ("2020-10-24T21:50:16Z", "2020-10-25T22:29:51Z", 11, "mid winter", "mid summer",
          (-61.789, 168902, -96.811, -15.298), (6.517, 88478, 0.275, 24.235), (743.99, 887767, 717.1398, 764.0093),
          {0: 1033, 1: 133, 5: 10, 6: 6, 7: 23, 8: 76, 9: 176, 10: 6463, 11: 2556, 12: 21280, 13: 34787, 14: 18673, 15: 3262}),
    681: ("2020-10-25T22:29:51Z", "2020-10-26T23:09:26Z", 11, "mid winter", "mid summer",
          (-62.434, 88778, -95.447, -4.444), (5.632, 87184, 0.228, 18.577), (743.55, 887777, 718.463, 760.2244),
          {0: 1872, 1: 881, 2: 201, 3: 57, 5: 129, 6: 17, 7: 112, 8: 387, 9: 489, 10: 12182, 11: 1249, 12: 22409,
           13: 27816, 14: 15971, 15: 3412}),
}


def sector(index, count):
    angle = math.radians(index * 22.5)
    return {
        "compass_degrees": index * 22.5,
        "compass_point": POINTS[index],
        "compass_right": round(math.sin(angle), 12) + 0.0 if abs(math.sin(angle)) > 1e-9 else 0.0 * math.copysign(1, math.sin(angle)),
        "compass_up": round(math.cos(angle), 12) if abs(math.cos(angle)) > 1e-9 else 0.0 * math.copysign(1, math.cos(angle)),
        "ct": count,
    }


def summary(values):
    av, ct, mn, mx = values
    return {"av": float(av), "ct": ct, "mn": float(mn), "mx": float(mx)}


feed = {}
for sol, (first, last, month, northern, southern, at, hws, pre, rose) in SOLS.items():
    wd = {str(index): sector(index, count) for index, count in rose.items()}
    top = max(rose, key=rose.get)
    wd["most_common"] = sector(top, rose[top])
    feed[str(sol)] = {
        "AT": summary(at), "HWS": summary(hws), "PRE": summary(pre), "WD": wd,
        "First_UTC": first, "Last_UTC": last, "Season": "fall",
        "Month_ordinal": month, "Northern_season": northern, "Southern_season": southern,
    }
feed["sol_keys"] = [str(sol) for sol in SOLS]
full_day = {"sol_hours_with_data": list(range(24)), "valid": True}
checks = {str(sol): {sensor: full_day for sensor in ("AT", "HWS", "PRE", "WD")} for sol in range(674, 682)}
checks["682"] = {sensor: {"sol_hours_with_data": [0], "valid": False} for sensor in ("AT", "HWS", "PRE", "WD")}
checks["sol_hours_required"] = 18
checks["sols_checked"] = [str(sol) for sol in range(674, 683)]
feed["validity_checks"] = checks

out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bundled", "insightSample.json")
with open(out, "w") as f:
    f.write(json.dumps(feed, indent=2, sort_keys=True, separators=(", ", ": ")))
    f.write("\n")
