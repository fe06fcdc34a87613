package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// progress reports on stderr how far a build is, once it has taken longer
// than a moment: on a terminal one line rewritten in place after a
// second, elsewhere (a log) a line now and then after ten seconds, so
// that the log of an ordinary build holds its summary only.
type progress struct {
	w        io.Writer
	tty      bool
	delay    time.Duration // silence before the first report
	interval time.Duration // between reports

	done, total atomic.Int64
	stop        chan struct{}
	wg          sync.WaitGroup
}

// newProgress returns the progress report of a build writing to w.
func newProgress(w io.Writer) *progress {
	p := &progress{w: w, delay: 10 * time.Second, interval: 5 * time.Second}
	if f, ok := w.(*os.File); ok {
		if info, err := f.Stat(); err == nil && info.Mode()&os.ModeCharDevice != 0 {
			p.tty, p.delay, p.interval = true, time.Second, 200*time.Millisecond
		}
	}
	return p
}

// update records that done of total pages are rendered (site.Options'
// Progress).
func (p *progress) update(done, total int) {
	p.total.Store(int64(total))
	p.done.Store(int64(done))
}

// start begins reporting; end stops it.
func (p *progress) start() {
	p.stop = make(chan struct{})
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		wait := p.delay
		printed := false
		for {
			select {
			case <-p.stop:
				if printed && p.tty {
					fmt.Fprint(p.w, "\r\033[K")
				}
				return
			case <-time.After(wait):
			}
			wait = p.interval
			if total := p.total.Load(); total > 0 {
				line := fmt.Sprintf("building: %d of %s rendered", p.done.Load(), count(int(total), "page"))
				if p.tty {
					fmt.Fprint(p.w, "\r"+line+"\033[K")
				} else {
					fmt.Fprintln(p.w, line)
				}
				printed = true
			}
		}
	}()
}

func (p *progress) end() {
	close(p.stop)
	p.wg.Wait()
}
