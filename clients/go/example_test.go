package tablestoremock_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/aliyun/aliyun-tablestore-go-sdk/tablestore"

	"tablestoreycsb/clients/go/tablestoremock"
)

// What a team's test looks like: the official SDK against the mock's container, a fault injected
// mid-test, the SDK's retries seen in the mock's journal, then the fault removed and the write done.
// The image is $TABLESTORE_MOCK_IMAGE (default tablestore-mock:dev; docs/mock-admin.md builds it).

func image() string {
	if name := os.Getenv("TABLESTORE_MOCK_IMAGE"); name != "" {
		return name
	}
	return "tablestore-mock:dev"
}

func startMock(t *testing.T, opts ...tablestoremock.Option) *tablestoremock.Container {
	t.Helper()
	mock, err := tablestoremock.Run(context.Background(), image(),
		append([]tablestoremock.Option{tablestoremock.WithCredentials("go-test-id", "go-test-secret")}, opts...)...)
	if err != nil {
		if os.Getenv("TSY_CONTAINER_TESTS") != "required" {
			t.Skipf("the mock's container cannot start here: %v", err)
		}
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = mock.Terminate(context.Background()) })
	return mock
}

const retries = 3

func fewQuickRetries() *tablestore.TableStoreConfig {
	config := tablestore.NewDefaultTableStoreConfig()
	config.RetryTimes = retries
	config.DefaultRetryInterval = 5 * time.Millisecond
	config.MaxRetryInterval = 20 * time.Millisecond
	return config
}

func createUsers(t *testing.T, client *tablestore.TableStoreClient) {
	t.Helper()
	meta := &tablestore.TableMeta{TableName: "users"}
	meta.AddPrimaryKeyColumn("userid", tablestore.PrimaryKeyType_STRING)
	_, err := client.CreateTable(&tablestore.CreateTableRequest{TableMeta: meta,
		TableOption: &tablestore.TableOption{TimeToAlive: -1, MaxVersion: 1}, ReservedThroughput: &tablestore.ReservedThroughput{}})
	if err != nil {
		t.Fatal(err)
	}
}

func putUser(client *tablestore.TableStoreClient, id, name string) error {
	change := &tablestore.PutRowChange{TableName: "users", PrimaryKey: &tablestore.PrimaryKey{}}
	change.PrimaryKey.AddPrimaryKeyColumn("userid", id)
	change.AddColumn("name", name)
	change.SetCondition(tablestore.RowExistenceExpectation_IGNORE)
	_, err := client.PutRow(&tablestore.PutRowRequest{PutRowChange: change})
	return err
}

func TestABusyPutRowIsRetriedThenSucceedsOnceTheFaultIsGone(t *testing.T) {
	ctx := context.Background()
	mock := startMock(t)
	admin := mock.Admin()
	client := mock.Client(fewQuickRetries())
	createUsers(t, client)

	fault, err := admin.AddFault(ctx, "PutRow=OTSServerBusy@1.0")
	if err != nil {
		t.Fatal(err)
	}
	err = putUser(client, "u1", "Ann")

	var refused *tablestore.OtsError
	if !errors.As(err, &refused) || refused.Code != "OTSServerBusy" {
		t.Fatalf("PutRow under the fault: want OTSServerBusy, got %v", err)
	}
	attempts, err := admin.Journal(ctx, tablestoremock.JournalFilter{Action: "PutRow", Table: "users"})
	if err != nil {
		t.Fatal(err)
	}
	if len(attempts) != 1+retries {
		t.Fatalf("want the first try and %d retries in the journal, got %d requests: %+v", retries, len(attempts), attempts)
	}
	for _, a := range attempts {
		if a.Status != 503 || a.ErrorCode != "OTSServerBusy" || !a.Injected || a.Rows[0].PrimaryKey["userid"] != "u1" {
			t.Fatalf("a refused attempt as the journal shows it: %+v", a)
		}
	}
	rules, err := admin.Faults(ctx)
	if err != nil || len(rules) != 1 || rules[0].ID != fault.ID || rules[0].Fired != int64(len(attempts)) {
		t.Fatalf("the rule fired once per attempt: %+v, %v", rules, err)
	}

	if err := admin.ClearFaults(ctx); err != nil {
		t.Fatal(err)
	}
	if err := putUser(client, "u1", "Ann"); err != nil {
		t.Fatalf("PutRow after the fault was removed: %v", err)
	}

	after, err := admin.Journal(ctx, tablestoremock.JournalFilter{Action: "PutRow", Since: attempts[len(attempts)-1].Sequence, SinceSet: true})
	if err != nil || len(after) != 1 || after[0].Status != 200 || after[0].ConsumedCapacity.Write != 1 {
		t.Fatalf("the write after the fault: %+v, %v", after, err)
	}
}

func TestResetLeavesNoTable(t *testing.T) {
	ctx := context.Background()
	mock := startMock(t)
	client := mock.Client(nil)
	createUsers(t, client)

	dropped, err := mock.Admin().Reset(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tables, err := client.ListTable()
	if err != nil {
		t.Fatal(err)
	}
	if dropped.Tables != 1 || len(tables.TableNames) != 0 {
		t.Fatalf("after reset: dropped %+v, tables %v", dropped, tables.TableNames)
	}
}

func TestTheContainerRefusesUnsignedAdminRequests(t *testing.T) {
	ctx := context.Background()
	mock := startMock(t)

	_, err := tablestoremock.NewAdmin(mock.Endpoint, "", "").AddFault(ctx, "PutRow=OTSServerBusy@1.0")

	var refused *tablestoremock.Error
	if !errors.As(err, &refused) || refused.Status != 401 {
		t.Fatalf("an unsigned admin request to the container: want 401, got %v", err)
	}
	if rules, err := mock.Admin().Faults(ctx); err != nil || len(rules) != 0 {
		t.Fatalf("the refused rule must not be there: %+v, %v", rules, err)
	}
}

func TestADataDirectoryKeepsRowsForTheNextContainer(t *testing.T) {
	data := filepath.Join(t.TempDir(), "mock-data")
	first := startMock(t, tablestoremock.WithDataDirectory(data))
	createUsers(t, first.Client(nil))
	if err := putUser(first.Client(nil), "u1", "Ann"); err != nil {
		t.Fatal(err)
	}
	if err := first.Terminate(context.Background()); err != nil { // the container is killed and removed
		t.Fatal(err)
	}

	second := startMock(t, tablestoremock.WithDataDirectory(data))
	got, err := second.Client(nil).GetRow(&tablestore.GetRowRequest{SingleRowQueryCriteria: &tablestore.SingleRowQueryCriteria{
		TableName: "users", PrimaryKey: userKey("u1"), MaxVersion: 1}})
	if err != nil || len(got.Columns) != 1 || got.Columns[0].Value != "Ann" {
		t.Fatalf("the row the first container acknowledged, read from the second: %+v, %v", got, err)
	}
	assertOwnedLikeTheDirectory(t, data)
}

func userKey(id string) *tablestore.PrimaryKey {
	key := &tablestore.PrimaryKey{}
	key.AddPrimaryKeyColumn("userid", id)
	return key
}

// assertOwnedLikeTheDirectory checks that the mock's files belong to the directory's owner.
func assertOwnedLikeTheDirectory(t *testing.T, dir string) {
	t.Helper()
	owner := func(path string) uint32 {
		info, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		return info.Sys().(*syscall.Stat_t).Uid
	}
	for _, name := range []string{"FORMAT", "state.mv", "lock"} {
		if got, want := owner(filepath.Join(dir, name)), owner(dir); got != want {
			t.Fatalf("%s belongs to user %d, the directory to %d", name, got, want)
		}
	}
}
