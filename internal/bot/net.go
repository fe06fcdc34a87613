package bot

import (
	_ "embed"
	"errors"
	"math"
	"strconv"

	"github.com/nardydocs/nardydocs/engine"
)

// Outputs is the number of outputs of a network: the chances of winning,
// of winning and losing a gammon (mars), and of winning and losing a
// backgammon (home mars), for the side to roll.
const Outputs = 5

// EncodingVersion numbers the input encodings of both games; a weights
// file written for another version is refused.
const EncodingVersion = 1

// Inputs returns the number of inputs of game g's encoding.
func Inputs(g engine.Game) int {
	if g == engine.Long {
		return 2*perSide + 1
	}
	return 2 * perSide
}

// perSide is the inputs of one side: 4 for each of its 24 points, then
// two more (short nardy: the bar and the borne-off checkers; long nardy:
// the borne-off checkers and whether all its checkers are home).
const perSide = 24*4 + 2

// Net is a network with one hidden layer of sigmoid units that values a
// position for the side to roll. It is made for one game and reads that
// game's encoding of the position (see encode).
type Net struct {
	game   engine.Game
	in     int
	hidden int
	w1     []float32 // in×hidden: row i holds input i's weights
	b1     []float32 // hidden
	w2     []float32 // Outputs×hidden
	b2     []float32 // Outputs
}

// NewNet returns a network for game g with the given number of hidden
// units and small random weights drawn from seed.
func NewNet(g engine.Game, hidden int, seed uint64) *Net {
	n := &Net{game: g, in: Inputs(g), hidden: hidden}
	n.alloc()
	r := newRNG(seed)
	for i := range n.w1 {
		n.w1[i] = float32(r.float()-0.5) * 0.2
	}
	for i := range n.w2 {
		n.w2[i] = float32(r.float()-0.5) * 0.2
	}
	return n
}

func (n *Net) alloc() {
	n.w1 = make([]float32, n.in*n.hidden)
	n.b1 = make([]float32, n.hidden)
	n.w2 = make([]float32, Outputs*n.hidden)
	n.b2 = make([]float32, Outputs)
}

// Game returns the game the network values.
func (n *Net) Game() engine.Game { return n.game }

// input is one non-zero input: its index and value.
type input struct {
	i int32
	v float32
}

// features is a position's encoding: its non-zero inputs.
type features struct {
	x []input
	a [2*perSide + 1]input
}

// pointUnits appends the four units of a point holding k checkers, the
// first at index base: one or more, two or more, three or more, and the
// excess over three scaled by scale.
func (f *features) pointUnits(base int, k int, scale float32) {
	if k <= 0 {
		return
	}
	f.x = append(f.x, input{int32(base), 1})
	if k >= 2 {
		f.x = append(f.x, input{int32(base + 1), 1})
	}
	if k >= 3 {
		f.x = append(f.x, input{int32(base + 2), 1})
	}
	if k > 3 {
		f.x = append(f.x, input{int32(base + 3), float32(k-3) * scale})
	}
}

// encode writes p's inputs for p.Turn, the side to roll: first its own
// checkers, then the opponent's, each side's points in its own numbering
// (1 the deepest home point). Short nardy: per point "1+, 2+, 3+,
// (n−3)/2", the bar /2 and the borne-off /15 (Tesauro's encoding without
// the turn). Long nardy: per point "1+, 2+, 3+, (n−3)/4", borne-off /15,
// all home (may bear off), and a last input set when p.Turn started the
// game (who has the last roll).
func encode(p engine.Position, f *features) {
	f.x = f.a[:0]
	g := p.Game
	scale := float32(0.5)
	if g == engine.Long {
		scale = 0.25
	}
	for k, s := range [2]engine.Side{p.Turn, p.Turn.Other()} {
		base := k * perSide
		for o := 1; o <= 24; o++ {
			f.pointUnits(base+(o-1)*4, p.Count(s, engine.WhitePoint(g, s, o)), scale)
		}
		if g == engine.Short {
			if b := p.Bar(s); b > 0 {
				f.x = append(f.x, input{int32(base + 96), float32(b) / 2})
			}
		} else if p.AllHome(s) {
			f.x = append(f.x, input{int32(base + 96), 1})
		}
		if off := p.Off(s); off > 0 {
			f.x = append(f.x, input{int32(base + 97), float32(off) / 15})
		}
	}
	if g == engine.Long && p.Started == p.Turn {
		f.x = append(f.x, input{2 * perSide, 1})
	}
}

// activations are a forward pass's hidden and output values.
type activations struct {
	h [maxHidden]float32
	y [Outputs]float32
}

// maxHidden bounds the hidden layer (a file with more is refused).
const maxHidden = 256

func sigmoid(x float32) float32 {
	return float32(1 / (1 + math.Exp(-float64(x))))
}

// forward computes the network's outputs for inputs f.
func (n *Net) forward(f *features, a *activations) {
	h := a.h[:n.hidden]
	copy(h, n.b1)
	for _, in := range f.x {
		row := n.w1[int(in.i)*n.hidden : int(in.i+1)*n.hidden]
		if in.v == 1 {
			for j, w := range row {
				h[j] += w
			}
		} else {
			for j, w := range row {
				h[j] += w * in.v
			}
		}
	}
	for j := range h {
		h[j] = sigmoid(h[j])
	}
	for k := range a.y {
		s := n.b2[k]
		for j, w := range n.w2[k*n.hidden : (k+1)*n.hidden] {
			s += w * h[j]
		}
		a.y[k] = sigmoid(s)
	}
}

// estimate turns outputs into a consistent estimate: a gammon never more
// likely than the win, a backgammon never more likely than the gammon.
func estimateOf(y *[Outputs]float32) Estimate {
	e := Estimate{Win: float64(y[0])}
	e.WinGammon = min(float64(y[1]), e.Win)
	e.LoseGammon = min(float64(y[2]), 1-e.Win)
	e.WinBackgammon = min(float64(y[3]), e.WinGammon)
	e.LoseBackgammon = min(float64(y[4]), e.LoseGammon)
	return e
}

// Evaluate returns the network's estimate of p for p.Turn to roll. p must
// be of the network's game and not finished (see Player.Estimate for
// finished games).
func (n *Net) Evaluate(p engine.Position) Estimate {
	var f features
	var a activations
	encode(p, &f)
	n.forward(&f, &a)
	return estimateOf(&a.y)
}

// learn moves the network's outputs for f toward target by one step of
// gradient descent on the squared error, with rate alpha.
func (n *Net) learn(f *features, target *[Outputs]float32, alpha float32) {
	var a activations
	n.forward(f, &a)
	h := a.h[:n.hidden]
	var dh [maxHidden]float32
	for k := range a.y {
		d := (target[k] - a.y[k]) * a.y[k] * (1 - a.y[k])
		if d == 0 {
			continue
		}
		w2 := n.w2[k*n.hidden : (k+1)*n.hidden]
		for j := range h {
			dh[j] += d * w2[j]
			w2[j] += alpha * d * h[j]
		}
		n.b2[k] += alpha * d
	}
	for j := range h {
		dh[j] *= h[j] * (1 - h[j]) * alpha
		n.b1[j] += dh[j]
	}
	for _, in := range f.x {
		row := n.w1[int(in.i)*n.hidden : int(in.i+1)*n.hidden]
		for j := range row {
			row[j] += dh[j] * in.v
		}
	}
}

// The weights file: a header, then little-endian float32 weights.
//
//	offset size
//	0      4   magic "NDBW"
//	4      2   encoding version (EncodingVersion)
//	6      1   game: 0 long, 1 short
//	7      1   outputs (Outputs)
//	8      2   inputs (Inputs(game))
//	10     2   hidden units
//	12     …   w1 (inputs×hidden, input-major), b1, w2 (outputs×hidden), b2
const (
	magic      = "NDBW"
	headerSize = 12
)

// MarshalBinary writes the network as a weights file.
func (n *Net) MarshalBinary() ([]byte, error) {
	out := make([]byte, headerSize, headerSize+4*(len(n.w1)+len(n.b1)+len(n.w2)+len(n.b2)))
	copy(out, magic)
	put16(out[4:], EncodingVersion)
	out[6] = byte(n.game)
	out[7] = Outputs
	put16(out[8:], uint16(n.in))
	put16(out[10:], uint16(n.hidden))
	for _, ws := range [][]float32{n.w1, n.b1, n.w2, n.b2} {
		for _, w := range ws {
			b := math.Float32bits(w)
			out = append(out, byte(b), byte(b>>8), byte(b>>16), byte(b>>24))
		}
	}
	return out, nil
}

// UnmarshalNet reads a weights file written by MarshalBinary for game g.
// It refuses a file of another game, encoding version or size, and one
// holding a weight that is not a finite number.
func UnmarshalNet(data []byte, g engine.Game) (*Net, error) {
	if len(data) < headerSize || string(data[:4]) != magic {
		return nil, errors.New("not a weights file (no NDBW header)")
	}
	if v := get16(data[4:]); v != EncodingVersion {
		return nil, errors.New("weights file of encoding version " + strconv.Itoa(int(v)) + ", this program reads version " + strconv.Itoa(EncodingVersion) + ": retrain (make weights)")
	}
	if data[6] > 1 {
		return nil, errors.New("weights file of unknown game " + strconv.Itoa(int(data[6])))
	}
	if fg := engine.Game(data[6]); fg != g {
		return nil, errors.New("weights file for " + fg.String() + " nardy, not " + g.String())
	}
	if data[7] != Outputs {
		return nil, errors.New("weights file with " + strconv.Itoa(int(data[7])) + " outputs, not " + strconv.Itoa(Outputs))
	}
	n := &Net{game: g, in: int(get16(data[8:])), hidden: int(get16(data[10:]))}
	if n.in != Inputs(g) {
		return nil, errors.New("weights file with " + strconv.Itoa(n.in) + " inputs, not " + strconv.Itoa(Inputs(g)))
	}
	if n.hidden < 1 || n.hidden > maxHidden {
		return nil, errors.New("weights file with " + strconv.Itoa(n.hidden) + " hidden units (1 to " + strconv.Itoa(maxHidden) + " are read)")
	}
	want := headerSize + 4*(n.in*n.hidden+n.hidden+Outputs*n.hidden+Outputs)
	if len(data) != want {
		return nil, errors.New("weights file of " + strconv.Itoa(len(data)) + " bytes, not the " + strconv.Itoa(want) + " its header announces")
	}
	n.alloc()
	off := headerSize
	for _, ws := range [][]float32{n.w1, n.b1, n.w2, n.b2} {
		for i := range ws {
			w := math.Float32frombits(uint32(data[off]) | uint32(data[off+1])<<8 | uint32(data[off+2])<<16 | uint32(data[off+3])<<24)
			if math.IsNaN(float64(w)) || math.IsInf(float64(w), 0) {
				return nil, errors.New("weights file holds a weight that is not a finite number at byte " + strconv.Itoa(off))
			}
			ws[i] = w
			off += 4
		}
	}
	return n, nil
}

func put16(b []byte, v uint16) { b[0], b[1] = byte(v), byte(v>>8) }
func get16(b []byte) uint16    { return uint16(b[0]) | uint16(b[1])<<8 }

//go:embed weights/long.bin
var longWeights []byte

//go:embed weights/short.bin
var shortWeights []byte

// loadEmbedded reads the embedded weights; a test checks both load, so a
// failure here leaves Strong on the middle evaluation rather than panic.
func loadEmbedded() {
	nets[engine.Long], _ = UnmarshalNet(longWeights, engine.Long)
	nets[engine.Short], _ = UnmarshalNet(shortWeights, engine.Short)
}

// LoadEmbedded returns the embedded network of game g, or the error that
// kept it from loading.
func LoadEmbedded(g engine.Game) (*Net, error) {
	if g == engine.Long {
		return UnmarshalNet(longWeights, g)
	}
	return UnmarshalNet(shortWeights, g)
}

// eval0 is the strong level's value of q for q.Turn to roll, without
// looking ahead: exact when the game is decided, else the network's.
func (pl *Player) eval0(q engine.Position, f *features, a *activations) Estimate {
	if s, ok := settled(q, pl.rules); ok {
		return gate(s, q.Game, pl.rules)
	}
	if e, ok := bearoffEstimate(q, pl.rules); ok {
		return e
	}
	n := pl.netOf(q.Game)
	if n == nil {
		return heuristicEstimate(q, pl.rules)
	}
	encode(q, f)
	n.forward(f, a)
	return gate(estimateOf(&a.y), q.Game, pl.rules)
}

// best0 returns the index of the play whose resulting position eval0
// values most for the side that plays, with that position's estimate
// (for the opponent, to roll).
func (pl *Player) best0(plays []engine.Play, f *features, a *activations) (int, Estimate) {
	best, bestEq := 0, 0.0
	var bestE Estimate
	for i := range plays {
		e := pl.eval0(plays[i].Position, f, a)
		if eq := -e.Equity(); i == 0 || eq > bestEq {
			best, bestEq, bestE = i, eq, e
		}
	}
	return best, bestE
}

// rollAverage values q for q.Turn to roll as the average, over the 36
// rolls, of the position after its best play by eval0 (a turn without a
// play passes).
func (pl *Player) rollAverage(q engine.Position) Estimate {
	var f features
	var a activations
	var sum Estimate
	for _, d := range engine.AllRolls() {
		var e Estimate
		if plays := engine.LegalPlays(q, d, pl.rules); len(plays) > 0 {
			_, after := pl.best0(plays, &f, &a)
			e = after.flip()
		} else {
			e = pl.eval0(q.Flip(), &f, &a).flip()
		}
		w := float64(d.Weight()) / 36
		sum.Win += w * e.Win
		sum.WinGammon += w * e.WinGammon
		sum.LoseGammon += w * e.LoseGammon
		sum.WinBackgammon += w * e.WinBackgammon
		sum.LoseBackgammon += w * e.LoseBackgammon
	}
	return clampEstimate(sum)
}

// clampEstimate keeps a sum of chances within [0, 1] despite rounding.
func clampEstimate(e Estimate) Estimate {
	return Estimate{clamp(e.Win, 0, 1), clamp(e.WinGammon, 0, 1), clamp(e.LoseGammon, 0, 1),
		clamp(e.WinBackgammon, 0, 1), clamp(e.LoseBackgammon, 0, 1)}
}

// Candidates and Margin bound the strong level's look-ahead: the plays
// best by the network alone, at most Candidates of them and within
// Margin of the best equity, are valued again one roll deeper.
const (
	Candidates = 3
	Margin     = 0.12
)

// strongPick returns the index of the strong level's play.
func (pl *Player) strongPick(p engine.Position, plays []engine.Play) int {
	order, _ := pl.strongRank(plays)
	return order[0]
}

// strongRank orders plays for the strong level, best first, with the
// equity of each for the side that plays: the candidates best by eval0
// are valued again by rollAverage (the opponent's every roll and best
// answer) and come first, in that order; the others follow by eval0.
// Equal plays keep engine.LegalPlays' order.
func (pl *Player) strongRank(plays []engine.Play) ([]int, []float64) {
	var f features
	var a activations
	eq := make([]float64, len(plays))
	for i := range plays {
		eq[i] = -pl.eval0(plays[i].Position, &f, &a).Equity()
	}
	order := make([]int, len(plays))
	for i := range order {
		order[i] = i
	}
	sortBy(order, eq)
	if !pl.lookAhead || len(order) == 1 || plays[0].Position.Game == engine.Long {
		return order, eq
	}
	k := 0
	for k < len(order) && k < Candidates && eq[order[k]] >= eq[order[0]]-Margin {
		i := order[k]
		q := plays[i].Position
		if s, ok := settled(q, pl.rules); ok {
			eq[i] = -gate(s, q.Game, pl.rules).Equity()
		} else {
			eq[i] = -pl.rollAverage(q).Equity()
		}
		k++
	}
	sortBy(order[:k], eq)
	return order, eq
}

// sortBy sorts the indexes in order by decreasing eq, keeping equal ones
// in order (an insertion sort: a few dozen plays).
func sortBy(order []int, eq []float64) {
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && eq[order[j]] > eq[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
}
