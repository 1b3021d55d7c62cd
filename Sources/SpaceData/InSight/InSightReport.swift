/// Mars weather with where it came from and what was substituted on the way.
public typealias InSightReport = Sourced<InSightFeed>
