// Streams' own TestScheduler.swift (a symbolic link), compiled here against
// OpenCombine's Scheduler protocols. It is a module of its own, as
// TestScheduler is in the product (part of Streams): the bench calls it
// across a module boundary in both runs.
@_exported import OpenCombine
@_exported import OpenCombineDispatch
