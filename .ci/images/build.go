package main

import (
	"archive/tar"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/empty"
	"github.com/google/go-containerregistry/pkg/v1/mutate"
	"github.com/google/go-containerregistry/pkg/v1/tarball"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// caCertificates is the build machine's CA bundle, copied into every
// image so that the binaries can verify TLS (Go reads this path).
const caCertificates = "/etc/ssl/certs/ca-certificates.crt"

// The non-root user the images run as (distroless's "nonroot").
const (
	userID   = 65532
	userName = "nonroot"
)

// build compiles spec's command, assembles its image and writes it as an
// OCI archive to path. It returns the image's digest and the archive's
// size.
func build(root string, spec imageSpec, m meta, path string) (v1.Hash, int64, error) {
	bin, err := compile(root, spec.Package)
	if err != nil {
		return v1.Hash{}, 0, err
	}
	img, err := assemble(spec, m, bin)
	if err != nil {
		return v1.Hash{}, 0, err
	}
	d, err := img.Digest()
	if err != nil {
		return v1.Hash{}, 0, err
	}
	size, err := writeArchive(path, img, spec.ref(m), m.Created)
	return d, size, err
}

// compile builds pkg as a static Linux binary for this machine's
// architecture, with no path, symbol table or build id that would differ
// between two builds of one commit, and returns its bytes.
func compile(root, pkg string) ([]byte, error) {
	absRoot, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "images-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "bin")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w -buildid=", "-o", out, pkg)
	cmd.Dir = absRoot
	// The commands of other modules (cmd/registerdata) resolve the
	// repository's modules through go.work, whatever GOWORK the caller has.
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH="+runtime.GOARCH,
		"GOWORK="+filepath.Join(absRoot, "go.work"), "GOFLAGS=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go build %s: %w: %s", pkg, err, strings.TrimSpace(stderr.String()))
	}
	return os.ReadFile(out)
}

// assemble makes the image of spec from scratch with bin as its command.
func assemble(spec imageSpec, m meta, bin []byte) (v1.Image, error) {
	certs, err := os.ReadFile(caCertificates)
	if err != nil {
		return nil, fmt.Errorf("the CA certificates: %w (install the ca-certificates package)", err)
	}
	files, err := layerTar(spec, m.Created, bin, certs)
	if err != nil {
		return nil, err
	}
	layer, err := tarball.LayerFromOpener(func() (io.ReadCloser, error) {
		return io.NopCloser(bytes.NewReader(files)), nil
	}, tarball.WithMediaType(types.OCILayer))
	if err != nil {
		return nil, err
	}
	img := mutate.MediaType(empty.Image, types.OCIManifestSchema1)
	img = mutate.ConfigMediaType(img, types.OCIConfigJSON)
	img, err = mutate.Append(img, mutate.Addendum{
		Layer:     layer,
		MediaType: types.OCILayer,
		History: v1.History{
			Created:   v1.Time{Time: m.Created},
			CreatedBy: "go run ./.ci/images (" + spec.Package + ")",
		},
	})
	if err != nil {
		return nil, err
	}
	cfg, err := img.ConfigFile()
	if err != nil {
		return nil, err
	}
	cfg = cfg.DeepCopy()
	cfg.Architecture = runtime.GOARCH
	cfg.OS = "linux"
	cfg.Created = v1.Time{Time: m.Created}
	cfg.Config.Entrypoint = spec.Entrypoint
	cfg.Config.User = fmt.Sprintf("%d:%d", userID, userID)
	cfg.Config.WorkingDir = "/home/" + userName
	cfg.Config.Env = []string{"PATH=/usr/local/bin", "SSL_CERT_FILE=" + caCertificates}
	if len(spec.Ports) > 0 {
		cfg.Config.ExposedPorts = map[string]struct{}{}
		for _, p := range spec.Ports {
			cfg.Config.ExposedPorts[p] = struct{}{}
		}
	}
	cfg.Config.Labels = map[string]string{
		"org.opencontainers.image.title":    spec.Title,
		"org.opencontainers.image.version":  m.Version,
		"org.opencontainers.image.source":   source,
		"org.opencontainers.image.revision": m.Revision,
		"org.opencontainers.image.created":  m.Created.Format(time.RFC3339),
		"org.opencontainers.image.licenses": "MIT",
	}
	return mutate.ConfigFile(img, cfg)
}

// layerTar is the image's one layer: the directories, /etc/passwd and
// /etc/group, the CA certificates and the binary, each stamped with
// created and owned by root but for the user's home.
func layerTar(spec imageSpec, created time.Time, bin, certs []byte) ([]byte, error) {
	passwd := fmt.Sprintf("root:x:0:0:root:/root:/sbin/nologin\n%s:x:%d:%d:%s:/home/%s:/sbin/nologin\n", userName, userID, userID, userName, userName)
	group := fmt.Sprintf("root:x:0:\n%s:x:%d:\n", userName, userID)
	type entry struct {
		name string
		mode int64
		uid  int
		body []byte
		dir  bool
	}
	entries := []entry{
		{name: "etc/", mode: 0o755, dir: true},
		{name: "etc/group", mode: 0o644, body: []byte(group)},
		{name: "etc/passwd", mode: 0o644, body: []byte(passwd)},
		{name: "etc/ssl/", mode: 0o755, dir: true},
		{name: "etc/ssl/certs/", mode: 0o755, dir: true},
		{name: strings.TrimPrefix(caCertificates, "/"), mode: 0o644, body: certs},
		{name: "home/", mode: 0o755, dir: true},
		{name: "home/" + userName + "/", mode: 0o700, uid: userID, dir: true},
		{name: "tmp/", mode: 0o1777, dir: true},
		{name: "usr/", mode: 0o755, dir: true},
		{name: "usr/local/", mode: 0o755, dir: true},
		{name: "usr/local/bin/", mode: 0o755, dir: true},
		{name: strings.TrimPrefix(spec.binary(), "/"), mode: 0o755, body: bin},
	}
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, e := range entries {
		h := &tar.Header{
			Name: e.name, Mode: e.mode, Uid: e.uid, Gid: e.uid, ModTime: created,
			Typeflag: tar.TypeReg, Size: int64(len(e.body)),
		}
		if e.dir {
			h.Typeflag, h.Size = tar.TypeDir, 0
		}
		if err := tw.WriteHeader(h); err != nil {
			return nil, err
		}
		if _, err := tw.Write(e.body); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
