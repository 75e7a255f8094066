// Command tunnelworker consumes a table through the official Go SDK's TunnelWorker
// (github.com/aliyun/aliyun-tablestore-go-sdk/tunnel) and checks that every row arrives: the rows
// written before the tunnel (its BaseData stage), and the rows written and updated while it runs
// (its Stream stage).
//
// Usage:
//
//	TABLESTORE_ACCESS_KEY_SECRET=... go run . -endpoint http://127.0.0.1:PORT -instance mock \
//	    -access-key-id ID -table T -rows-before 2000 [-create] [-rows-during 1000] [-updated 100]
//
// The table must exist with a string primary key "id" and hold the rows "k00000"... up to
// -rows-before, each with an integer column "v" = 0; with -create the program creates it (one
// partition: the Go SDK cannot pre-split a table) and writes those rows itself, after dropping a
// table of that name. The program then creates a BaseAndStream tunnel,
// starts a TunnelWorker, then writes -rows-during new rows (the keys after those) with v = 0 and
// sets v to 1, 2, 3 in turn on the first -updated rows. It waits (up to -timeout) until every row
// has been consumed with its last value, then checks:
//   - every row arrived, and each row's final value;
//   - within a stream channel, records arrive in their sequence order, so a row's updates come in
//     the order they were written;
//   - the tunnel left its BaseData stage for ProcessStream, every BaseData channel TERMINATED.
//
// Prints "consumed N of M rows (B base records, S stream records)", one line per check
// ("PASS name" or "FAIL name: detail"), then "N passed, N failed"; exits 1 when any check failed,
// 2 on bad usage. The secret is read only from the environment so that it never shows on a
// command line.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/aliyun/aliyun-tablestore-go-sdk/tablestore"
	"github.com/aliyun/aliyun-tablestore-go-sdk/tunnel"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

const (
	secretEnv       = "TABLESTORE_ACCESS_KEY_SECRET"
	batchWriteLimit = 200 // rows per BatchWriteRow, the service's limit
	lastUpdate      = 3   // updated rows get v = 1, 2, 3
	tunnelName      = "go-tunnel-worker"
)

type config struct {
	endpoint, instance, accessKeyID, secret, table string
	rowsBefore, rowsDuring, updated                int
	timeout                                        time.Duration
	create                                         bool
}

// consumption is what the worker's channels handed to the program, guarded by its mutex.
type consumption struct {
	mu            sync.Mutex
	lastValue     map[string]int64
	baseRecords   int
	streamRecords int
	// per stream channel: the sequence info of its last record
	lastSequence map[string]*tunnel.SequenceInfo
	outOfOrder   []string
	// per row: the values its stream records carried, in arrival order
	streamValues map[string][]int64
	malformed    []string
}

func (c *consumption) process(ctx *tunnel.ChannelContext, records []*tunnel.Record) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, r := range records {
		key, value, err := keyAndValue(r)
		if err != nil {
			c.malformed = append(c.malformed, err.Error())
			continue
		}
		c.lastValue[key] = value
		if r.SequenceInfo == nil {
			c.baseRecords++
			continue
		}
		c.streamRecords++
		c.streamValues[key] = append(c.streamValues[key], value)
		if last := c.lastSequence[ctx.ChannelId]; last != nil && !tunnel.StreamRecordSequenceLess(last, r.SequenceInfo) {
			c.outOfOrder = append(c.outOfOrder, fmt.Sprintf("channel %s: %+v after %+v", ctx.ChannelId, *r.SequenceInfo, *last))
		}
		c.lastSequence[ctx.ChannelId] = r.SequenceInfo
	}
	return nil
}

func keyAndValue(r *tunnel.Record) (string, int64, error) {
	if r.Type == tunnel.AT_Delete || r.PrimaryKey == nil || len(r.PrimaryKey.PrimaryKeys) != 1 {
		return "", 0, fmt.Errorf("unexpected record %s", r.String())
	}
	key, ok := r.PrimaryKey.PrimaryKeys[0].Value.(string)
	if !ok {
		return "", 0, fmt.Errorf("primary key of %s is not a string", r.String())
	}
	for _, col := range r.Columns {
		if col.Name != nil && *col.Name == "v" {
			if v, ok := col.Value.(int64); ok {
				return key, v, nil
			}
		}
	}
	return "", 0, fmt.Errorf("record of %s has no integer column v: %s", key, r.String())
}

func rowKey(i int) string { return fmt.Sprintf("k%05d", i) }

// expected is each row's final value once the program has written everything.
func expected(cfg config) map[string]int64 {
	want := make(map[string]int64, cfg.rowsBefore+cfg.rowsDuring)
	for i := 0; i < cfg.rowsBefore+cfg.rowsDuring; i++ {
		want[rowKey(i)] = 0
	}
	for i := 0; i < cfg.updated; i++ {
		want[rowKey(i)] = lastUpdate
	}
	return want
}

// createTable drops and creates the table and writes the rows the tunnel's BaseData stage reads.
func createTable(client *tablestore.TableStoreClient, cfg config) error {
	_, _ = client.DeleteTable(&tablestore.DeleteTableRequest{TableName: cfg.table})
	meta := &tablestore.TableMeta{TableName: cfg.table}
	meta.AddPrimaryKeyColumn("id", tablestore.PrimaryKeyType_STRING)
	_, err := client.CreateTable(&tablestore.CreateTableRequest{TableMeta: meta,
		TableOption:        &tablestore.TableOption{TimeToAlive: -1, MaxVersion: 1},
		ReservedThroughput: &tablestore.ReservedThroughput{}})
	if err != nil {
		return fmt.Errorf("CreateTable %s: %w", cfg.table, err)
	}
	return writeRows(client, cfg.table, 0, cfg.rowsBefore)
}

func writeDuring(client *tablestore.TableStoreClient, cfg config) error {
	if err := writeRows(client, cfg.table, cfg.rowsBefore, cfg.rowsBefore+cfg.rowsDuring); err != nil {
		return err
	}
	return updateRows(client, cfg)
}

// writeRows puts rows [first, end) with v = 0.
func writeRows(client *tablestore.TableStoreClient, table string, first, end int) error {
	for from := first; from < end; from += batchWriteLimit {
		batch := &tablestore.BatchWriteRowRequest{}
		for i := from; i < from+batchWriteLimit && i < end; i++ {
			put := &tablestore.PutRowChange{TableName: table, PrimaryKey: &tablestore.PrimaryKey{}}
			put.PrimaryKey.AddPrimaryKeyColumn("id", rowKey(i))
			put.AddColumn("v", int64(0))
			put.SetCondition(tablestore.RowExistenceExpectation_IGNORE)
			batch.AddRowChange(put)
		}
		resp, err := client.BatchWriteRow(batch)
		if err != nil {
			return fmt.Errorf("BatchWriteRow from %s: %w", rowKey(from), err)
		}
		for _, rows := range resp.TableToRowsResult {
			for _, row := range rows {
				if !row.IsSucceed {
					return fmt.Errorf("BatchWriteRow from %s: a row failed: %v", rowKey(from), row.Error)
				}
			}
		}
	}
	return nil
}

// updateRows sets v to 1, 2, 3 in turn on the first -updated rows.
func updateRows(client *tablestore.TableStoreClient, cfg config) error {
	for v := int64(1); v <= lastUpdate; v++ {
		for i := 0; i < cfg.updated; i++ {
			update := &tablestore.UpdateRowChange{TableName: cfg.table, PrimaryKey: &tablestore.PrimaryKey{}}
			update.PrimaryKey.AddPrimaryKeyColumn("id", rowKey(i))
			update.PutColumn("v", v)
			update.SetCondition(tablestore.RowExistenceExpectation_EXPECT_EXIST)
			if _, err := client.UpdateRow(&tablestore.UpdateRowRequest{UpdateRowChange: update}); err != nil {
				return fmt.Errorf("UpdateRow %s to v=%d: %w", rowKey(i), v, err)
			}
		}
	}
	return nil
}

// waitForEveryRow returns once every row has been consumed with its final value, or at the deadline.
func waitForEveryRow(c *consumption, want map[string]int64, deadline time.Time) int {
	for {
		c.mu.Lock()
		done := 0
		for key, v := range want {
			if got, ok := c.lastValue[key]; ok && got == v {
				done++
			}
		}
		c.mu.Unlock()
		if done == len(want) || time.Now().After(deadline) {
			return done
		}
		time.Sleep(200 * time.Millisecond)
	}
}

type checks struct{ passed, failed int }

func (c *checks) check(name string, err error) {
	if err != nil {
		c.failed++
		fmt.Printf("FAIL %s: %s\n", name, strings.Join(strings.Fields(err.Error()), " "))
		return
	}
	c.passed++
	fmt.Printf("PASS %s\n", name)
}

func firstFew(items []string) string {
	sort.Strings(items)
	if len(items) > 5 {
		return strings.Join(items[:5], "; ") + fmt.Sprintf("; ... (%d in all)", len(items))
	}
	return strings.Join(items, "; ")
}

func parseArgs() (config, error) {
	cfg := config{}
	flag.StringVar(&cfg.endpoint, "endpoint", os.Getenv("TABLESTORE_ENDPOINT"), "endpoint, e.g. http://127.0.0.1:8800")
	flag.StringVar(&cfg.instance, "instance", os.Getenv("TABLESTORE_INSTANCE"), "instance name")
	flag.StringVar(&cfg.accessKeyID, "access-key-id", os.Getenv("TABLESTORE_ACCESS_KEY_ID"), "access key id")
	flag.StringVar(&cfg.table, "table", "", "table to consume (string primary key id, integer column v)")
	flag.IntVar(&cfg.rowsBefore, "rows-before", 0, "rows k00000... the table holds before the tunnel")
	flag.IntVar(&cfg.rowsDuring, "rows-during", 1000, "rows to write while the worker runs")
	flag.IntVar(&cfg.updated, "updated", 100, "rows to update three times while the worker runs")
	flag.DurationVar(&cfg.timeout, "timeout", 150*time.Second, "how long to wait for every row")
	flag.BoolVar(&cfg.create, "create", false, "drop and create the table and write its first rows")
	flag.Parse()
	cfg.secret = os.Getenv(secretEnv)
	switch {
	case cfg.endpoint == "" || cfg.instance == "" || cfg.accessKeyID == "" || cfg.table == "":
		return cfg, errors.New("-endpoint, -instance, -access-key-id and -table are required")
	case cfg.secret == "":
		return cfg, errors.New(secretEnv + " is not set")
	case cfg.rowsBefore < cfg.updated || cfg.rowsDuring < 0:
		return cfg, errors.New("-updated must not exceed -rows-before, -rows-during must not be negative")
	}
	return cfg, nil
}

func main() {
	cfg, err := parseArgs()
	if err != nil {
		fmt.Fprintln(os.Stderr, "tunnelworker:", err)
		os.Exit(2)
	}
	// The worker logs to stderr (warnings and errors only), not to ./tunnelClient.log.
	logConfig := tunnel.DefaultLogConfig
	logConfig.Level = zap.NewAtomicLevelAt(zap.WarnLevel)
	logger, _ := logConfig.Build(tunnel.ReplaceLogCore(zapcore.AddSync(os.Stderr), logConfig))

	tunnelClient := tunnel.NewTunnelClient(cfg.endpoint, cfg.instance, cfg.accessKeyID, cfg.secret)
	tableClient := tablestore.NewClient(cfg.endpoint, cfg.instance, cfg.accessKeyID, cfg.secret)
	var c checks

	if cfg.create {
		c.check("table created with its first rows", createTable(tableClient, cfg))
	}
	created, err := tunnelClient.CreateTunnel(&tunnel.CreateTunnelRequest{
		TableName: cfg.table, TunnelName: tunnelName, Type: tunnel.TunnelTypeBaseStream})
	c.check("CreateTunnel BaseAndStream", err)
	if err != nil {
		fmt.Printf("%d passed, %d failed\n", c.passed, c.failed)
		os.Exit(1)
	}

	consumed := &consumption{lastValue: map[string]int64{}, lastSequence: map[string]*tunnel.SequenceInfo{},
		streamValues: map[string][]int64{}}
	daemon := tunnel.NewTunnelDaemon(tunnelClient, created.TunnelId, &tunnel.TunnelWorkerConfig{
		// Short heartbeats so that the stream channels, handed out once the BaseData ones are
		// done, start within seconds (the default interval is 30 s).
		HeartbeatInterval: 2 * time.Second,
		HeartbeatTimeout:  60 * time.Second,
		LogConfig:         &logConfig,
		LogWriteSyncer:    zapcore.AddSync(os.Stderr),
		ProcessorFactory: &tunnel.SimpleProcessFactory{
			ProcessFunc: consumed.process,
			CpInterval:  time.Second,
			Logger:      logger,
		},
	})
	workerErr := make(chan error, 1)
	go func() { workerErr <- daemon.Run() }()

	c.check("rows written while the worker runs", writeDuring(tableClient, cfg))

	want := expected(cfg)
	done := waitForEveryRow(consumed, want, time.Now().Add(cfg.timeout))
	consumed.mu.Lock()
	fmt.Printf("consumed %d of %d rows (%d base records, %d stream records)\n",
		done, len(want), consumed.baseRecords, consumed.streamRecords)
	var missing []string
	for key, v := range want {
		if got, ok := consumed.lastValue[key]; !ok {
			missing = append(missing, key+" never arrived")
		} else if got != v {
			missing = append(missing, fmt.Sprintf("%s last arrived with v=%d, want %d", key, got, v))
		}
	}
	if len(missing) > 0 {
		c.check("every row consumed with its last value", errors.New(firstFew(missing)))
	} else {
		c.check("every row consumed with its last value", nil)
	}
	var unordered []string
	for i := 0; i < cfg.updated; i++ {
		values := consumed.streamValues[rowKey(i)]
		if !sort.SliceIsSorted(values, func(a, b int) bool { return values[a] < values[b] }) ||
			len(values) == 0 || values[len(values)-1] != lastUpdate {
			unordered = append(unordered, fmt.Sprintf("%s: %v", rowKey(i), values))
		}
	}
	orderProblems := append(append([]string{}, consumed.outOfOrder...), unordered...)
	orderProblems = append(orderProblems, consumed.malformed...)
	if len(orderProblems) > 0 {
		c.check("stream records in sequence order per channel, each row's updates in write order",
			errors.New(firstFew(orderProblems)))
	} else {
		c.check("stream records in sequence order per channel, each row's updates in write order", nil)
	}
	consumed.mu.Unlock()

	described, err := tunnelClient.DescribeTunnel(&tunnel.DescribeTunnelRequest{TableName: cfg.table, TunnelName: tunnelName})
	if err == nil {
		var notDone []string
		for _, ch := range described.Channels {
			if ch.ChannelType == "BaseData" && ch.ChannelStatus != "TERMINATED" {
				notDone = append(notDone, ch.ChannelId+" "+ch.ChannelStatus)
			}
		}
		switch {
		case described.Tunnel.Stage != "ProcessStream":
			err = fmt.Errorf("stage %q, want ProcessStream", described.Tunnel.Stage)
		case len(notDone) > 0:
			err = fmt.Errorf("BaseData channels not TERMINATED: %s", firstFew(notDone))
		}
	}
	c.check("the tunnel moved from its BaseData stage to ProcessStream", err)

	daemon.Close()
	select {
	case err := <-workerErr:
		if err != nil {
			c.check("the worker stops cleanly", err)
		}
	case <-time.After(10 * time.Second):
	}
	_, err = tunnelClient.DeleteTunnel(&tunnel.DeleteTunnelRequest{TableName: cfg.table, TunnelName: tunnelName})
	c.check("DeleteTunnel", err)

	fmt.Printf("%d passed, %d failed\n", c.passed, c.failed)
	if c.failed > 0 {
		os.Exit(1)
	}
}
