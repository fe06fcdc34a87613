package main

import (
	"bufio"
	_ "embed"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nardydocs/nardydocs/engine"
)

// gnubgScript is the Python script gnubg runs: it answers one position a
// line with gnubg's 0-ply cubeless choice and all its legal moves.
//
//go:embed gnubgplayer.py
var gnubgScript []byte

// findGnubg returns the gnubg command: path when it is given, else gnubg
// on PATH or Debian's /usr/games/gnubg; an error says how to install it.
func findGnubg(path string) (string, error) {
	if path != "" {
		return exec.LookPath(path)
	}
	if p, err := exec.LookPath("gnubg"); err == nil {
		return p, nil
	}
	if _, err := os.Stat("/usr/games/gnubg"); err == nil {
		return "/usr/games/gnubg", nil
	}
	return "", errors.New("GNU Backgammon (gnubg) is not installed (Debian: apt-get install gnubg), nor on PATH, nor /usr/games/gnubg")
}

// Gnubg is GNU Backgammon playing short nardy at 0-ply, cubeless: one
// gnubg process for the whole match, asked one position at a time.
// Every answer also lists gnubg's legal moves, which Choose compares
// with the engine's; a difference is an engine or mapping bug, counted
// in Mismatches, written to Log, and the game is abandoned.
type Gnubg struct {
	// Log receives a line for every position where gnubg and the engine
	// disagree on the legal plays.
	Log io.Writer
	// Compared counts the positions where both legal play sets were
	// compared; Mismatches those where they differed.
	Compared, Mismatches int
	// Elapsed is the time spent waiting for gnubg's answers.
	Elapsed time.Duration

	cmd    *exec.Cmd
	dir    string
	in     io.WriteCloser
	out    *bufio.Reader
	stderr *tailBuffer
	done   chan error
}

// tailBuffer keeps the last bytes written to it, for an error message.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > 4096 {
		t.buf = slices.Clone(t.buf[len(t.buf)-4096:])
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.TrimSpace(string(t.buf))
}

// StartGnubg starts gnubg (the command path; see findGnubg) with its
// script, in a private HOME so that no user settings apply, and waits
// until it is ready.
func StartGnubg(path string) (*Gnubg, error) {
	bin, err := findGnubg(path)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "botmatch-gnubg-")
	if err != nil {
		return nil, err
	}
	// Not gnubg.py: the script's directory comes first on Python's path, and
	// "import gnubg" would import the script itself.
	script := filepath.Join(dir, "gnubgplayer.py")
	if err := os.WriteFile(script, gnubgScript, 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	ar, aw, err := os.Pipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	g := &Gnubg{Log: os.Stderr, dir: dir, stderr: &tailBuffer{}, done: make(chan error, 1)}
	// -t: no GUI, -q: no sounds, -r: no rc files, -p: run the script.
	g.cmd = exec.Command(bin, "-t", "-q", "-r", "-p", script)
	g.cmd.Env = append(os.Environ(), "HOME="+dir)
	g.cmd.Dir = dir
	g.cmd.Stdout = io.Discard // gnubg's own messages
	g.cmd.Stderr = g.stderr
	g.cmd.ExtraFiles = []*os.File{aw} // the answers, on descriptor 3
	if g.in, err = g.cmd.StdinPipe(); err != nil {
		ar.Close()
		aw.Close()
		os.RemoveAll(dir)
		return nil, err
	}
	if err := g.cmd.Start(); err != nil {
		ar.Close()
		aw.Close()
		os.RemoveAll(dir)
		return nil, fmt.Errorf("starting %s: %w", bin, err)
	}
	aw.Close()
	g.out = bufio.NewReaderSize(ar, 1<<16)
	go func() { g.done <- g.cmd.Wait(); ar.Close() }()
	line, err := g.readLine()
	if err != nil {
		g.Close()
		return nil, err
	}
	if line != "ready" {
		g.Close()
		return nil, fmt.Errorf("gnubg's script began with %q instead of ready", line)
	}
	return g, nil
}

// readLine reads one answer; when gnubg has died, the error carries the
// end of its error output.
func (g *Gnubg) readLine() (string, error) {
	line, err := g.out.ReadString('\n')
	if err != nil {
		msg := g.stderr.String()
		if msg == "" {
			msg = "no error output"
		}
		return "", fmt.Errorf("gnubg stopped answering (%v): %s", err, msg)
	}
	return strings.TrimSuffix(line, "\n"), nil
}

// Ask returns gnubg's choice for dice d in position p (short nardy, p.Turn
// on roll) and all its legal moves, each as the Position ID of the
// position after it with the opponent on roll, best first; best is "" when
// gnubg has no legal move.
func (g *Gnubg) Ask(p engine.Position, d engine.Dice) (best string, all []string, err error) {
	id, err := p.GnubgID()
	if err != nil {
		return "", nil, err
	}
	start := time.Now()
	if _, err := fmt.Fprintf(g.in, "%s %d %d\n", id, d[0], d[1]); err != nil {
		return "", nil, fmt.Errorf("writing to gnubg: %w (%s)", err, g.stderr.String())
	}
	line, err := g.readLine()
	g.Elapsed += time.Since(start)
	if err != nil {
		return "", nil, err
	}
	switch {
	case line == "ok -":
		return "", nil, nil
	case strings.HasPrefix(line, "ok "):
		f := strings.Fields(line[3:])
		return f[0], f[1:], nil
	case strings.HasPrefix(line, "error "):
		return "", nil, fmt.Errorf("gnubg, position %s roll %s: %s", id, d, line[6:])
	}
	return "", nil, fmt.Errorf("gnubg answered %q", line)
}

// Name returns "gnubg".
func (*Gnubg) Name() string { return "gnubg" }

// Choose asks gnubg and returns the legal play that leads to the position
// of gnubg's choice. It first compares gnubg's legal moves with plays by
// their resulting positions; when they differ, or gnubg's choice is not
// among plays, it logs the position and both sides' plays and returns
// errAbandoned.
func (g *Gnubg) Choose(p engine.Position, d engine.Dice, plays []engine.Play) (engine.Play, error) {
	best, all, err := g.Ask(p, d)
	if err != nil {
		return engine.Play{}, err
	}
	ours := make(map[string]int, len(plays))
	for i, pl := range plays {
		id, err := pl.Position.GnubgID()
		if err != nil {
			return engine.Play{}, fmt.Errorf("play %s: %w", pl, err)
		}
		ours[id] = i
	}
	g.Compared++
	var onlyGnubg, onlyOurs []string
	theirs := make(map[string]bool, len(all))
	for _, id := range all {
		theirs[id] = true
		if _, ok := ours[id]; !ok {
			onlyGnubg = append(onlyGnubg, gnubgIDText(id, p.Turn.Other()))
		}
	}
	for _, pl := range plays {
		id, _ := pl.Position.GnubgID()
		if !theirs[id] {
			onlyOurs = append(onlyOurs, pl.String())
		}
	}
	code := engine.Code(p, d, true, engine.DefaultRules)
	if len(onlyGnubg) > 0 || len(onlyOurs) > 0 || len(all) != len(plays) {
		g.Mismatches++
		fmt.Fprintf(g.Log, "gnubg and the engine disagree on the legal plays of %s: %d against %d; engine only: %s; gnubg only: %s\n",
			code, len(plays), len(all), strings.Join(onlyOurs, ", "), strings.Join(onlyGnubg, ", "))
		return engine.Play{}, errAbandoned
	}
	i, ok := ours[best]
	if !ok {
		g.Mismatches++
		fmt.Fprintf(g.Log, "gnubg's play in %s leads to %s, which is none of the engine's plays\n", code, gnubgIDText(best, p.Turn.Other()))
		return engine.Play{}, errAbandoned
	}
	return plays[i], nil
}

// gnubgIDText writes a Position ID, turn on roll, with its position code.
func gnubgIDText(id string, turn engine.Side) string {
	p, err := engine.ParseGnubgID(id, turn)
	if err != nil {
		return id + " (" + err.Error() + ")"
	}
	return id + " (" + engine.Code(p, engine.Dice{}, false, engine.DefaultRules) + ")"
}

// Close ends gnubg (its input closed, the script ends) and removes its
// directory.
func (g *Gnubg) Close() error {
	g.in.Close()
	var err error
	select {
	case err = <-g.done:
	case <-time.After(10 * time.Second):
		g.cmd.Process.Kill()
		err = <-g.done
	}
	os.RemoveAll(g.dir)
	return err
}
