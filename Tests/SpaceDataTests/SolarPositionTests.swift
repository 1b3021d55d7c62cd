import Foundation
import Testing
import TestSupport
@testable import SpaceData

/// The Sun's place and the Earth's turn against PyEphem at five places and nine moments
/// from 1990 to 2045 (Fixtures/astronomy/reference_sun.py wrote the table): what decides
/// whether a pass is visible and when it is dark enough for aurora.
@Suite struct SolarPositionTests {
    struct Reference {
        let date: Date
        let place: GeographicCoordinate
        let rightAscension, declination, altitude, azimuth, greenwichSidereal: Double
    }

    static let references: [Reference] = {
        let url = ProjectPaths.fixtures.appendingPathComponent("astronomy/sun-reference.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").dropFirst().map { line in
            let field = line.split(separator: "\t").map(String.init)
            let number = field.dropFirst().map { Double($0)! }
            return Reference(date: LaunchLibraryDate.date(from: field[0])!,
                             place: GeographicCoordinate(latitude: number[0], longitude: number[1])!,
                             rightAscension: number[2], declination: number[3], altitude: number[4],
                             azimuth: number[5], greenwichSidereal: number[6])
        }
    }()

    /// The smallest angle between two directions given in degrees.
    static func separation(_ a: Double, _ b: Double) -> Double {
        let difference = abs(a - b).truncatingRemainder(dividingBy: 360)
        return min(difference, 360 - difference)
    }

    @Test func theTableIsThere() {
        #expect(Self.references.count == 45)
    }

    @Test func sunRightAscensionAndDeclinationWithinAHundredthOfADegree() {
        for reference in Self.references {
            let sun = SolarPosition(at: reference.date)
            #expect(Self.separation(sun.rightAscension * 180 / .pi, reference.rightAscension) < 0.01,
                    "\(reference.date)")
            #expect(abs(sun.declination * 180 / .pi - reference.declination) < 0.01, "\(reference.date)")
        }
    }

    /// PyEphem's sidereal time is apparent: the equation of the equinoxes (at most 1.2 s,
    /// 0.005°) separates it from the mean time SGP4's frame uses.
    @Test func greenwichSiderealTimeWithinTheEquationOfTheEquinoxes() {
        for reference in Self.references {
            let mean = SiderealTime.greenwichMean(at: reference.date) * 180 / .pi
            #expect(Self.separation(mean, reference.greenwichSidereal) < 0.006, "\(reference.date)")
        }
    }

    @Test func sunAltitudeAndAzimuthWithinTwoHundredthsOfADegree() {
        for reference in Self.references {
            let sun = HorizontalDirection.sun(seenFrom: reference.place, at: reference.date)
            #expect(abs(sun.altitude - reference.altitude) < 0.02, "\(reference.date) \(reference.place)")
            // Azimuth is ill-defined near the zenith, and a degree of it there is a tiny angle.
            if abs(reference.altitude) < 80 {
                #expect(Self.separation(sun.azimuth, reference.azimuth) < 0.05 / cos(reference.altitude * .pi / 180),
                        "\(reference.date) \(reference.place)")
            }
        }
    }

    @Test func distanceFollowsPerihelionAndAphelion() {
        // 2026's perihelion (3 January, 0.98330 au) and aphelion (6 July, 1.01664 au).
        let perihelion = SolarPosition(at: LaunchLibraryDate.date(from: "2026-01-03T17:15:00Z")!)
        let aphelion = SolarPosition(at: LaunchLibraryDate.date(from: "2026-07-06T17:31:00Z")!)
        #expect(abs(perihelion.distanceKilometres / SolarPosition.kilometresPerAstronomicalUnit - 0.98330) < 0.0002)
        #expect(abs(aphelion.distanceKilometres / SolarPosition.kilometresPerAstronomicalUnit - 1.01664) < 0.0002)
        let position = perihelion.geocentricPosition
        let length = (position.x * position.x + position.y * position.y + position.z * position.z).squareRoot()
        #expect(abs(length - perihelion.distanceKilometres) < 1)
    }
}
