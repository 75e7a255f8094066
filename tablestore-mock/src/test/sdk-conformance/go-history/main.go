// Command history drives a Tablestore endpoint with many clients of the official Go SDK at once,
// records every request's invocation, response and outcome, and checks the history:
//
//   - per row, linearizability of gets, puts, atomic increments (the value each returns),
//     compare-and-set updates (a column condition on the value read), insert-if-absent puts,
//     deletes and BatchWriteRow rows, with the Porcupine checker
//     (github.com/anishathalye/porcupine), which cannot be fooled by timing;
//   - a counter only incremented: the acknowledged deltas add up to its final value, and no two
//     increments returned the same value;
//   - the table's stream: every acknowledged write appears exactly once, no failed write appears,
//     the records of a row replay to the values the writes returned, in an order that respects
//     real time (a write acknowledged before another was sent comes first);
//   - the same of what the SDK's TunnelWorker delivers from a Stream tunnel made before the writes;
//   - an auto-increment primary key: every acknowledged insert got a value of its own, each
//     client's values grow, and every acknowledged row is in the table.
//
// Usage:
//
//	TABLESTORE_ACCESS_KEY_SECRET=... history -endpoint http://127.0.0.1:PORT -instance mock -access-key-id ID [-clients 20] [-ops 60]
//
// Prints "PASS name" or "FAIL name: detail" per check, then "N passed, N failed"; exits 1 when a
// check failed, 2 on bad usage. The secret is read only from the environment.
package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	mathrand "math/rand"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/aliyun/aliyun-tablestore-go-sdk/tablestore"
	"github.com/anishathalye/porcupine"
)

const (
	secretEnv     = "TABLESTORE_ACCESS_KEY_SECRET"
	valueColumn   = "v"
	opColumn      = "op" // every write but a delete carries its operation id, so its stream record names it
	counterKey    = "counter"
	checkTimeout  = 2 * time.Minute
	autoIncInsert = 10 // auto-increment inserts per client
)

type config struct {
	endpoint, instance, accessKeyID, secret string
	clients, ops, keys                      int
	seed                                    int64
}

func main() {
	cfg := parseFlags()
	clients := make([]*tablestore.TableStoreClient, cfg.clients)
	for i := range clients {
		clients[i] = newClient(cfg)
	}
	table := "history_" + randomHex(6)
	if err := createTable(clients[0], table); err != nil {
		fmt.Printf("FAIL create table %s: %v\n", table, err)
		os.Exit(1)
	}
	defer clients[0].DeleteTable(&tablestore.DeleteTableRequest{TableName: table})

	tun, err := createStreamTunnel(cfg, table)
	if err != nil {
		fmt.Printf("FAIL create a Stream tunnel of %s: %v\n", table, err)
		os.Exit(1)
	}
	defer tun.delete()

	started := time.Now()
	rec := &recorder{start: started}
	runWorkload(cfg, clients, table, rec)
	history := rec.operations()
	fmt.Printf("history: %d operations by %d clients over %d rows in %s\n",
		len(history), cfg.clients, cfg.keys+1, time.Since(started).Round(time.Millisecond))

	c := &checks{}
	c.run("no request failed unexpectedly", func() error { return rec.unexpectedError() })
	c.run("every row's history is linearizable (Porcupine)", func() error { return checkLinearizable(history) })
	c.run("the counter ends at the sum of its acknowledged increments", func() error {
		return checkCounter(clients[0], table, history)
	})
	var streamed []streamRecord
	c.run("the stream holds every acknowledged write once, in an order the writes allow", func() error {
		records, err := readStream(clients[0], table)
		if err != nil {
			return err
		}
		streamed = records
		return checkStream("stream", history, records)
	})
	c.run("the Tunnel delivers every acknowledged write once, in an order the writes allow", func() error {
		records, err := tun.consume(len(streamed))
		if err != nil {
			return err
		}
		return checkStream("tunnel", history, records)
	})
	c.run("auto-increment keys are unique, grow per client, and every acknowledged row is stored", func() error {
		return checkAutoIncrement(cfg, clients)
	})
	fmt.Printf("%d passed, %d failed\n", c.passed, c.failed)
	if c.failed > 0 {
		os.Exit(1)
	}
}

func parseFlags() config {
	var cfg config
	flag.StringVar(&cfg.endpoint, "endpoint", os.Getenv("TABLESTORE_ENDPOINT"), "endpoint, http://host:port")
	flag.StringVar(&cfg.instance, "instance", os.Getenv("TABLESTORE_INSTANCE"), "instance name")
	flag.StringVar(&cfg.accessKeyID, "access-key-id", os.Getenv("TABLESTORE_ACCESS_KEY_ID"), "access key id")
	flag.IntVar(&cfg.clients, "clients", 20, "concurrent clients, each an SDK client of its own")
	flag.IntVar(&cfg.ops, "ops", 60, "operations per client")
	flag.IntVar(&cfg.keys, "keys", 4, "rows the mixed operations choose from (the counter row comes on top)")
	flag.Int64Var(&cfg.seed, "seed", time.Now().UnixNano(), "seed of the operation choices")
	flag.Parse()
	cfg.secret = os.Getenv(secretEnv)
	var missing []string
	for name, value := range map[string]string{"-endpoint": cfg.endpoint, "-instance": cfg.instance,
		"-access-key-id": cfg.accessKeyID, secretEnv: cfg.secret} {
		if value == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 || cfg.clients < 1 || cfg.ops < 1 || cfg.keys < 1 {
		sort.Strings(missing)
		fmt.Fprintf(os.Stderr, "history: missing %s (or -clients, -ops, -keys below 1)\n", strings.Join(missing, ", "))
		os.Exit(2)
	}
	fmt.Printf("seed %d\n", cfg.seed)
	return cfg
}

func newClient(cfg config) *tablestore.TableStoreClient {
	conf := tablestore.NewDefaultTableStoreConfig()
	// One attempt a request: a retried write whose first attempt was applied would be two writes
	// where the history holds one.
	conf.RetryTimes = 0
	return tablestore.NewClientWithConfig(cfg.endpoint, cfg.instance, cfg.accessKeyID, cfg.secret, "", conf)
}

func createTable(client *tablestore.TableStoreClient, table string) error {
	meta := &tablestore.TableMeta{TableName: table}
	meta.AddPrimaryKeyColumn("pk", tablestore.PrimaryKeyType_STRING)
	_, err := client.CreateTable(&tablestore.CreateTableRequest{
		TableMeta:          meta,
		TableOption:        &tablestore.TableOption{TimeToAlive: -1, MaxVersion: 1},
		ReservedThroughput: &tablestore.ReservedThroughput{Readcap: 0, Writecap: 0},
		StreamSpec:         &tablestore.StreamSpecification{EnableStream: true, ExpirationTime: 24},
	})
	return err
}

// ---- the operations and their history ----

type opKind int

const (
	opGet opKind = iota
	opPut
	opIncrement
	opCompareAndSet
	opInsertIfAbsent
	opDelete
)

func (k opKind) String() string {
	return [...]string{"get", "put", "increment", "compare-and-set", "insert-if-absent", "delete"}[k]
}

// input is what an operation asked; id is unique to it (and travels in the op column).
type input struct {
	kind   opKind
	key    string
	value  int64 // put, insert-if-absent, compare-and-set: the value written; increment: the delta
	expect int64 // compare-and-set: the value the condition requires
	id     int64
}

// output is what the endpoint answered: ok false is a failed condition (nothing written); found
// and value are a get's row, value an increment's result.
type output struct {
	ok    bool
	found bool
	value int64
}

type recorder struct {
	start  time.Time
	mu     sync.Mutex
	ops    []porcupine.Operation
	errs   []string
	nextID int64
}

func (r *recorder) now() int64 { return time.Since(r.start).Nanoseconds() }

func (r *recorder) newID() int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.nextID++
	return r.nextID
}

func (r *recorder) add(client int, in input, out output, call, ret int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ops = append(r.ops, porcupine.Operation{ClientId: client, Input: in, Call: call, Output: out, Return: ret})
}

func (r *recorder) failed(client int, in input, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf("client %d %s %s: %v", client, in.kind, in.key, err))
}

func (r *recorder) operations() []porcupine.Operation {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]porcupine.Operation(nil), r.ops...)
}

func (r *recorder) unexpectedError() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.errs) == 0 {
		return nil
	}
	return fmt.Errorf("%d requests failed other than by their condition (their outcome is unknown, so the history leaves them out); first: %s",
		len(r.errs), r.errs[0])
}

func runWorkload(cfg config, clients []*tablestore.TableStoreClient, table string, rec *recorder) {
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			w := worker{client: clients[c], id: c, table: table, rec: rec,
				rnd: mathrand.New(mathrand.NewSource(cfg.seed + int64(c))), keys: cfg.keys}
			for i := 0; i < cfg.ops; i++ {
				w.step()
			}
		}(c)
	}
	wg.Wait()
}

type worker struct {
	client *tablestore.TableStoreClient
	id     int
	table  string
	rec    *recorder
	rnd    *mathrand.Rand
	keys   int
	// the value this client last read of each row: what its compare-and-set expects
	seen map[string]int64
}

func (w *worker) step() {
	if w.seen == nil {
		w.seen = map[string]int64{}
	}
	key := fmt.Sprintf("row-%d", w.rnd.Intn(w.keys))
	switch p := w.rnd.Intn(100); {
	case p < 22:
		w.get(key)
	case p < 32:
		w.write(input{kind: opPut, key: key, value: w.rnd.Int63n(1000)})
	case p < 52:
		w.write(input{kind: opIncrement, key: key, value: 1 + w.rnd.Int63n(9)})
	case p < 70:
		expect, known := w.seen[key]
		if !known {
			w.get(key)
			return
		}
		w.write(input{kind: opCompareAndSet, key: key, expect: expect, value: expect + 1})
	case p < 76:
		w.write(input{kind: opInsertIfAbsent, key: key, value: w.rnd.Int63n(1000)})
	case p < 80:
		w.write(input{kind: opDelete, key: key})
	case p < 90:
		// Two rows in one BatchWriteRow: an increment of the counter and a put of another row.
		w.batch(input{kind: opIncrement, key: counterKey, value: int64(w.id + 1)},
			input{kind: opPut, key: key, value: w.rnd.Int63n(1000)})
	default:
		w.write(input{kind: opIncrement, key: counterKey, value: int64(w.id + 1)})
	}
}

func (w *worker) pk(key string) *tablestore.PrimaryKey {
	pk := &tablestore.PrimaryKey{}
	pk.AddPrimaryKeyColumn("pk", key)
	return pk
}

func (w *worker) get(key string) {
	in := input{kind: opGet, key: key, id: w.rec.newID()}
	call := w.rec.now()
	resp, err := w.client.GetRow(&tablestore.GetRowRequest{SingleRowQueryCriteria: &tablestore.SingleRowQueryCriteria{
		TableName: w.table, PrimaryKey: w.pk(key), MaxVersion: 1, ColumnsToGet: []string{valueColumn}}})
	ret := w.rec.now()
	if err != nil {
		w.rec.failed(w.id, in, err)
		return
	}
	out := output{ok: true}
	for _, column := range resp.Columns {
		if column.ColumnName == valueColumn {
			out.found, out.value = true, column.Value.(int64)
		}
	}
	if out.found {
		w.seen[key] = out.value
	} else {
		delete(w.seen, key)
	}
	w.rec.add(w.id, in, out, call, ret)
}

// change is the row change that carries in.
func (w *worker) change(in input) tablestore.RowChange {
	switch in.kind {
	case opPut, opInsertIfAbsent:
		change := &tablestore.PutRowChange{TableName: w.table, PrimaryKey: w.pk(in.key)}
		change.AddColumn(valueColumn, in.value)
		change.AddColumn(opColumn, in.id)
		if in.kind == opInsertIfAbsent {
			change.SetCondition(tablestore.RowExistenceExpectation_EXPECT_NOT_EXIST)
		} else {
			change.SetCondition(tablestore.RowExistenceExpectation_IGNORE)
		}
		return change
	case opDelete:
		change := &tablestore.DeleteRowChange{TableName: w.table, PrimaryKey: w.pk(in.key)}
		change.SetCondition(tablestore.RowExistenceExpectation_IGNORE)
		return change
	default:
		change := &tablestore.UpdateRowChange{TableName: w.table, PrimaryKey: w.pk(in.key)}
		change.PutColumn(opColumn, in.id)
		if in.kind == opIncrement {
			change.IncrementColumn(valueColumn, in.value)
			change.SetReturnIncrementValue()
			change.AppendIncrementColumnToReturn(valueColumn)
			change.SetCondition(tablestore.RowExistenceExpectation_IGNORE)
		} else {
			change.PutColumn(valueColumn, in.value)
			change.SetCondition(tablestore.RowExistenceExpectation_EXPECT_EXIST)
			change.SetColumnCondition(tablestore.NewSingleColumnCondition(valueColumn, tablestore.CT_EQUAL, in.expect))
		}
		return change
	}
}

func (w *worker) write(in input) {
	in.id = w.rec.newID()
	call := w.rec.now()
	var err error
	var returned []*tablestore.AttributeColumn
	switch change := w.change(in).(type) {
	case *tablestore.PutRowChange:
		_, err = w.client.PutRow(&tablestore.PutRowRequest{PutRowChange: change})
	case *tablestore.DeleteRowChange:
		_, err = w.client.DeleteRow(&tablestore.DeleteRowRequest{DeleteRowChange: change})
	case *tablestore.UpdateRowChange:
		var resp *tablestore.UpdateRowResponse
		resp, err = w.client.UpdateRow(&tablestore.UpdateRowRequest{UpdateRowChange: change})
		if resp != nil {
			returned = resp.Columns
		}
	}
	ret := w.rec.now()
	w.settle(in, err, returned, call, ret)
}

func (w *worker) batch(ins ...input) {
	request := &tablestore.BatchWriteRowRequest{}
	for i := range ins {
		ins[i].id = w.rec.newID()
		request.AddRowChange(w.change(ins[i]))
	}
	call := w.rec.now()
	resp, err := w.client.BatchWriteRow(request)
	ret := w.rec.now()
	if err != nil {
		for _, in := range ins {
			w.rec.failed(w.id, in, err)
		}
		return
	}
	results := resp.TableToRowsResult[w.table]
	for i, in := range ins {
		if i >= len(results) {
			w.rec.failed(w.id, in, errors.New("no row result"))
			continue
		}
		var rowErr error
		if !results[i].IsSucceed {
			rowErr = &tablestore.OtsError{Code: results[i].Error.Code, Message: results[i].Error.Message}
		}
		// BatchWriteRow returns no increment results: the history knows only that it was applied.
		w.settle(in, rowErr, nil, call, ret)
	}
}

// settle records a write's outcome: applied, refused by its condition, or unknown (an error).
func (w *worker) settle(in input, err error, returned []*tablestore.AttributeColumn, call, ret int64) {
	if err != nil {
		var ots *tablestore.OtsError
		if errors.As(err, &ots) && ots.Code == "OTSConditionCheckFail" {
			w.rec.add(w.id, in, output{ok: false}, call, ret)
			return
		}
		w.rec.failed(w.id, in, err)
		return
	}
	out := output{ok: true, value: -1}
	for _, column := range returned {
		if column.ColumnName == valueColumn {
			out.value = column.Value.(int64)
		}
	}
	if in.kind == opIncrement && returned != nil && out.value < 0 {
		w.rec.failed(w.id, in, errors.New("RT_AFTER_MODIFY returned no value"))
		return
	}
	w.rec.add(w.id, in, out, call, ret)
}

// ---- linearizability ----

// rowState is one row as the model holds it: absent, or present with its value.
type rowState struct {
	present bool
	value   int64
}

// apply returns whether an operation may answer out in state s, and the state it leaves.
func apply(s rowState, in input, out output) (bool, rowState) {
	switch in.kind {
	case opGet:
		return out.found == s.present && (!s.present || out.value == s.value), s
	case opPut:
		return out.ok, rowState{true, in.value}
	case opIncrement:
		base := int64(0)
		if s.present {
			base = s.value
		}
		result := base + in.value
		// out.value < 0: a batch row, whose result the SDK does not return
		return out.ok && (out.value < 0 || out.value == result), rowState{true, result}
	case opCompareAndSet:
		holds := s.present && s.value == in.expect
		if !holds {
			return !out.ok, s
		}
		return out.ok, rowState{true, in.value}
	case opInsertIfAbsent:
		if s.present {
			return !out.ok, s
		}
		return out.ok, rowState{true, in.value}
	case opDelete:
		return out.ok, rowState{}
	}
	return false, s
}

var rowModel = porcupine.Model{
	Partition: func(history []porcupine.Operation) [][]porcupine.Operation {
		byKey := map[string][]porcupine.Operation{}
		var keys []string
		for _, op := range history {
			key := op.Input.(input).key
			if _, ok := byKey[key]; !ok {
				keys = append(keys, key)
			}
			byKey[key] = append(byKey[key], op)
		}
		sort.Strings(keys)
		partitions := make([][]porcupine.Operation, 0, len(keys))
		for _, key := range keys {
			partitions = append(partitions, byKey[key])
		}
		return partitions
	},
	Init: func() interface{} { return rowState{} },
	Step: func(state, in, out interface{}) (bool, interface{}) {
		return apply(state.(rowState), in.(input), out.(output))
	},
	DescribeOperation: func(in, out interface{}) string {
		i, o := in.(input), out.(output)
		return fmt.Sprintf("%s(%s, %d, expect %d) -> ok=%v found=%v value=%d", i.kind, i.key, i.value, i.expect, o.ok, o.found, o.value)
	},
}

func checkLinearizable(history []porcupine.Operation) error {
	result, info := porcupine.CheckOperationsVerbose(rowModel, history, checkTimeout)
	switch result {
	case porcupine.Ok:
		return nil
	case porcupine.Unknown:
		return fmt.Errorf("the checker did not finish within %s", checkTimeout)
	}
	if dir := os.Getenv("HISTORY_VISUALIZATION_DIR"); dir != "" {
		path := dir + "/history.html"
		if f, err := os.Create(path); err == nil {
			_ = porcupine.Visualize(rowModel, info, f)
			f.Close()
			return fmt.Errorf("not linearizable (visualization: %s)", path)
		}
	}
	return errors.New("not linearizable")
}

func checkCounter(client *tablestore.TableStoreClient, table string, history []porcupine.Operation) error {
	var sum int64
	acknowledged := 0
	returned := map[int64]int64{}
	for _, op := range history {
		in, out := op.Input.(input), op.Output.(output)
		if in.key != counterKey || in.kind != opIncrement || !out.ok {
			continue
		}
		sum += in.value
		acknowledged++
		if out.value >= 0 {
			if other, twice := returned[out.value]; twice {
				return fmt.Errorf("increments %d and %d both returned %d", other, in.id, out.value)
			}
			returned[out.value] = in.id
		}
	}
	pk := &tablestore.PrimaryKey{}
	pk.AddPrimaryKeyColumn("pk", counterKey)
	resp, err := client.GetRow(&tablestore.GetRowRequest{SingleRowQueryCriteria: &tablestore.SingleRowQueryCriteria{
		TableName: table, PrimaryKey: pk, MaxVersion: 1, ColumnsToGet: []string{valueColumn}}})
	if err != nil {
		return err
	}
	if len(resp.Columns) != 1 || resp.Columns[0].Value.(int64) != sum {
		return fmt.Errorf("the counter holds %v; its acknowledged increments add up to %d", resp.Columns, sum)
	}
	fmt.Printf("counter: %d acknowledged increments (%d returned their result), sum %d\n", acknowledged, len(returned), sum)
	return nil
}

// ---- the stream ----

type streamRecord struct {
	key     string
	deleted bool
	value   int64
	id      int64 // the op column: the write's id (0 for a delete)
}

func readStream(client *tablestore.TableStoreClient, table string) ([]streamRecord, error) {
	streams, err := client.ListStream(&tablestore.ListStreamRequest{TableName: &table})
	if err != nil {
		return nil, err
	}
	if len(streams.Streams) != 1 {
		return nil, fmt.Errorf("ListStream named %d streams", len(streams.Streams))
	}
	described, err := client.DescribeStream(&tablestore.DescribeStreamRequest{StreamId: streams.Streams[0].Id})
	if err != nil {
		return nil, err
	}
	var records []streamRecord
	for _, shard := range described.Shards {
		iterator, err := client.GetShardIterator(&tablestore.GetShardIteratorRequest{
			StreamId: streams.Streams[0].Id, ShardId: shard.SelfShard})
		if err != nil {
			return nil, err
		}
		iter := iterator.ShardIterator
		for iter != nil {
			page, err := client.GetStreamRecord(&tablestore.GetStreamRecordRequest{ShardIterator: iter})
			if err != nil {
				return nil, err
			}
			for _, r := range page.Records {
				records = append(records, toStreamRecord(r))
			}
			if len(page.Records) == 0 || page.NextShardIterator == nil {
				break
			}
			iter = page.NextShardIterator
		}
	}
	return records, nil
}

func toStreamRecord(r *tablestore.StreamRecord) streamRecord {
	rec := streamRecord{key: r.PrimaryKey.PrimaryKeys[0].Value.(string), deleted: r.Type == tablestore.AT_Delete, value: -1}
	for _, column := range r.Columns {
		if column.Type != tablestore.RCT_Put || column.Name == nil {
			continue
		}
		switch *column.Name {
		case valueColumn:
			rec.value = column.Value.(int64)
		case opColumn:
			rec.id = column.Value.(int64)
		}
	}
	return rec
}

func checkStream(source string, history []porcupine.Operation, records []streamRecord) error {
	writes := map[int64]porcupine.Operation{} // acknowledged writes but deletes, by id
	refused := map[int64]bool{}
	deletes := map[string]int{}
	for _, op := range history {
		in, out := op.Input.(input), op.Output.(output)
		switch {
		case in.kind == opGet:
		case !out.ok:
			refused[in.id] = true
		case in.kind == opDelete:
			deletes[in.key]++
		default:
			writes[in.id] = op
		}
	}
	seen := map[int64]int{}
	byKey := map[string][]streamRecord{}
	for position, r := range records {
		byKey[r.key] = append(byKey[r.key], r)
		if r.deleted {
			deletes[r.key]--
			continue
		}
		if refused[r.id] {
			return fmt.Errorf("record %d is write %d, which was refused by its condition", position, r.id)
		}
		if _, ok := writes[r.id]; !ok {
			return fmt.Errorf("record %d names write %d, which no client acknowledged", position, r.id)
		}
		if at, twice := seen[r.id]; twice {
			return fmt.Errorf("write %d is in the stream twice (records %d and %d)", r.id, at, position)
		}
		seen[r.id] = position
	}
	for id, op := range writes {
		if _, ok := seen[id]; !ok {
			return fmt.Errorf("acknowledged write %d (%s %s) is not in the stream", id, op.Input.(input).kind, op.Input.(input).key)
		}
	}
	for key, missing := range deletes {
		if missing != 0 {
			return fmt.Errorf("row %s: %d acknowledged deletes have no stream record (negative: records without a delete)", key, missing)
		}
	}
	for key, rows := range byKey {
		if err := replay(key, rows, writes); err != nil {
			return err
		}
	}
	fmt.Printf("%s: %d records for %d acknowledged writes and deletes\n", source, len(records), len(writes)+countDeletes(history))
	return nil
}

func countDeletes(history []porcupine.Operation) int {
	n := 0
	for _, op := range history {
		if op.Input.(input).kind == opDelete && op.Output.(output).ok {
			n++
		}
	}
	return n
}

// replay runs a row's records through the model: each write must be possible where the stream
// puts it and leave the value its record holds, and no write may come after one that was sent
// only after it had been acknowledged.
func replay(key string, rows []streamRecord, writes map[int64]porcupine.Operation) error {
	state := rowState{}
	var before []porcupine.Operation
	for i, r := range rows {
		if r.deleted {
			state = rowState{}
			continue
		}
		op := writes[r.id]
		in := op.Input.(input)
		ok, next := apply(state, in, op.Output.(output))
		if !ok {
			return fmt.Errorf("row %s record %d (%s, write %d) cannot follow the state %+v the records before it leave", key, i, in.kind, in.id, state)
		}
		if next.value != r.value {
			return fmt.Errorf("row %s record %d (%s, write %d) holds %d where the write leaves %d", key, i, in.kind, in.id, r.value, next.value)
		}
		for _, earlier := range before {
			if op.Return < earlier.Call {
				return fmt.Errorf("row %s: write %d was acknowledged before write %d was sent, yet comes after it in the stream",
					key, in.id, earlier.Input.(input).id)
			}
		}
		before = append(before, op)
		state = next
	}
	return nil
}

// ---- auto-increment primary keys ----

func checkAutoIncrement(cfg config, clients []*tablestore.TableStoreClient) error {
	table := "history_auto_" + randomHex(6)
	meta := &tablestore.TableMeta{TableName: table}
	meta.AddPrimaryKeyColumn("pk", tablestore.PrimaryKeyType_STRING)
	meta.AddPrimaryKeyColumnOption("seq", tablestore.PrimaryKeyType_INTEGER, tablestore.AUTO_INCREMENT)
	if _, err := clients[0].CreateTable(&tablestore.CreateTableRequest{TableMeta: meta,
		TableOption:        &tablestore.TableOption{TimeToAlive: -1, MaxVersion: 1},
		ReservedThroughput: &tablestore.ReservedThroughput{}}); err != nil {
		return err
	}
	defer clients[0].DeleteTable(&tablestore.DeleteTableRequest{TableName: table})
	values := make([][]int64, len(clients))
	errs := make([]error, len(clients))
	var wg sync.WaitGroup
	for c := range clients {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			for i := 0; i < autoIncInsert; i++ {
				change := &tablestore.PutRowChange{TableName: table, PrimaryKey: &tablestore.PrimaryKey{}}
				change.PrimaryKey.AddPrimaryKeyColumn("pk", "one-partition-key")
				change.PrimaryKey.AddPrimaryKeyColumnWithAutoIncrement("seq")
				change.AddColumn("client", int64(c))
				change.SetCondition(tablestore.RowExistenceExpectation_IGNORE)
				change.SetReturnPk()
				resp, err := clients[c].PutRow(&tablestore.PutRowRequest{PutRowChange: change})
				if err != nil {
					errs[c] = err
					return
				}
				values[c] = append(values[c], resp.PrimaryKey.PrimaryKeys[1].Value.(int64))
			}
		}(c)
	}
	wg.Wait()
	owner := map[int64]int{}
	for c, vs := range values {
		if errs[c] != nil {
			return fmt.Errorf("client %d: %v", c, errs[c])
		}
		for i, v := range vs {
			if other, twice := owner[v]; twice {
				return fmt.Errorf("clients %d and %d both got %d", other, c, v)
			}
			owner[v] = c
			if i > 0 && v <= vs[i-1] {
				return fmt.Errorf("client %d got %d after %d", c, v, vs[i-1])
			}
		}
	}
	stored := 0
	start, end := &tablestore.PrimaryKey{}, &tablestore.PrimaryKey{}
	start.AddPrimaryKeyColumnWithMinValue("pk")
	start.AddPrimaryKeyColumnWithMinValue("seq")
	end.AddPrimaryKeyColumnWithMaxValue("pk")
	end.AddPrimaryKeyColumnWithMaxValue("seq")
	for start != nil {
		resp, err := clients[0].GetRange(&tablestore.GetRangeRequest{RangeRowQueryCriteria: &tablestore.RangeRowQueryCriteria{
			TableName: table, StartPrimaryKey: start, EndPrimaryKey: end, Direction: tablestore.FORWARD, MaxVersion: 1}})
		if err != nil {
			return err
		}
		for _, row := range resp.Rows {
			if _, ok := owner[row.PrimaryKey.PrimaryKeys[1].Value.(int64)]; !ok {
				return fmt.Errorf("row %v was not returned to any client", row.PrimaryKey)
			}
			stored++
		}
		start = resp.NextStartPrimaryKey
	}
	if stored != len(owner) {
		return fmt.Errorf("%d rows stored, %d inserts acknowledged", stored, len(owner))
	}
	return nil
}

// ---- plumbing ----

type checks struct{ passed, failed int }

func (c *checks) run(name string, fn func() error) {
	if err := fn(); err != nil {
		c.failed++
		fmt.Printf("FAIL %s: %v\n", name, err)
		return
	}
	c.passed++
	fmt.Printf("PASS %s\n", name)
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}
