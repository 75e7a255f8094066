package main

import (
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/aliyun/aliyun-tablestore-go-sdk/tunnel"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

const tunnelWait = 90 * time.Second

// streamTunnel is a Stream tunnel made before the workload, so that it carries every write.
type streamTunnel struct {
	client tunnel.TunnelClient
	table  string
	name   string
	id     string
}

func createStreamTunnel(cfg config, table string) (*streamTunnel, error) {
	client := tunnel.NewTunnelClient(cfg.endpoint, cfg.instance, cfg.accessKeyID, cfg.secret)
	t := &streamTunnel{client: client, table: table, name: "history"}
	created, err := client.CreateTunnel(&tunnel.CreateTunnelRequest{TableName: table, TunnelName: t.name,
		Type: tunnel.TunnelTypeStream})
	if err != nil {
		return nil, err
	}
	t.id = created.TunnelId
	return t, nil
}

// consume runs the SDK's TunnelWorker until it has delivered want records (or tunnelWait passed)
// and returns them in the order the worker handed them over (one partition: one channel).
func (t *streamTunnel) consume(want int) ([]streamRecord, error) {
	logConfig := tunnel.DefaultLogConfig
	logConfig.Level = zap.NewAtomicLevelAt(zap.WarnLevel)
	logger, _ := logConfig.Build(tunnel.ReplaceLogCore(zapcore.AddSync(os.Stderr), logConfig))
	var mu sync.Mutex
	var records []streamRecord
	daemon := tunnel.NewTunnelDaemon(t.client, t.id, &tunnel.TunnelWorkerConfig{
		HeartbeatInterval: 2 * time.Second,
		HeartbeatTimeout:  60 * time.Second,
		LogConfig:         &logConfig,
		LogWriteSyncer:    zapcore.AddSync(os.Stderr),
		ProcessorFactory: &tunnel.SimpleProcessFactory{
			ProcessFunc: func(ctx *tunnel.ChannelContext, batch []*tunnel.Record) error {
				mu.Lock()
				defer mu.Unlock()
				for _, r := range batch {
					records = append(records, fromTunnelRecord(r))
				}
				return nil
			},
			CpInterval: time.Second,
			Logger:     logger,
		},
	})
	go func() { _ = daemon.Run() }()
	defer daemon.Close()
	deadline := time.Now().Add(tunnelWait)
	for {
		mu.Lock()
		got := len(records)
		mu.Unlock()
		if got >= want || time.Now().After(deadline) {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	// A little longer, so that a record delivered twice would show.
	time.Sleep(time.Second)
	mu.Lock()
	defer mu.Unlock()
	if len(records) < want {
		return records, fmt.Errorf("the tunnel delivered %d of %d records within %s", len(records), want, tunnelWait)
	}
	return append([]streamRecord(nil), records...), nil
}

func (t *streamTunnel) delete() {
	_, _ = t.client.DeleteTunnel(&tunnel.DeleteTunnelRequest{TableName: t.table, TunnelName: t.name})
}

func fromTunnelRecord(r *tunnel.Record) streamRecord {
	rec := streamRecord{deleted: r.Type == tunnel.AT_Delete, value: -1}
	if r.PrimaryKey != nil && len(r.PrimaryKey.PrimaryKeys) > 0 {
		rec.key, _ = r.PrimaryKey.PrimaryKeys[0].Value.(string)
	}
	for _, column := range r.Columns {
		if column.Type != tunnel.RCT_Put || column.Name == nil {
			continue
		}
		switch *column.Name {
		case valueColumn:
			rec.value, _ = column.Value.(int64)
		case opColumn:
			rec.id, _ = column.Value.(int64)
		}
	}
	return rec
}
