package matchfile

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sync"
)

// CallLog keeps the answers of the paid calls made for the rows of one
// chunk of the input (a range of rows a run works on at once),
// so that a run stopped in the middle of a row does not pay again for the
// calls that row had made: the resumed run replays them from the log. It
// is a line log like Journal's (a header written whole with atomicfile,
// then checksummed lines each fsynced before Put returns, a torn end cut
// off on open), in its own file beside the output (the CLI's is
// OUT.resume-calls). Reset empties it when a chunk is done, so it holds
// at most one chunk's answers.
//
// What it cannot do: an answer the service sent but the process was
// killed before Put synced it is lost, and the call is made (and paid)
// again; the service has no idempotency key to prevent that. At most the
// calls in flight at the moment of the stop are concerned.
type CallLog struct {
	mu    sync.Mutex
	log   *lineLog
	path  string
	head  JournalHeader
	chunk int
	calls map[string]entry
}

type callLine struct {
	Key   string `json:"k"` // hex SHA-256 of the call's key
	Value []byte `json:"v"`
}

// OpenCallLog opens the log at path for a run with header h. With
// resume, an existing log of the same header is read, whatever chunk it
// holds (see Chunk); otherwise (or when it belongs to another run) the
// log is replaced by an empty one for chunk 0.
func OpenCallLog(path string, h JournalHeader, resume bool) (*CallLog, error) {
	c := &CallLog{path: path, head: h, calls: map[string]entry{}}
	if resume {
		var err error
		c.log, err = openLog(path, func(b []byte) error {
			var got journalHead
			if checkHead(path, b, h) != nil || json.Unmarshal(b, &got) != nil || got.Calls < 1 {
				return errStale
			}
			c.chunk = got.Calls - 1
			return nil
		}, c.index)
		if err == nil {
			return c, nil
		}
		if !errors.Is(err, os.ErrNotExist) && !errors.Is(err, errStale) {
			return nil, err
		}
		c.calls = map[string]entry{}
	}
	return c, c.create()
}

var errStale = errors.New("the call log belongs to another chunk")

func (c *CallLog) create() error {
	head, err := json.Marshal(journalHead{Version: journalVersion, JournalHeader: c.head, Calls: c.chunk + 1})
	if err != nil {
		return err
	}
	l, err := createLog(c.path, head)
	if err != nil {
		return err
	}
	c.log = l
	return nil
}

func (c *CallLog) index(off int64, n int, payload []byte) error {
	var l callLine
	if err := json.Unmarshal(payload, &l); err != nil {
		return fmt.Errorf("%s: a line at byte %d is not a call: delete the file to start over", c.path, off)
	}
	c.calls[l.Key] = entry{off: off, n: n}
	return nil
}

func hashKey(key string) string {
	h := sha256.Sum256([]byte(key))
	return hex.EncodeToString(h[:])
}

// Get returns the value Put under key in this chunk.
func (c *CallLog) Get(key string) ([]byte, bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.calls[hashKey(key)]
	if !ok {
		return nil, false, nil
	}
	b, err := c.log.read(e.off, e.n)
	if err != nil {
		return nil, false, err
	}
	var l callLine
	if err := json.Unmarshal(b, &l); err != nil {
		return nil, false, err
	}
	return l.Value, true, nil
}

// Put appends value under key and syncs it to disk.
func (c *CallLog) Put(key string, value []byte) error {
	b, err := json.Marshal(callLine{Key: hashKey(key), Value: value})
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	off, n, err := c.log.append(b)
	if err != nil {
		return fmt.Errorf("matchfile: recording a call in %s: %w", c.path, err)
	}
	c.calls[hashKey(key)] = entry{off: off, n: n}
	return nil
}

// Wait returns when no Put is in progress: every answer Put so far is
// on disk. A caller whose Put may have been given up on (a cache bounded
// in time, such as the SDK's) calls it before it sends the next request.
func (c *CallLog) Wait() {
	c.mu.Lock()
	defer c.mu.Unlock()
}

// Chunk is the chunk the log holds the calls of.
func (c *CallLog) Chunk() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.chunk
}

// Reset empties the log for chunk.
func (c *CallLog) Reset(chunk int) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	_ = c.log.close()
	c.chunk, c.calls = chunk, map[string]entry{}
	return c.create()
}

// Close closes the file.
func (c *CallLog) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.log.close()
}
