// Package tablestoremock runs tablestore-mock, the local Tablestore endpoint, in a container for Go
// tests (on testcontainers-go) and wraps its admin API (/_mock/...): faults, latency, capacity, the
// request journal, reset. See docs/mock-admin.md.
package tablestoremock

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha1"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Admin is a client of one mock's admin API. With credentials every request is signed (a mock
// bound beyond loopback, such as the container, refuses unsigned ones); without, they go unsigned.
type Admin struct {
	endpoint        string
	accessKeyID     string
	accessKeySecret string
	http            *http.Client
}

// NewAdmin returns a client of the admin API at endpoint (e.g. http://127.0.0.1:8800); empty
// credentials send unsigned requests (enough for a mock bound to loopback).
func NewAdmin(endpoint, accessKeyID, accessKeySecret string) *Admin {
	return &Admin{endpoint: strings.TrimRight(endpoint, "/"), accessKeyID: accessKeyID,
		accessKeySecret: accessKeySecret, http: &http.Client{Timeout: 30 * time.Second}}
}

// Error is a refusal of the admin API: its HTTP status and the mock's message.
type Error struct {
	Status  int
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("%d: %s", e.Status, e.Message) }

// Rule is a fault or latency rule as the mock holds it.
type Rule struct {
	ID        int64   `json:"id"`
	Spec      string  `json:"spec"`
	Action    string  `json:"action"`
	PerRow    bool    `json:"perRow"`
	ErrorCode string  `json:"errorCode"`
	Rate      float64 `json:"rate"`
	Message   string  `json:"message"`
	// Fired counts the requests (or rows) a fault rule failed, the requests a latency rule delayed.
	Fired int64 `json:"fired"`
}

// RecordedRow is one row a request named.
type RecordedRow struct {
	Table        string         `json:"table"`
	PrimaryKey   map[string]any `json:"primaryKey"`
	Succeeded    bool           `json:"succeeded"`
	ErrorCode    string         `json:"errorCode"`
	ErrorMessage string         `json:"errorMessage"`
	Injected     bool           `json:"injected"`
}

// RecordedRequest is one request the mock served, as its journal keeps it.
type RecordedRequest struct {
	Sequence         int64         `json:"sequence"`
	Time             string        `json:"time"`
	Action           string        `json:"action"`
	Table            string        `json:"table"`
	Rows             []RecordedRow `json:"rows"`
	Status           int           `json:"status"`
	Succeeded        bool          `json:"succeeded"`
	ErrorCode        string        `json:"errorCode"`
	ErrorMessage     string        `json:"errorMessage"`
	Injected         bool          `json:"injected"`
	RequestID        string        `json:"requestId"`
	ConsumedCapacity struct {
		Read  int `json:"read"`
		Write int `json:"write"`
	} `json:"consumedCapacity"`
	DelayMs float64 `json:"delayMs"`
}

// JournalFilter selects recorded requests; zero values select all.
type JournalFilter struct {
	Action string // e.g. PutRow
	Table  string
	Since  int64 // only requests after this sequence number; 0 with SinceSet false: all
	// SinceSet makes Since apply (sequence numbers start at 0).
	SinceSet bool
}

// Reset is what POST /_mock/reset dropped.
type Reset struct {
	Tables       int `json:"tables"`
	Tunnels      int `json:"tunnels"`
	Transactions int `json:"transactions"`
}

// Signature is X-Mock-Signature: Base64(HMAC-SHA1(secret, METHOD \n TARGET \n DATE \n Base64(MD5(body)))).
func Signature(secret, method, target, date string, body []byte) string {
	sum := md5.Sum(body)
	toSign := method + "\n" + target + "\n" + date + "\n" + base64.StdEncoding.EncodeToString(sum[:])
	mac := hmac.New(sha1.New, []byte(secret))
	mac.Write([]byte(toSign))
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// Do sends one request and decodes its JSON reply into out (nil: ignored).
func (a *Admin) Do(ctx context.Context, method, target, body string, out any) error {
	req, err := http.NewRequestWithContext(ctx, method, a.endpoint+target, bytes.NewReader([]byte(body)))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "text/plain; charset=utf-8")
	if a.accessKeyID != "" {
		date := time.Now().UTC().Format("2006-01-02T15:04:05Z")
		req.Header.Set("X-Mock-AccessKeyId", a.accessKeyID)
		req.Header.Set("X-Mock-Date", date)
		req.Header.Set("X-Mock-Signature", Signature(a.accessKeySecret, method, target, date, []byte(body)))
	}
	resp, err := a.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode >= 400 {
		var refusal struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(data, &refusal) != nil || refusal.Error == "" {
			refusal.Error = string(data)
		}
		return &Error{Status: resp.StatusCode, Message: refusal.Error}
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(data, out)
}

// AddFault adds a rule in the --fault syntax, e.g. PutRow=OTSServerBusy@1.0.
func (a *Admin) AddFault(ctx context.Context, spec string) (Rule, error) {
	var rule Rule
	err := a.Do(ctx, http.MethodPost, "/_mock/faults", spec, &rule)
	return rule, err
}

// Faults lists the fault rules with their ids and how often each fired.
func (a *Admin) Faults(ctx context.Context) ([]Rule, error) {
	var reply struct {
		Faults []Rule `json:"faults"`
	}
	err := a.Do(ctx, http.MethodGet, "/_mock/faults", "", &reply)
	return reply.Faults, err
}

// RemoveFault removes one fault rule.
func (a *Admin) RemoveFault(ctx context.Context, id int64) error {
	return a.Do(ctx, http.MethodDelete, "/_mock/faults/"+strconv.FormatInt(id, 10), "", nil)
}

// ClearFaults removes every fault rule.
func (a *Admin) ClearFaults(ctx context.Context) error {
	return a.Do(ctx, http.MethodDelete, "/_mock/faults", "", nil)
}

// AddLatency adds a rule in the --latency syntax, e.g. GetRow=uniform(1ms,5ms).
func (a *Admin) AddLatency(ctx context.Context, spec string) (Rule, error) {
	var rule Rule
	err := a.Do(ctx, http.MethodPost, "/_mock/latency", spec, &rule)
	return rule, err
}

// ClearLatencies removes every latency rule.
func (a *Admin) ClearLatencies(ctx context.Context) error {
	return a.Do(ctx, http.MethodDelete, "/_mock/latency", "", nil)
}

// SetPartitionCapacity sets rows per second per partition; 0 is unlimited.
func (a *Admin) SetPartitionCapacity(ctx context.Context, rowsPerSecond float64) error {
	return a.Do(ctx, http.MethodPost, "/_mock/capacity", strconv.FormatFloat(rowsPerSecond, 'f', -1, 64), nil)
}

// Journal returns the recorded requests that match filter, oldest first.
func (a *Admin) Journal(ctx context.Context, filter JournalFilter) ([]RecordedRequest, error) {
	query := url.Values{}
	if filter.Action != "" {
		query.Set("action", filter.Action)
	}
	if filter.Table != "" {
		query.Set("table", filter.Table)
	}
	if filter.SinceSet {
		query.Set("since", strconv.FormatInt(filter.Since, 10))
	}
	target := "/_mock/journal"
	if len(query) > 0 {
		target += "?" + query.Encode()
	}
	var reply struct {
		Requests []RecordedRequest `json:"requests"`
	}
	err := a.Do(ctx, http.MethodGet, target, "", &reply)
	return reply.Requests, err
}

// ClearJournal forgets every recorded request.
func (a *Admin) ClearJournal(ctx context.Context) error {
	return a.Do(ctx, http.MethodDelete, "/_mock/journal", "", nil)
}

// Reset drops every table, row, stream, tunnel and local transaction; faults and journal stay.
func (a *Admin) Reset(ctx context.Context) (Reset, error) {
	var dropped Reset
	err := a.Do(ctx, http.MethodPost, "/_mock/reset", "", &dropped)
	return dropped, err
}

// Health answers while the mock serves.
func (a *Admin) Health(ctx context.Context) (map[string]any, error) {
	var health map[string]any
	err := a.Do(ctx, http.MethodGet, "/_mock/health", "", &health)
	return health, err
}
