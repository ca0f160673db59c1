package registerdata_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/api"
	"github.com/registerdata/registerdata-go/internal/race"
)

// memoryBound is what one call may allocate, whatever the answer.
const memoryBound = 64 << 20

// hostileBody is one answer of the memory battery.
type hostileBody struct {
	name string
	body []byte
	// announce, when set, is sent as Content-Length with no body at all:
	// the server then waits until the client gives up.
	announce int64
}

// successAnswer is the schema of op's result and the status it comes
// with (200, else 201; 200 and no schema for an operation without one).
func successAnswer(op *openapi3.Operation) (*openapi3.Schema, int) {
	for _, status := range []int{200, 201} {
		r := op.Responses.Status(status)
		if r == nil || r.Value == nil {
			continue
		}
		if mt := r.Value.Content.Get("application/json"); mt != nil && mt.Schema != nil {
			return mt.Schema.Value, status
		}
	}
	return nil, http.StatusOK
}

// properties merges a schema's own properties with those of its allOf
// parts, and follows the first non-null alternative of anyOf/oneOf.
func properties(s *openapi3.Schema) map[string]*openapi3.Schema {
	props := map[string]*openapi3.Schema{}
	if s == nil {
		return props
	}
	for name, p := range s.Properties {
		props[name] = p.Value
	}
	for _, part := range s.AllOf {
		for name, p := range properties(part.Value) {
			props[name] = p
		}
	}
	for _, alts := range [][]*openapi3.SchemaRef{s.AnyOf, s.OneOf} {
		for _, alt := range alts {
			if alt.Value != nil && !alt.Value.Type.Is("null") {
				for name, p := range properties(alt.Value) {
					props[name] = p
				}
				break
			}
		}
	}
	return props
}

func isArray(s *openapi3.Schema) (*openapi3.Schema, bool) {
	if s == nil {
		return nil, false
	}
	if s.Type.Is("array") && s.Items != nil {
		return s.Items.Value, true
	}
	for _, alts := range [][]*openapi3.SchemaRef{s.AnyOf, s.OneOf} {
		for _, alt := range alts {
			if items, ok := isArray(alt.Value); ok {
				return items, true
			}
		}
	}
	return nil, false
}

// arrayPaths lists the lists of a schema down to depth levels of objects,
// each as the JSON path to it and the cheapest item it takes ("{}", "0",
// "\"\"" or "[]").
func arrayPaths(s *openapi3.Schema, prefix []string, depth int, out *[][]string) {
	names := make([]string, 0)
	props := properties(s)
	for name := range props {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := props[name]
		path := append(append([]string{}, prefix...), name)
		if items, ok := isArray(p); ok {
			*out = append(*out, append(path, cheapestItem(items)))
			if depth > 0 {
				// One level into the list's records: [{"inner":[{},...]}].
				var inner [][]string
				arrayPaths(items, nil, 0, &inner)
				for _, in := range inner {
					*out = append(*out, append(append(path, "[]"), in...))
				}
			}
			continue
		}
		if depth > 0 && len(properties(p)) > 0 {
			arrayPaths(p, path, depth-1, out)
		}
	}
}

func cheapestItem(s *openapi3.Schema) string {
	switch {
	case s == nil:
		return "{}"
	case s.Type.Is("string"):
		return `""`
	case s.Type.Is("integer"), s.Type.Is("number"), s.Type.Is("boolean"):
		return "0"
	case s.Type.Is("array"):
		return "[]"
	}
	return "{}"
}

// filledBody writes {"a":{"b":[item,item,...]}} for the path a.b (a "[]"
// step goes into a one-element list) with as many items as fit in size
// bytes.
func filledBody(path []string, size int) []byte {
	item := path[len(path)-1]
	keys := path[:len(path)-1]
	var open, closing strings.Builder
	open.WriteString(`{"id":"x","company_id":"x","owners":[],`)
	for i, k := range keys {
		if k == "[]" {
			open.WriteString("[{")
			closing.WriteString("}]")
			continue
		}
		fmt.Fprintf(&open, "%q:", k)
		if i < len(keys)-1 && keys[i+1] != "[]" {
			open.WriteString("{")
			closing.WriteString("}")
		}
	}
	open.WriteString("[")
	tail := "]" + reverse(closing.String()) + "}"
	n := (size - open.Len() - len(tail)) / (len(item) + 1)
	b := make([]byte, 0, size)
	b = append(b, open.String()...)
	if n > 0 {
		// The items in one copy, not one write each: the battery builds
		// hundreds of megabytes of them.
		b = append(b, item...)
		b = append(b, bytes.Repeat([]byte(","+item), n-1)...)
	}
	return append(b, tail...)
}

func reverse(s string) string {
	r := []byte(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// hostileBodies builds the memory battery's answers for an operation:
// every list of its answer (and of the records in its lists) filled with
// the cheapest items up to the size cap, a string as long as the cap,
// nesting as deep as the cap allows, and an answer that announces the cap
// and sends nothing.
func hostileBodies(s *openapi3.Schema, size int) []hostileBody {
	var paths [][]string
	arrayPaths(s, nil, 1, &paths)
	bodies := make([]hostileBody, 0, len(paths)+3)
	for _, p := range paths {
		// Fills of a quarter of the cap down to 1/256: a fill the decoder
		// refuses as too costly costs only its reading (which the long
		// string shows at the whole cap), so the worst is the largest one
		// it admits.
		for div := 4; div <= 256; div *= 4 {
			bodies = append(bodies, hostileBody{name: fmt.Sprintf("fill %s at 1/%d of the cap", strings.Join(p, "."), div), body: filledBody(p, size/div)})
		}
	}
	return append(bodies, sharedHostileBodies(size)...)
}

var sharedBodies struct {
	once   sync.Once
	bodies []hostileBody
}

// sharedHostileBodies are the answers of the battery that are the same
// for every operation, built once.
func sharedHostileBodies(size int) []hostileBody {
	sharedBodies.once.Do(func() {
		long := append([]byte(`{"id":"`), bytes.Repeat([]byte("a"), size-10)...)
		sharedBodies.bodies = []hostileBody{
			{name: "long string", body: append(long, `"}`...)},
			{name: "deep nesting", body: append([]byte(`{"id":"x","x":`), bytes.Repeat([]byte("["), size-20)...)},
			{name: "header only", announce: int64(size)},
		}
	})
	return sharedBodies.bodies
}

// allocated runs f and returns the bytes the process allocated meanwhile:
// an upper bound of the call's peak memory.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestHostileAnswersAllocateLessThanTheMemoryBound: for every operation,
// each answer the size cap admits (empty records in every list, long
// strings, deep nesting, a header announcing the cap and no body) costs
// one call less than memoryBound of allocation, and the call fails or
// succeeds without panicking. Run with -v for the table of the worst per
// operation. It is an allocation test: it skips under the race detector
// (which changes what allocates, and made it the slowest test of the
// package, at about nine times its CPU time without), and .ci/run runs
// it without.
func TestHostileAnswersAllocateLessThanTheMemoryBound(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts mean nothing under the race detector: run without -race (.ci/run's allocation step)")
	}
	if runMemoryBatteryInChild(t) {
		return
	}
	doc, err := openapi3.NewLoader().LoadFromData(api.OpenAPI)
	require.NoError(t, err)
	size := registerdata.MaxResponseBytes - 64

	// current is read by the server's goroutines: a request of an earlier
	// body whose client gave up may still be served while the next is set.
	var currentBody atomic.Pointer[hostileBody]
	var currentStatus atomic.Int64 // the operation's success status: only a status it defines is decoded
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		current := currentBody.Load()
		w.Header().Set("Content-Type", "application/json")
		if current.announce > 0 {
			w.Header().Set("Content-Length", strconv.FormatInt(current.announce, 10))
			w.WriteHeader(int(currentStatus.Load()))
			http.NewResponseController(w).Flush()
			<-r.Context().Done()
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(current.body)))
		w.WriteHeader(int(currentStatus.Load()))
		_, _ = w.Write(current.body)
	}))
	t.Cleanup(srv.Close)
	c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL(srv.URL), registerdata.WithMaxRetries(0))
	require.NoError(t, err)

	type worst struct {
		op, body string
		bytes    uint64
	}
	var table []worst
	for _, path := range doc.Paths.InMatchingOrder() {
		for _, op := range doc.Paths.Find(path).Operations() {
			row, ok := hostileOps[op.OperationID]
			require.True(t, ok, op.OperationID)
			w := worst{op: op.OperationID}
			schema, status := successAnswer(op)
			currentStatus.Store(int64(status))
			for _, hb := range hostileBodies(schema, size) {
				currentBody.Store(&hb)
				n := allocated(func() {
					ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
					defer cancel()
					if hb.announce > 0 {
						ctx, cancel = context.WithTimeout(ctx, 20*time.Millisecond)
						defer cancel()
					}
					_ = row.run(ctx, c, op.OperationID)
				})
				assert.Less(t, n, uint64(memoryBound), "%s, %s: %.1f MiB", op.OperationID, hb.name, float64(n)/(1<<20))
				if n > w.bytes {
					w.bytes, w.body = n, hb.name
				}
			}
			table = append(table, w)
		}
	}
	sort.Slice(table, func(i, j int) bool { return table[i].op < table[j].op })
	for _, w := range table {
		t.Logf("%-28s %6.1f MiB  (%s)", w.op, float64(w.bytes)/(1<<20), w.body)
	}
}

// TestHostileAnswerMemory: a 2 GiB answer of unknown length costs at most
// twice the response limit (the buffer grows by doubling) plus 1 MiB of
// allocation, and fails.
func TestHostileAnswerMemory(t *testing.T) {
	const size = 2 << 30
	block := bytes.Repeat([]byte("a"), 64<<10)
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"id":"`))
		for sent := 0; sent < size; sent += len(block) {
			if _, err := w.Write(block); err != nil {
				return
			}
		}
	}))
	t.Cleanup(s.Close)
	c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL(s.URL), registerdata.WithMaxRetries(0))
	require.NoError(t, err)

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err = c.GetCompany(context.Background(), knownCompany, nil)
	runtime.ReadMemStats(&after)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "larger than")
	const limit = 2 * registerdata.MaxResponseBytes
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("allocated %.1f MiB for a 2 GiB answer", float64(allocated)/(1<<20))
	assert.LessOrEqual(t, allocated, uint64(limit+1<<20), "allocation must stay within twice the limit + 1 MiB")
}
