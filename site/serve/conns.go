package serve

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// The server's bounds on its clients' connections: a connection that
// has sent no request line within ReadHeaderTimeout, or waited between
// requests longer than IdleTimeout, is closed, and at most MaxConns are
// open at once, so that idle or silent clients cannot use up the files a
// process may open and keep a new request from being served.
const (
	// ReadHeaderTimeout is how long a connection may take to send a
	// request's header.
	ReadHeaderTimeout = 10 * time.Second
	// IdleTimeout is how long a kept-alive connection may wait for its
	// next request.
	IdleTimeout = 30 * time.Second
	// MaxConns is the most connections open at once. A new one past it
	// closes the longest idle (or the oldest that has sent nothing yet);
	// when every one is busy, the new one is closed.
	MaxConns = 128
)

// connLimit tracks a server's connections by state, to keep at most max
// of them open (see MaxConns).
type connLimit struct {
	mu    sync.Mutex
	max   int
	seq   uint64
	conns map[net.Conn]*connInfo
}

// connInfo is what connLimit knows of a connection.
type connInfo struct {
	state http.ConnState
	since uint64 // when it came into its state, in accepted connections
}

func newConnLimit(max int) *connLimit {
	return &connLimit{max: max, conns: map[net.Conn]*connInfo{}}
}

// admit makes room for conn, closing an idle or silent connection if
// there are max already, and tells whether conn may be served.
func (l *connLimit) admit(conn net.Conn) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seq++
	if len(l.conns) >= l.max {
		var victim net.Conn
		var best *connInfo
		for c, in := range l.conns {
			if in.state != http.StateIdle && in.state != http.StateNew {
				continue
			}
			// idle before silent, then the longest in its state
			if best == nil || in.state == http.StateIdle && best.state != http.StateIdle ||
				in.state == best.state && in.since < best.since {
				victim, best = c, in
			}
		}
		if victim == nil {
			return false
		}
		delete(l.conns, victim)
		victim.Close()
	}
	l.conns[conn] = &connInfo{state: http.StateNew, since: l.seq}
	return true
}

// track is the server's ConnState hook.
func (l *connLimit) track(c net.Conn, state http.ConnState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	in, ok := l.conns[c]
	switch {
	case !ok:
	case state == http.StateClosed || state == http.StateHijacked:
		delete(l.conns, c)
	default:
		l.seq++
		in.state, in.since = state, l.seq
	}
}

// open returns how many connections are open.
func (l *connLimit) open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.conns)
}

// limitListener accepts connections within a connLimit.
type limitListener struct {
	net.Listener
	limit *connLimit
}

// Accept returns the next connection admitted; one that is not is closed
// at once.
func (l limitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.limit.admit(c) {
			return c, nil
		}
		c.Close()
	}
}
