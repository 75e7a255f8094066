module tablestoreycsb/sdk-conformance/go-history

go 1.21

require (
	github.com/aliyun/aliyun-tablestore-go-sdk v1.7.17
	github.com/anishathalye/porcupine v1.3.1
	go.uber.org/zap v1.19.0
)

require (
	github.com/cenkalti/backoff v2.2.1+incompatible // indirect
	github.com/golang/mock v1.3.1 // indirect
	github.com/golang/protobuf v1.3.2 // indirect
	github.com/google/flatbuffers v23.5.26+incompatible // indirect
	github.com/hashicorp/golang-lru v0.5.4 // indirect
	github.com/satori/go.uuid v1.2.0 // indirect
	go.uber.org/atomic v1.9.0 // indirect
	go.uber.org/multierr v1.6.0 // indirect
	gopkg.in/natefinch/lumberjack.v2 v2.0.0 // indirect
)
