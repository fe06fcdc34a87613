package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// A build makes much short-lived garbage and keeps little (the pages are
// written as they are rendered, the site's index is small): collecting
// as often as Go's default (GOGC=100) costs a build about a third more
// CPU, and collecting a quarter as often (GOGC=400) lets the heap grow to
// five times what it keeps, some 450 MiB for a site of 10,000 blocks.
// So the collector runs when the heap reaches the larger of heapFloor and
// heapFactor times what the previous collection kept: a bound that
// follows the site, re-read after every collection, which a large site's
// live heap never crowds (a fixed bound near it makes the collector run
// again and again). GOGC=400 stays as the bound above it; $GOGC or
// $GOMEMLIMIT, when set, replace both.
const (
	gcPercent  = 400
	heapFloor  = 208 << 20
	heapFactor = 3
)

// tuneHeap sets the collector's bounds (see above) and keeps the memory
// limit in step with the live heap after each collection.
func tuneHeap() {
	debug.SetGCPercent(gcPercent)
	debug.SetMemoryLimit(heapFloor)
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var arm func()
	arm = func() {
		// A finalizer runs after the collection that finds its object
		// unreachable: once per collection, as it arms the next one.
		s := &sentinel{}
		runtime.SetFinalizer(s, func(*sentinel) {
			metrics.Read(live)
			if live[0].Value.Kind() == metrics.KindUint64 {
				debug.SetMemoryLimit(max(heapFloor, heapFactor*int64(live[0].Value.Uint64())))
			}
			arm()
		})
	}
	arm()
}

// sentinel is an object whose finalizer marks a collection; it holds a
// pointer so that it is not one of the tiny objects Go may never
// finalize.
type sentinel struct{ _ *int }
