module tablestoreycsb/sdk-conformance/go-history

go 1.21

require (
	github.com/aliyun/aliyun-tablestore-go-sdk v4.1.3+incompatible
	github.com/anishathalye/porcupine v1.3.1
)

require (
	github.com/golang/protobuf v1.5.4 // indirect
	google.golang.org/protobuf v1.33.0 // indirect
	gopkg.in/check.v1 v1.0.0-20201130134442-10cb98267c6c // indirect
)
