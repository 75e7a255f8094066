package tablestoremock

import (
	"context"
	"fmt"
	"net"
	"net/netip"

	"github.com/aliyun/aliyun-tablestore-go-sdk/tablestore"
	"github.com/moby/moby/api/types/container"
	"github.com/moby/moby/api/types/network"
	"github.com/testcontainers/testcontainers-go"
	"github.com/testcontainers/testcontainers-go/wait"
)

// Port is where the mock listens inside the container.
const Port = "8800/tcp"

// The launcher's defaults, which the container keeps unless told otherwise.
const (
	DefaultInstance        = "mock"
	DefaultAccessKeyID     = "mock-access-key-id"
	DefaultAccessKeySecret = "mock-access-key-secret"
)

// Container is tablestore-mock in a container (the image tablestore-mock/Dockerfile builds).
type Container struct {
	testcontainers.Container
	// Endpoint is what clients on the Docker host use, e.g. http://127.0.0.1:32768.
	Endpoint        string
	Instance        string
	AccessKeyID     string
	AccessKeySecret string
}

type settings struct {
	instance, accessKeyID, accessKeySecret string
	options                                []string
}

// Option configures the container before it starts.
type Option func(*settings)

// WithCredentials makes the mock accept only these credentials (passed as environment variables).
func WithCredentials(accessKeyID, accessKeySecret string) Option {
	return func(s *settings) { s.accessKeyID, s.accessKeySecret = accessKeyID, accessKeySecret }
}

// WithInstance sets the instance name clients must use.
func WithInstance(name string) Option {
	return func(s *settings) { s.instance = name }
}

// WithLauncherOptions passes launcher options, e.g. "--fault", "PutRow=OTSServerBusy@0.05".
func WithLauncherOptions(args ...string) Option {
	return func(s *settings) { s.options = append(s.options, args...) }
}

// Run starts the mock's image and waits for its ready line. Inside the container the mock listens
// on 0.0.0.0:8800; a local engine publishes it on the host's loopback only, on a random port.
func Run(ctx context.Context, image string, opts ...Option) (*Container, error) {
	s := settings{instance: DefaultInstance, accessKeyID: DefaultAccessKeyID, accessKeySecret: DefaultAccessKeySecret}
	for _, opt := range opts {
		opt(&s)
	}
	cmd := append([]string{"--host", "0.0.0.0", "--port", "8800", "--instance", s.instance}, s.options...)
	customizers := []testcontainers.ContainerCustomizer{
		testcontainers.WithCmd(cmd...),
		testcontainers.WithEnv(map[string]string{
			"TABLESTORE_MOCK_ACCESS_KEY_ID":     s.accessKeyID,
			"TABLESTORE_MOCK_ACCESS_KEY_SECRET": s.accessKeySecret,
		}),
		testcontainers.WithExposedPorts(Port),
		testcontainers.WithWaitStrategy(wait.ForLog("tablestore-mock listening on")),
	}
	if engineIsLocal(ctx) {
		customizers = append(customizers, testcontainers.WithHostConfigModifier(func(hc *container.HostConfig) {
			hc.PortBindings = network.PortMap{network.MustParsePort(Port): {
				{HostIP: netip.MustParseAddr("127.0.0.1"), HostPort: "0"}}}
		}))
	}
	c, err := testcontainers.Run(ctx, image, customizers...)
	if err != nil {
		if c != nil {
			_ = c.Terminate(context.Background())
		}
		return nil, fmt.Errorf("start %s: %w", image, err)
	}
	endpoint, err := c.PortEndpoint(ctx, Port, "http")
	if err != nil {
		_ = c.Terminate(context.Background())
		return nil, err
	}
	return &Container{Container: c, Endpoint: endpoint, Instance: s.instance, AccessKeyID: s.accessKeyID,
		AccessKeySecret: s.accessKeySecret}, nil
}

// engineIsLocal tells whether published ports are reached on this machine's loopback.
func engineIsLocal(ctx context.Context) bool {
	provider, err := testcontainers.NewDockerProvider()
	if err != nil {
		return false
	}
	defer provider.Close()
	host, err := provider.DaemonHost(ctx)
	if err != nil {
		return false
	}
	addrs, err := net.LookupIP(host)
	return err == nil && len(addrs) > 0 && addrs[0].IsLoopback()
}

// Client is an official SDK client for the mock; config nil means the SDK's defaults.
func (c *Container) Client(config *tablestore.TableStoreConfig) *tablestore.TableStoreClient {
	return tablestore.NewClientWithConfig(c.Endpoint, c.Instance, c.AccessKeyID, c.AccessKeySecret, "", config)
}

// Admin is the mock's admin API, signed with its credentials (the container requires them).
func (c *Container) Admin() *Admin {
	return NewAdmin(c.Endpoint, c.AccessKeyID, c.AccessKeySecret)
}
