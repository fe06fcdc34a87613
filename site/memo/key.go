package memo

import (
	"bytes"
	"crypto/sha256"
	"encoding"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"math"
	"reflect"
	"slices"
)

// Key returns the key of a value of the given kind made from in: a
// digest of kind and of every exported field of in, as JSON would see
// them (a value with its own MarshalJSON or MarshalText by what it
// writes; map keys sorted, so the key does not depend on their order).
// Each value is written with its length or its type where it could be
// taken for another, so that two different inputs never write the same
// bytes. It fails for what JSON cannot encode: a function, a channel, a
// complex number, a map whose keys are neither strings nor numbers, a
// structure that holds itself.
func Key(kind string, in any) (string, error) {
	w := keyWriter{h: sha256.New(), buf: make([]byte, 0, 4096)}
	w.str(kind)
	// The input's type, then its value: every value below is one of a
	// type its place names, or written with its type (an interface's).
	v := reflect.ValueOf(in)
	if v.IsValid() {
		w.str(v.Type().String())
	}
	if err := w.value(v, 0); err != nil {
		return "", fmt.Errorf("memo: the key of a %s: %w", kind, err)
	}
	w.flush()
	return hex.EncodeToString(w.h.Sum(nil)[:20]), nil
}

// keyWriter writes a value's bytes into a digest, through a buffer; one
// without a digest keeps them all in its buffer (a map's key, to sort
// by).
type keyWriter struct {
	h   hash.Hash
	buf []byte
}

// maxDepth is how deep a key's input may nest: deeper is taken for a
// structure that holds itself.
const maxDepth = 64

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

func (w *keyWriter) flush() {
	if w.h == nil {
		return
	}
	w.h.Write(w.buf)
	w.buf = w.buf[:0]
}

func (w *keyWriter) byte(b byte) { w.buf = append(w.buf, b) }

func (w *keyWriter) uint(n uint64) { w.buf = binary.AppendUvarint(w.buf, n) }

// bytes writes b after its length; a long one straight into the digest.
func (w *keyWriter) bytes(b []byte) {
	w.uint(uint64(len(b)))
	if len(b) > 1024 && w.h != nil {
		w.flush()
		w.h.Write(b)
		return
	}
	w.buf = append(w.buf, b...)
	if len(w.buf) > 3072 {
		w.flush()
	}
}

// str writes s after its length, through the buffer (a digest takes
// no string).
func (w *keyWriter) str(s string) {
	w.uint(uint64(len(s)))
	for w.h != nil && len(w.buf)+len(s) > 4096 {
		if n := 4096 - len(w.buf); n > 0 {
			w.buf = append(w.buf, s[:n]...)
			s = s[n:]
		}
		w.flush()
	}
	w.buf = append(w.buf, s...)
}

// value writes v, at depth d.
func (w *keyWriter) value(v reflect.Value, d int) error {
	if d > maxDepth {
		return errors.New("the input nests too deep (does it hold itself?)")
	}
	if !v.IsValid() {
		w.byte(0)
		return nil
	}
	t := v.Type()
	// A value with its own JSON or text is written by what it writes, as
	// JSON would (a nil pointer as nil).
	if t.Kind() != reflect.Pointer || !v.IsNil() {
		switch {
		case t.Implements(jsonMarshaler):
			data, err := v.Interface().(json.Marshaler).MarshalJSON()
			if err != nil {
				return err
			}
			w.byte(1)
			w.bytes(data)
			return nil
		case t.Implements(textMarshaler):
			data, err := v.Interface().(encoding.TextMarshaler).MarshalText()
			if err != nil {
				return err
			}
			w.byte(1)
			w.bytes(data)
			return nil
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		if v.Bool() {
			w.byte(1)
		} else {
			w.byte(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		w.buf = binary.AppendVarint(w.buf, v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		w.uint(v.Uint())
	case reflect.Float32, reflect.Float64:
		w.buf = binary.LittleEndian.AppendUint64(w.buf, math.Float64bits(v.Float()))
	case reflect.String:
		w.str(v.String())
	case reflect.Slice:
		if v.IsNil() {
			w.byte(0)
			return nil
		}
		w.byte(1)
		if t.Elem().Kind() == reflect.Uint8 && !t.Elem().Implements(jsonMarshaler) && !t.Elem().Implements(textMarshaler) {
			w.bytes(v.Bytes())
			return nil
		}
		fallthrough
	case reflect.Array:
		w.uint(uint64(v.Len()))
		for i := range v.Len() {
			if err := w.value(v.Index(i), d+1); err != nil {
				return err
			}
		}
	case reflect.Map:
		if v.IsNil() {
			w.byte(0)
			return nil
		}
		w.byte(1)
		return w.mapValue(v, d)
	case reflect.Struct:
		for i := range t.NumField() {
			if t.Field(i).IsExported() {
				if err := w.value(v.Field(i), d+1); err != nil {
					return err
				}
			}
		}
	case reflect.Pointer:
		if v.IsNil() {
			w.byte(0)
			return nil
		}
		w.byte(1)
		return w.value(v.Elem(), d+1)
	case reflect.Interface:
		if v.IsNil() {
			w.byte(0)
			return nil
		}
		w.byte(1)
		w.str(v.Elem().Type().String())
		return w.value(v.Elem(), d+1)
	default:
		return errors.New("a " + t.String() + " has no key")
	}
	return nil
}

// mapValue writes map v's entries, in the order of their keys' bytes.
func (w *keyWriter) mapValue(v reflect.Value, d int) error {
	kt := v.Type().Key()
	switch kt.Kind() {
	case reflect.String, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
	default:
		if !kt.Implements(textMarshaler) {
			return errors.New("a map of " + kt.String() + " keys has no key")
		}
	}
	type entry struct {
		key []byte
		val reflect.Value
	}
	entries := make([]entry, 0, v.Len())
	iter := v.MapRange()
	for iter.Next() {
		var kw keyWriter
		if err := kw.keyBytes(iter.Key(), d+1); err != nil {
			return err
		}
		entries = append(entries, entry{kw.buf, iter.Value()})
	}
	slices.SortFunc(entries, func(a, b entry) int { return bytes.Compare(a.key, b.key) })
	w.uint(uint64(len(entries)))
	for _, e := range entries {
		w.bytes(e.key)
		if err := w.value(e.val, d+1); err != nil {
			return err
		}
	}
	return nil
}

// keyBytes writes a map's key into w's buffer (w has no digest).
func (w *keyWriter) keyBytes(k reflect.Value, d int) error {
	if k.Kind() == reflect.String && !k.Type().Implements(textMarshaler) {
		w.buf = append(w.buf, k.String()...)
		return nil
	}
	return w.value(k, d)
}
