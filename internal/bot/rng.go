package bot

// rng is a small seeded source (SplitMix64): the same seed gives the same
// numbers on every platform.
type rng struct{ s uint64 }

func newRNG(seed uint64) rng { return rng{seed ^ 0x6e61726479626f74} }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	z := r.s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// float returns a number in [0, 1).
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

// die returns a die 1..6.
func (r *rng) die() uint8 { return uint8(r.next()%6) + 1 }
