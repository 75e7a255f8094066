// Command conformance drives a Tablestore endpoint with the official Go SDK
// (github.com/aliyun/aliyun-tablestore-go-sdk) and checks that every answer is what the real
// service gives that SDK.
//
// Usage:
//
//	TABLESTORE_ACCESS_KEY_SECRET=... go run . -endpoint http://127.0.0.1:PORT -instance mock -access-key-id ID [-rows 6000]
//
// Endpoint, instance and access key id may also come from TABLESTORE_ENDPOINT,
// TABLESTORE_INSTANCE and TABLESTORE_ACCESS_KEY_ID. The secret is read only from the
// environment (TABLESTORE_ACCESS_KEY_SECRET) so that it never shows on a command line.
//
// Prints one line per check, "PASS name" or "FAIL name: detail", then "N passed, N failed";
// exits 1 when any check failed, 2 on bad usage.
package main

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"os"
	"reflect"
	"runtime/debug"
	"strings"
	"time"

	"github.com/aliyun/aliyun-tablestore-go-sdk/tablestore"
)

const (
	secretEnv       = "TABLESTORE_ACCESS_KEY_SECRET"
	batchWriteLimit = 200  // rows per BatchWriteRow, the service's limit
	rangeRowLimit   = 5000 // rows the service returns per GetRange at most
)

type config struct {
	endpoint, instance, accessKeyID, secret string
	rows                                    int
}

// checks runs named checks, prints one line for each and counts the outcomes.
type checks struct{ passed, failed int }

func (c *checks) run(name string, fn func() error) (ok bool) {
	defer func() {
		// The SDK dereferences optional protobuf fields without looking: a response that leaves
		// one out panics inside the SDK. That is a conformance failure, not a crash.
		if r := recover(); r != nil {
			c.fail(name, fmt.Sprintf("SDK panicked: %v (%s)", r, panicSite()))
			ok = false
		}
	}()
	if err := fn(); err != nil {
		c.fail(name, describe(err))
		return false
	}
	c.passed++
	fmt.Printf("PASS %s\n", name)
	return true
}

func (c *checks) fail(name, detail string) {
	c.failed++
	fmt.Printf("FAIL %s: %s\n", name, strings.Join(strings.Fields(detail), " "))
}

// panicSite names the SDK source line that panicked, the useful part of the stack.
func panicSite() string {
	for _, line := range strings.Split(string(debug.Stack()), "\n") {
		if strings.Contains(line, "aliyun-tablestore-go-sdk") && strings.Contains(line, ".go:") {
			return strings.TrimSpace(line)
		}
	}
	return "no SDK frame"
}

func describe(err error) string {
	var ots *tablestore.OtsError
	if errors.As(err, &ots) {
		return fmt.Sprintf("service error %s (HTTP %d): %s", ots.Code, ots.HttpStatusCode, ots.Message)
	}
	return err.Error()
}

func expect(cond bool, format string, args ...interface{}) error {
	if !cond {
		return fmt.Errorf(format, args...)
	}
	return nil
}

func expectEqual(actual, expected interface{}, what string) error {
	if !reflect.DeepEqual(actual, expected) {
		return fmt.Errorf("%s: expected %#v, got %#v", what, expected, actual)
	}
	return nil
}

// firstErr returns the first non-nil error: lets a check list its expectations flat.
func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

func expectServiceError(err error, code string, status int) error {
	if err == nil {
		return fmt.Errorf("expected %s, the call succeeded", code)
	}
	var ots *tablestore.OtsError
	if !errors.As(err, &ots) {
		return fmt.Errorf("expected %s, got a client error: %v", code, err)
	}
	return firstErr(
		expectEqual(ots.Code, code, "error code"),
		expectEqual(ots.HttpStatusCode, status, "HTTP status of "+code),
		expect(ots.RequestId != "", "no request id with %s", code))
}

func pk(cols ...interface{}) *tablestore.PrimaryKey {
	key := new(tablestore.PrimaryKey)
	for i := 0; i < len(cols); i += 2 {
		key.AddPrimaryKeyColumn(cols[i].(string), cols[i+1])
	}
	return key
}

// rangeKey is gid=<gid>, uid=-inf or +inf.
func rangeKey(gid int64, max bool) *tablestore.PrimaryKey {
	key := pk("gid", gid)
	if max {
		key.AddPrimaryKeyColumnWithMaxValue("uid")
	} else {
		key.AddPrimaryKeyColumnWithMinValue("uid")
	}
	return key
}

func pkValues(key *tablestore.PrimaryKey) []interface{} {
	if key == nil {
		return nil
	}
	values := []interface{}{}
	for _, c := range key.PrimaryKeys {
		values = append(values, c.ColumnName, c.Value)
	}
	return values
}

func columnsByName(cols []*tablestore.AttributeColumn) map[string]interface{} {
	m := map[string]interface{}{}
	for _, c := range cols {
		m[c.ColumnName] = c.Value
	}
	return m
}

func ignore() *tablestore.RowCondition {
	return &tablestore.RowCondition{RowExistenceExpectation: tablestore.RowExistenceExpectation_IGNORE}
}

type conformance struct {
	cfg                config
	client             *tablestore.TableStoreClient
	strTable, cmpTable string
}

func newClient(cfg config, secret string) *tablestore.TableStoreClient {
	conf := tablestore.NewDefaultTableStoreConfig()
	conf.RetryTimes = 0 // conformance wants each answer as it is, not after retries
	conf.HTTPTimeout.RequestTimeout = 30 * time.Second
	return tablestore.NewClientWithConfig(cfg.endpoint, cfg.instance, cfg.accessKeyID, secret, "", conf)
}

func (t *conformance) putRow(table string, key *tablestore.PrimaryKey, cond *tablestore.RowCondition,
	cols ...interface{}) (*tablestore.PutRowResponse, error) {
	change := &tablestore.PutRowChange{TableName: table, PrimaryKey: key, Condition: cond}
	for i := 0; i < len(cols); i += 2 {
		change.AddColumn(cols[i].(string), cols[i+1])
	}
	return t.client.PutRow(&tablestore.PutRowRequest{PutRowChange: change})
}

func (t *conformance) getRow(table string, key *tablestore.PrimaryKey, columns ...string) (*tablestore.GetRowResponse, error) {
	return t.client.GetRow(&tablestore.GetRowRequest{SingleRowQueryCriteria: &tablestore.SingleRowQueryCriteria{
		TableName: table, PrimaryKey: key, MaxVersion: 1, ColumnsToGet: columns}})
}

// ---- table operations ---------------------------------------------------------------------

func (t *conformance) createTables() error {
	for _, spec := range []struct {
		name string
		cols []string
		typ  []tablestore.PrimaryKeyType
	}{
		{t.strTable, []string{"id"}, []tablestore.PrimaryKeyType{tablestore.PrimaryKeyType_STRING}},
		{t.cmpTable, []string{"gid", "uid"}, []tablestore.PrimaryKeyType{tablestore.PrimaryKeyType_INTEGER, tablestore.PrimaryKeyType_STRING}},
	} {
		meta := &tablestore.TableMeta{TableName: spec.name}
		for i, c := range spec.cols {
			meta.AddPrimaryKeyColumn(c, spec.typ[i])
		}
		_, err := t.client.CreateTable(&tablestore.CreateTableRequest{
			TableMeta:          meta,
			TableOption:        &tablestore.TableOption{TimeToAlive: -1, MaxVersion: 1},
			ReservedThroughput: &tablestore.ReservedThroughput{},
		})
		if err != nil {
			return fmt.Errorf("%s: %s", spec.name, describe(err))
		}
	}
	return nil
}

func (t *conformance) listTable() error {
	resp, err := t.client.ListTable()
	if err != nil {
		return err
	}
	for _, name := range []string{t.strTable, t.cmpTable} {
		if err := expect(contains(resp.TableNames, name), "%s missing from ListTable %v", name, resp.TableNames); err != nil {
			return err
		}
	}
	return expect(resp.RequestId != "", "no request id")
}

func contains(names []string, name string) bool {
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}

func (t *conformance) describeTable() error {
	resp, err := t.client.DescribeTable(&tablestore.DescribeTableRequest{TableName: t.cmpTable})
	if err != nil {
		return err
	}
	var schema []string
	for _, e := range resp.TableMeta.SchemaEntry {
		schema = append(schema, fmt.Sprintf("%s:%d", *e.Name, *e.Type))
	}
	return firstErr(
		expectEqual(resp.TableMeta.TableName, t.cmpTable, "table name"),
		expectEqual(schema, []string{
			fmt.Sprintf("gid:%d", tablestore.PrimaryKeyType_INTEGER),
			fmt.Sprintf("uid:%d", tablestore.PrimaryKeyType_STRING)}, "primary key schema"),
		expectEqual(resp.TableOption.MaxVersion, 1, "max versions"),
		expectEqual(resp.TableOption.TimeToAlive, -1, "time to live"),
		expectEqual(*resp.ReservedThroughput, tablestore.ReservedThroughput{}, "reserved throughput"))
}

func (t *conformance) updateTable() error {
	resp, err := t.client.UpdateTable(&tablestore.UpdateTableRequest{TableName: t.cmpTable,
		TableOption: &tablestore.TableOption{TimeToAlive: -1, MaxVersion: 2}})
	if err != nil {
		return err
	}
	described, err := t.client.DescribeTable(&tablestore.DescribeTableRequest{TableName: t.cmpTable})
	if err != nil {
		return err
	}
	return firstErr(
		expectEqual(resp.TableOption.MaxVersion, 2, "max versions in the UpdateTable response"),
		expectEqual(described.TableOption.MaxVersion, 2, "max versions described after UpdateTable"))
}

// ---- single-row operations ------------------------------------------------------------------

func (t *conformance) putRowCheck() error {
	resp, err := t.putRow(t.strTable, pk("id", "row-1"), ignore(),
		"s", "hello", "i", int64(42), "d", 2.5, "b", true, "bin", []byte{0, 1, 0xff}, "gone", "to be deleted")
	if err != nil {
		return err
	}
	return expect(resp.ConsumedCapacityUnit.Write >= 1, "PutRow consumed %d write CU, expected >= 1",
		resp.ConsumedCapacityUnit.Write)
}

func (t *conformance) getRowCheck() error {
	resp, err := t.getRow(t.strTable, pk("id", "row-1"))
	if err != nil {
		return err
	}
	for _, c := range resp.Columns {
		if c.Timestamp <= 0 {
			return fmt.Errorf("column %s has no timestamp", c.ColumnName)
		}
	}
	return firstErr(
		expect(resp.ConsumedCapacityUnit.Read >= 1, "GetRow consumed %d read CU", resp.ConsumedCapacityUnit.Read),
		expectEqual(pkValues(&resp.PrimaryKey), []interface{}{"id", "row-1"}, "primary key"),
		expectEqual(columnsByName(resp.Columns), map[string]interface{}{
			"s": "hello", "i": int64(42), "d": 2.5, "b": true, "bin": []byte{0, 1, 0xff}, "gone": "to be deleted"},
			"columns"))
}

func (t *conformance) getRowColumnsToGet() error {
	resp, err := t.getRow(t.strTable, pk("id", "row-1"), "i", "s")
	if err != nil {
		return err
	}
	return expectEqual(columnsByName(resp.Columns), map[string]interface{}{"s": "hello", "i": int64(42)},
		"columns_to_get [i, s]")
}

func (t *conformance) getRowMissing() error {
	resp, err := t.getRow(t.strTable, pk("id", "no-such-row"))
	if err != nil {
		return err
	}
	return firstErr(
		expect(len(resp.PrimaryKey.PrimaryKeys) == 0 && len(resp.Columns) == 0, "expected no row, got %v", resp.Columns),
		expect(resp.ConsumedCapacityUnit.Read >= 1, "a miss still costs a read CU, got %d", resp.ConsumedCapacityUnit.Read))
}

func (t *conformance) updateRow() error {
	change := &tablestore.UpdateRowChange{TableName: t.strTable, PrimaryKey: pk("id", "row-1"),
		Condition: &tablestore.RowCondition{RowExistenceExpectation: tablestore.RowExistenceExpectation_EXPECT_EXIST}}
	change.PutColumn("s", "changed")
	change.PutColumn("extra", int64(7))
	change.DeleteColumn("gone")
	if _, err := t.client.UpdateRow(&tablestore.UpdateRowRequest{UpdateRowChange: change}); err != nil {
		return err
	}
	resp, err := t.getRow(t.strTable, pk("id", "row-1"))
	if err != nil {
		return err
	}
	cols := columnsByName(resp.Columns)
	_, stillThere := cols["gone"]
	return firstErr(
		expect(!stillThere, "deleted column still present: %v", cols),
		expectEqual(cols["s"], "changed", "updated column s"),
		expectEqual(cols["extra"], int64(7), "added column extra"),
		expectEqual(cols["i"], int64(42), "untouched column i"))
}

func (t *conformance) deleteRow() error {
	resp, err := t.client.DeleteRow(&tablestore.DeleteRowRequest{DeleteRowChange: &tablestore.DeleteRowChange{
		TableName: t.strTable, PrimaryKey: pk("id", "row-1"), Condition: ignore()}})
	if err != nil {
		return err
	}
	got, err := t.getRow(t.strTable, pk("id", "row-1"))
	if err != nil {
		return err
	}
	return firstErr(
		expect(resp.ConsumedCapacityUnit.Write >= 1, "DeleteRow consumed %d write CU", resp.ConsumedCapacityUnit.Write),
		expect(len(got.Columns) == 0 && len(got.PrimaryKey.PrimaryKeys) == 0, "row still there after DeleteRow"))
}

func (t *conformance) conditionFailure() error {
	if _, err := t.putRow(t.strTable, pk("id", "cond"), ignore(), "v", int64(1)); err != nil {
		return err
	}
	_, putErr := t.putRow(t.strTable, pk("id", "cond"),
		&tablestore.RowCondition{RowExistenceExpectation: tablestore.RowExistenceExpectation_EXPECT_NOT_EXIST}, "v", int64(2))
	update := &tablestore.UpdateRowChange{TableName: t.strTable, PrimaryKey: pk("id", "cond-absent"),
		Condition: &tablestore.RowCondition{RowExistenceExpectation: tablestore.RowExistenceExpectation_EXPECT_EXIST}}
	update.PutColumn("v", int64(1))
	_, updateErr := t.client.UpdateRow(&tablestore.UpdateRowRequest{UpdateRowChange: update})
	got, err := t.getRow(t.strTable, pk("id", "cond"))
	if err != nil {
		return err
	}
	return firstErr(
		expectServiceError(putErr, "OTSConditionCheckFail", 403),
		expectServiceError(updateErr, "OTSConditionCheckFail", 403),
		expectEqual(columnsByName(got.Columns)["v"], int64(1), "value after the failed conditional put"))
}

func (t *conformance) missingTable() error {
	_, getErr := t.getRow("goconf_no_such_table", pk("id", "x"))
	_, describeErr := t.client.DescribeTable(&tablestore.DescribeTableRequest{TableName: "goconf_no_such_table"})
	return firstErr(
		expectServiceError(getErr, "OTSObjectNotExist", 404),
		expectServiceError(describeErr, "OTSObjectNotExist", 404))
}

func (t *conformance) wrongSecret() error {
	bad := newClient(t.cfg, t.cfg.secret+"-wrong")
	_, listErr := bad.ListTable()
	_, getErr := bad.GetRow(&tablestore.GetRowRequest{SingleRowQueryCriteria: &tablestore.SingleRowQueryCriteria{
		TableName: t.strTable, PrimaryKey: pk("id", "x"), MaxVersion: 1}})
	return firstErr(
		expectServiceError(listErr, "OTSAuthFailed", 403),
		expectServiceError(getErr, "OTSAuthFailed", 403))
}

// ---- range and batch operations ----------------------------------------------------------

func (t *conformance) getRangeForward() error {
	for _, uid := range []string{"c", "a", "b"} {
		if _, err := t.putRow(t.cmpTable, pk("gid", int64(1), "uid", uid), ignore(), "v", "v-"+uid); err != nil {
			return err
		}
	}
	if _, err := t.putRow(t.cmpTable, pk("gid", int64(2), "uid", "a"), ignore(), "v", "other"); err != nil {
		return err
	}
	resp, err := t.client.GetRange(&tablestore.GetRangeRequest{RangeRowQueryCriteria: &tablestore.RangeRowQueryCriteria{
		TableName: t.cmpTable, StartPrimaryKey: rangeKey(1, false), EndPrimaryKey: rangeKey(1, true),
		Direction: tablestore.FORWARD, MaxVersion: 1}})
	if err != nil {
		return err
	}
	var keys [][]interface{}
	var values []interface{}
	for _, r := range resp.Rows {
		keys = append(keys, pkValues(r.PrimaryKey))
		values = append(values, columnsByName(r.Columns)["v"])
	}
	if err := firstErr(
		expectEqual(keys, [][]interface{}{
			{"gid", int64(1), "uid", "a"}, {"gid", int64(1), "uid", "b"}, {"gid", int64(1), "uid", "c"}}, "rows of gid=1 in order"),
		expectEqual(values, []interface{}{"v-a", "v-b", "v-c"}, "values"),
		expect(resp.NextStartPrimaryKey == nil, "next start key at the end of the range: %v", pkValues(resp.NextStartPrimaryKey)),
		expect(resp.ConsumedCapacityUnit.Read >= 1, "GetRange consumed %d read CU", resp.ConsumedCapacityUnit.Read),
	); err != nil {
		return err
	}
	back, err := t.client.GetRange(&tablestore.GetRangeRequest{RangeRowQueryCriteria: &tablestore.RangeRowQueryCriteria{
		TableName: t.cmpTable, StartPrimaryKey: rangeKey(1, true), EndPrimaryKey: rangeKey(1, false),
		Direction: tablestore.BACKWARD, MaxVersion: 1, Limit: 2, ColumnsToGet: []string{"v"}}})
	if err != nil {
		return err
	}
	var uids []interface{}
	for _, r := range back.Rows {
		uids = append(uids, r.PrimaryKey.PrimaryKeys[1].Value)
	}
	return expectEqual(uids, []interface{}{"c", "b"}, "backward, limit 2")
}

func (t *conformance) getRangePaginated() error {
	total := t.cfg.rows
	for start := 0; start < total; start += batchWriteLimit {
		req := &tablestore.BatchWriteRowRequest{}
		for n := start; n < total && n < start+batchWriteLimit; n++ {
			change := &tablestore.PutRowChange{TableName: t.cmpTable,
				PrimaryKey: pk("gid", int64(100), "uid", fmt.Sprintf("k%06d", n)), Condition: ignore()}
			change.AddColumn("n", int64(n))
			req.AddRowChange(change)
		}
		resp, err := t.client.BatchWriteRow(req)
		if err != nil {
			return err
		}
		for _, r := range resp.TableToRowsResult[t.cmpTable] {
			if !r.IsSucceed {
				return fmt.Errorf("BatchWriteRow row %d failed: %s %s", r.Index, r.Error.Code, r.Error.Message)
			}
		}
		if got := len(resp.TableToRowsResult[t.cmpTable]); got != len(req.RowChangesGroupByTable[t.cmpTable]) {
			return fmt.Errorf("BatchWriteRow returned %d results for %d rows", got, len(req.RowChangesGroupByTable[t.cmpTable]))
		}
	}
	start, end := rangeKey(100, false), rangeKey(100, true)
	seen, pages := 0, 0
	for start != nil {
		resp, err := t.client.GetRange(&tablestore.GetRangeRequest{RangeRowQueryCriteria: &tablestore.RangeRowQueryCriteria{
			TableName: t.cmpTable, StartPrimaryKey: start, EndPrimaryKey: end, Direction: tablestore.FORWARD, MaxVersion: 1}})
		if err != nil {
			return fmt.Errorf("page %d: %s", pages+1, describe(err))
		}
		pages++
		if pages > total+1 {
			return fmt.Errorf("GetRange does not terminate")
		}
		for _, r := range resp.Rows {
			if err := expectEqual(columnsByName(r.Columns)["n"], int64(seen), fmt.Sprintf("row %d of the scan", seen)); err != nil {
				return err
			}
			seen++
		}
		start = resp.NextStartPrimaryKey
	}
	return firstErr(
		expectEqual(seen, total, fmt.Sprintf("rows read over %d pages", pages)),
		expect(total <= rangeRowLimit || pages >= 2, "%d rows came back in one GetRange page", total))
}

func (t *conformance) computeSplitPointsBySize() error {
	resp, err := t.client.ComputeSplitPointsBySize(&tablestore.ComputeSplitPointsBySizeRequest{TableName: t.cmpTable, SplitSize: 1})
	if err != nil {
		return err
	}
	if err := expect(len(resp.Splits) >= 1, "no splits"); err != nil {
		return err
	}
	first, last := resp.Splits[0].LowerBound.PrimaryKeys, resp.Splits[len(resp.Splits)-1].UpperBound.PrimaryKeys
	for i, s := range resp.Splits {
		if s.Location == "" {
			return fmt.Errorf("split %d of %d has no location", i, len(resp.Splits))
		}
	}
	return firstErr(
		expect(len(first) == 2 && first[0].PrimaryKeyOption == tablestore.MIN, "first split does not start at -inf: %v", first),
		expect(len(last) == 2 && last[0].PrimaryKeyOption == tablestore.MAX, "last split does not end at +inf: %v", last))
}

func (t *conformance) batchGetRow() error {
	criteria := &tablestore.MultiRowQueryCriteria{TableName: t.cmpTable, MaxVersion: 1, ColumnsToGet: []string{"v"}}
	criteria.AddRow(pk("gid", int64(1), "uid", "a"))
	criteria.AddRow(pk("gid", int64(9), "uid", "none"))
	criteria.AddRow(pk("gid", int64(1), "uid", "c"))
	resp, err := t.client.BatchGetRow(&tablestore.BatchGetRowRequest{MultiRowQueryCriteria: []*tablestore.MultiRowQueryCriteria{criteria}})
	if err != nil {
		return err
	}
	rows := resp.TableToRowsResult[t.cmpTable]
	if err := expectEqual(len(rows), 3, "results for 3 keys"); err != nil {
		return err
	}
	for _, r := range rows {
		if !r.IsSucceed {
			return fmt.Errorf("row %d failed: %s %s", r.Index, r.Error.Code, r.Error.Message)
		}
	}
	return firstErr(
		expectEqual(pkValues(&rows[0].PrimaryKey), []interface{}{"gid", int64(1), "uid", "a"}, "first row key"),
		expectEqual(columnsByName(rows[0].Columns), map[string]interface{}{"v": "v-a"}, "first row"),
		expect(len(rows[1].Columns) == 0 && len(rows[1].PrimaryKey.PrimaryKeys) == 0, "missing key returned a row"),
		expectEqual(columnsByName(rows[2].Columns), map[string]interface{}{"v": "v-c"}, "third row"))
}

func (t *conformance) batchWriteRow() error {
	req := &tablestore.BatchWriteRowRequest{}
	req.AddRowChange(&tablestore.PutRowChange{TableName: t.cmpTable, PrimaryKey: pk("gid", int64(3), "uid", "p"),
		Condition: ignore(), Columns: []tablestore.AttributeColumn{{ColumnName: "v", Value: "put"}}})
	update := &tablestore.UpdateRowChange{TableName: t.cmpTable, PrimaryKey: pk("gid", int64(1), "uid", "a"),
		Condition: &tablestore.RowCondition{RowExistenceExpectation: tablestore.RowExistenceExpectation_EXPECT_EXIST}}
	update.PutColumn("v", "upd")
	req.AddRowChange(update)
	req.AddRowChange(&tablestore.DeleteRowChange{TableName: t.cmpTable, PrimaryKey: pk("gid", int64(1), "uid", "b"), Condition: ignore()})
	req.AddRowChange(&tablestore.PutRowChange{TableName: t.cmpTable, PrimaryKey: pk("gid", int64(1), "uid", "c"),
		Condition: &tablestore.RowCondition{RowExistenceExpectation: tablestore.RowExistenceExpectation_EXPECT_NOT_EXIST},
		Columns:   []tablestore.AttributeColumn{{ColumnName: "v", Value: "x"}}})
	resp, err := t.client.BatchWriteRow(req)
	if err != nil {
		return err
	}
	var oks []bool
	for _, r := range resp.TableToRowsResult[t.cmpTable] {
		oks = append(oks, r.IsSucceed)
	}
	if err := expectEqual(oks, []bool{true, true, true, false}, "row results (the 4th violates its condition)"); err != nil {
		return err
	}
	if err := expectEqual(resp.TableToRowsResult[t.cmpTable][3].Error.Code, "OTSConditionCheckFail", "failed row's error code"); err != nil {
		return err
	}
	put, err1 := t.getRow(t.cmpTable, pk("gid", int64(3), "uid", "p"))
	updated, err2 := t.getRow(t.cmpTable, pk("gid", int64(1), "uid", "a"))
	deleted, err3 := t.getRow(t.cmpTable, pk("gid", int64(1), "uid", "b"))
	kept, err4 := t.getRow(t.cmpTable, pk("gid", int64(1), "uid", "c"))
	if err := firstErr(err1, err2, err3, err4); err != nil {
		return err
	}
	return firstErr(
		expectEqual(columnsByName(put.Columns), map[string]interface{}{"v": "put"}, "row put by the batch"),
		expectEqual(columnsByName(updated.Columns), map[string]interface{}{"v": "upd"}, "row updated by the batch"),
		expect(len(deleted.Columns) == 0, "row deleted by the batch still there"),
		expectEqual(columnsByName(kept.Columns), map[string]interface{}{"v": "v-c"}, "row whose conditional put failed"))
}

func (t *conformance) deleteTables() error {
	for _, name := range []string{t.strTable, t.cmpTable} {
		if _, err := t.client.DeleteTable(&tablestore.DeleteTableRequest{TableName: name}); err != nil {
			return fmt.Errorf("%s: %s", name, describe(err))
		}
	}
	resp, err := t.client.ListTable()
	if err != nil {
		return err
	}
	_, describeErr := t.client.DescribeTable(&tablestore.DescribeTableRequest{TableName: t.strTable})
	return firstErr(
		expect(!contains(resp.TableNames, t.strTable) && !contains(resp.TableNames, t.cmpTable),
			"tables still listed after DeleteTable: %v", resp.TableNames),
		expectServiceError(describeErr, "OTSObjectNotExist", 404))
}

func (t *conformance) run() int {
	c := &checks{}
	if c.run("CreateTable", t.createTables) {
		c.run("ListTable", t.listTable)
		c.run("DescribeTable", t.describeTable)
		c.run("UpdateTable", t.updateTable)
		c.run("PutRow", t.putRowCheck)
		c.run("GetRow", t.getRowCheck)
		c.run("GetRow columns_to_get", t.getRowColumnsToGet)
		c.run("GetRow missing row", t.getRowMissing)
		c.run("UpdateRow put and delete column", t.updateRow)
		c.run("DeleteRow", t.deleteRow)
		c.run("GetRange forward", t.getRangeForward)
		c.run("BatchGetRow", t.batchGetRow)
		c.run("BatchWriteRow", t.batchWriteRow)
		c.run(fmt.Sprintf("GetRange paginated over %d rows", t.cfg.rows), t.getRangePaginated)
		c.run("ComputeSplitPointsBySize", t.computeSplitPointsBySize)
		c.run("Condition failure", t.conditionFailure)
		c.run("Missing table", t.missingTable)
		c.run("Wrong secret", t.wrongSecret)
		c.run("DeleteTable", t.deleteTables)
	}
	fmt.Printf("%d passed, %d failed\n", c.passed, c.failed)
	if c.failed > 0 {
		return 1
	}
	return 0
}

func randomSuffix() string {
	b := make([]byte, 4)
	if _, err := rand.Read(b); err != nil {
		return fmt.Sprintf("%08x", time.Now().UnixNano()&0xffffffff)
	}
	return hex.EncodeToString(b)
}

func main() {
	cfg := config{}
	flags := flag.NewFlagSet("conformance", flag.ContinueOnError)
	var usage bytes.Buffer
	flags.SetOutput(&usage)
	flags.StringVar(&cfg.endpoint, "endpoint", os.Getenv("TABLESTORE_ENDPOINT"), "endpoint, http://host:port")
	flags.StringVar(&cfg.instance, "instance", os.Getenv("TABLESTORE_INSTANCE"), "instance name")
	flags.StringVar(&cfg.accessKeyID, "access-key-id", os.Getenv("TABLESTORE_ACCESS_KEY_ID"), "access key id")
	flags.IntVar(&cfg.rows, "rows", 6000, "rows written for the paginated GetRange")
	if err := flags.Parse(os.Args[1:]); err != nil {
		fmt.Fprint(os.Stderr, usage.String())
		os.Exit(2)
	}
	cfg.secret = os.Getenv(secretEnv)
	var missing []string
	for _, p := range []struct{ name, value string }{{"-endpoint", cfg.endpoint}, {"-instance", cfg.instance},
		{"-access-key-id", cfg.accessKeyID}, {secretEnv, cfg.secret}} {
		if p.value == "" {
			missing = append(missing, p.name)
		}
	}
	if len(missing) > 0 {
		fmt.Fprintf(os.Stderr, "conformance: missing %s\n", strings.Join(missing, ", "))
		os.Exit(2)
	}
	suffix := randomSuffix()
	t := &conformance{cfg: cfg, client: newClient(cfg, cfg.secret),
		strTable: "goconf_s_" + suffix, cmpTable: "goconf_c_" + suffix}
	os.Exit(t.run())
}
