package outdir

import (
	"errors"
	"os"
	"sync"
)

// The new directories of the builds in progress, for Stop: a program
// that must exit at once (a second Ctrl-C) removes them first.
var (
	// stopping is held, shared, while a file is put into a new
	// directory and while a site takes its directory's place; Stop holds
	// it alone, so that nothing is written after it.
	stopping sync.RWMutex
	stopped  bool
	openMu   sync.Mutex
	openDirs = map[*Dir]bool{}
)

// errStopped is what a Dir's writing returns once Stop was called.
var errStopped = errors.New("the program is stopping")

// Stop removes the new directory of every build in progress, for a
// program about to exit without finishing them: each output directory
// is left as it was (or, when a site was taking its place at that
// moment, as that build made it), with nothing beside it. Nothing is
// written by a Dir afterwards.
func Stop() {
	stopping.Lock()
	stopped = true
	openMu.Lock()
	defer openMu.Unlock()
	for d := range openDirs {
		os.RemoveAll(d.tmp)
	}
	stopping.Unlock()
}

// register and unregister keep the list of the new directories Stop
// removes.
func register(d *Dir) {
	openMu.Lock()
	openDirs[d] = true
	openMu.Unlock()
}

func unregister(d *Dir) {
	openMu.Lock()
	delete(openDirs, d)
	openMu.Unlock()
}

// writing is called before a file is put into the new directory; done,
// which it returns, after. It fails once Stop was called.
func writing() (done func(), err error) {
	stopping.RLock()
	if stopped {
		stopping.RUnlock()
		return func() {}, errStopped
	}
	return stopping.RUnlock, nil
}
