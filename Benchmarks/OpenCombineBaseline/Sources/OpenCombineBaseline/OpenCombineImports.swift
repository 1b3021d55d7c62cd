// The shared files (StreamsBenchmarks.swift) import Streams in the product;
// here OpenCombine, and the same TestScheduler built against it, stand in.
@_exported import BaselineTestScheduler
@_exported import OpenCombine
@_exported import OpenCombineDispatch
