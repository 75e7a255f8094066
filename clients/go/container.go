package tablestoremock

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"regexp"
	"syscall"

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
	// dataSource is a volume name or an absolute host directory mounted at DataDir ("": state in memory);
	// dataUser the "uid:gid" the container runs as ("": the image's user).
	dataSource, dataUser string
	err                  error
}

// DataDir is the image's volume, where the mock keeps its state with WithDataVolume or WithDataDirectory.
const DataDir = "/data"

var volumeName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)

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

// WithDataVolume keeps the mock's state in the Docker volume name (--data-dir /data on it; the engine
// creates it when missing, owned by the image's user): a container started later on the same volume
// serves the tables and rows this one acknowledged. One container at a time may use a volume.
func WithDataVolume(name string) Option {
	return func(s *settings) {
		if !volumeName.MatchString(name) {
			s.err = fmt.Errorf("a Docker volume name is letters, digits and _.- (starting with a letter or digit),"+
				" got %q; for a host directory use WithDataDirectory", name)
			return
		}
		s.dataSource, s.dataUser = name, ""
	}
}

// WithDataDirectory keeps the mock's state in the host directory dir (created when missing; the engine
// must run on this machine), as WithDataVolume does in a volume. The container runs as the directory's
// owner, so the mock may write there and its files belong to that owner on the host.
func WithDataDirectory(dir string) Option {
	return func(s *settings) {
		abs, err := filepath.Abs(dir)
		if err == nil {
			err = os.MkdirAll(abs, 0o755)
		}
		var info os.FileInfo
		if err == nil {
			info, err = os.Stat(abs)
		}
		if err != nil {
			s.err = fmt.Errorf("cannot use %s as the container's data directory: %w", dir, err)
			return
		}
		owner, ok := info.Sys().(*syscall.Stat_t)
		if !ok {
			s.err = fmt.Errorf("cannot tell the owner of %s on this system", dir)
			return
		}
		s.dataSource, s.dataUser = abs, fmt.Sprintf("%d:%d", owner.Uid, owner.Gid)
	}
}

// Run starts the mock's image and waits for its ready line. Inside the container the mock listens
// on 0.0.0.0:8800; a local engine publishes it on the host's loopback only, on a random port.
func Run(ctx context.Context, image string, opts ...Option) (*Container, error) {
	s := settings{instance: DefaultInstance, accessKeyID: DefaultAccessKeyID, accessKeySecret: DefaultAccessKeySecret}
	for _, opt := range opts {
		opt(&s)
	}
	if s.err != nil {
		return nil, s.err
	}
	cmd := append([]string{"--host", "0.0.0.0", "--port", "8800", "--instance", s.instance}, s.options...)
	if s.dataSource != "" {
		cmd = append(cmd, "--data-dir", DataDir)
	}
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
	if s.dataSource != "" {
		customizers = append(customizers, testcontainers.WithHostConfigModifier(func(hc *container.HostConfig) {
			hc.Binds = append(hc.Binds, s.dataSource+":"+DataDir)
		}))
	}
	if s.dataUser != "" {
		customizers = append(customizers, testcontainers.WithConfigModifier(func(c *container.Config) {
			c.User = s.dataUser
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
