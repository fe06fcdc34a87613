package site

import (
	"errors"
	"reflect"
	"slices"
	"unsafe"
)

// The disk cache writes some of the build's own values (what the first
// pass found on a page) as they are: encodeValue writes a value of plain
// data — strings, numbers, booleans, and slices, arrays, maps, pointers
// and structs of them, unexported fields too — and decodeValue reads it
// back into a value of the same type. Both run in the same program
// (Cache.Version), so a type is the same on both sides; a field added
// later is written and read with the others.

// errCodec reports a value that is not plain data.
var errCodec = errors.New("not plain data")

// encodeValue writes v to e; it panics with errCodec on a value that is
// not plain data.
func encodeValue(e *encoder, v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		e.str(v.String())
	case reflect.Bool:
		if v.Bool() {
			e.num(1)
		} else {
			e.num(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n := v.Int()
		e.num(n<<1 ^ n>>63) // zigzag: small negative numbers stay short
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		e.num(int64(v.Uint()))
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			e.num(0)
			return
		}
		e.num(int64(v.Len()) + 1)
		for k := range v.Len() {
			encodeValue(e, v.Index(k))
		}
	case reflect.Map:
		if v.IsNil() {
			e.num(0)
			return
		}
		keys := v.MapKeys()
		if v.Type().Key().Kind() != reflect.String {
			panic(errCodec)
		}
		slices.SortFunc(keys, func(a, b reflect.Value) int {
			switch {
			case a.String() < b.String():
				return -1
			case a.String() > b.String():
				return 1
			}
			return 0
		})
		e.num(int64(len(keys)) + 1)
		for _, k := range keys {
			encodeValue(e, k)
			encodeValue(e, v.MapIndex(k))
		}
	case reflect.Pointer:
		if v.IsNil() {
			e.num(0)
			return
		}
		e.num(1)
		encodeValue(e, v.Elem())
	case reflect.Struct:
		for k := range v.NumField() {
			encodeValue(e, v.Field(k))
		}
	default:
		panic(errCodec)
	}
}

// decodeValue reads into v (settable, or a field of a settable struct)
// what encodeValue wrote of a value of its type.
func decodeValue(d *decoder, v reflect.Value) {
	if d.err != nil {
		return
	}
	if !v.CanSet() {
		v = reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())).Elem()
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(d.str())
	case reflect.Bool:
		v.SetBool(d.num() != 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		u := d.num()
		v.SetInt(int64(uint64(u)>>1) ^ -(u & 1))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(d.num()))
	case reflect.Slice:
		n := d.count()
		if n == 0 {
			return
		}
		s := reflect.MakeSlice(v.Type(), n-1, n-1)
		for k := range n - 1 {
			decodeValue(d, s.Index(k))
		}
		v.Set(s)
	case reflect.Array:
		if d.count() != v.Len()+1 {
			d.err = errRecord
			return
		}
		for k := range v.Len() {
			decodeValue(d, v.Index(k))
		}
	case reflect.Map:
		n := d.count()
		if n == 0 {
			return
		}
		m := reflect.MakeMapWithSize(v.Type(), n-1)
		for range n - 1 {
			k := reflect.New(v.Type().Key()).Elem()
			decodeValue(d, k)
			e := reflect.New(v.Type().Elem()).Elem()
			decodeValue(d, e)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Pointer:
		if d.num() == 0 {
			return
		}
		p := reflect.New(v.Type().Elem())
		decodeValue(d, p.Elem())
		v.Set(p)
	case reflect.Struct:
		for k := range v.NumField() {
			decodeValue(d, v.Field(k))
		}
	default:
		d.err = errCodec
	}
}

// encoded returns v written by encodeValue, or an error for a value that
// is not plain data.
func encoded(v any) (data string, err error) {
	defer func() {
		if r := recover(); r != nil {
			if r != errCodec {
				panic(r)
			}
			data, err = "", errCodec
		}
	}()
	e := &encoder{}
	encodeValue(e, reflect.ValueOf(v).Elem())
	return string(e.buf), nil
}

// decoded reads data, written by encoded, into the value v points to.
func decoded(data string, v any) error {
	d := &decoder{data: data}
	decodeValue(d, reflect.ValueOf(v).Elem())
	if d.err == nil && len(d.data) != 0 {
		d.err = errRecord
	}
	return d.err
}
