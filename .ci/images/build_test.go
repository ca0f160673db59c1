package main

import (
	"archive/tar"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-containerregistry/pkg/v1/layout"
)

// repoRoot is the repository's root, seen from this package.
const repoRoot = "../.."

// TestTheSameCommitBuildsTheSameImageByteForByte builds the registerfake
// image twice and compares the archives, and checks what the image holds
// and how it starts.
func TestTheSameCommitBuildsTheSameImageByteForByte(t *testing.T) {
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	m, err := readMeta(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	spec := images[0]
	if spec.Name != "registerfake" {
		t.Fatalf("images[0] is %s, want registerfake", spec.Name)
	}
	var archives [2][]byte
	for i := range archives {
		path := filepath.Join(t.TempDir(), spec.Name+".tar")
		if _, _, err := build(repoRoot, spec, m, path); err != nil {
			t.Fatal(err)
		}
		if archives[i], err = os.ReadFile(path); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			checkImage(t, path, spec, m)
		}
	}
	if !bytes.Equal(archives[0], archives[1]) {
		t.Fatalf("two builds of one commit differ (%d and %d bytes): a timestamp or a path leaks into the image", len(archives[0]), len(archives[1]))
	}
}

// checkImage reads the archive at path as an OCI layout and checks its
// configuration and its files.
func checkImage(t *testing.T, path string, spec imageSpec, m meta) {
	t.Helper()
	dir := t.TempDir()
	untar(t, path, dir)
	idx, err := layout.ImageIndexFromPath(dir)
	if err != nil {
		t.Fatal(err)
	}
	im, err := idx.IndexManifest()
	if err != nil {
		t.Fatal(err)
	}
	if len(im.Manifests) != 1 || im.Manifests[0].Annotations["org.opencontainers.image.ref.name"] != spec.ref(m) {
		t.Fatalf("index manifests %+v: want one named %s", im.Manifests, spec.ref(m))
	}
	img, err := idx.Image(im.Manifests[0].Digest)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := img.ConfigFile()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Config.User != "65532:65532" {
		t.Errorf("user %q, want the non-root 65532:65532", cfg.Config.User)
	}
	want := []string{"/usr/local/bin/registerfake", "-addr", "0.0.0.0:8080", "-allow-remote"}
	if len(cfg.Config.Entrypoint) != len(want) {
		t.Errorf("entrypoint %q, want %q", cfg.Config.Entrypoint, want)
	}
	for i := range want {
		if i < len(cfg.Config.Entrypoint) && cfg.Config.Entrypoint[i] != want[i] {
			t.Errorf("entrypoint %q, want %q", cfg.Config.Entrypoint, want)
		}
	}
	if _, ok := cfg.Config.ExposedPorts["8080/tcp"]; !ok {
		t.Errorf("exposed ports %v, want 8080/tcp", cfg.Config.ExposedPorts)
	}
	for k, v := range map[string]string{
		"org.opencontainers.image.version":  m.Version,
		"org.opencontainers.image.source":   source,
		"org.opencontainers.image.revision": m.Revision,
	} {
		if cfg.Config.Labels[k] != v {
			t.Errorf("label %s = %q, want %q", k, cfg.Config.Labels[k], v)
		}
	}
	if !cfg.Created.Time.Equal(m.Created) {
		t.Errorf("created %v, want SOURCE_DATE_EPOCH's %v", cfg.Created.Time, m.Created)
	}
	layers, err := img.Layers()
	if err != nil || len(layers) != 1 {
		t.Fatalf("layers %d (%v), want 1", len(layers), err)
	}
	rc, err := layers[0].Uncompressed()
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	files := map[string]*tar.Header{}
	tr := tar.NewReader(rc)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		files[h.Name] = h
		if !h.ModTime.Equal(m.Created) {
			t.Errorf("%s is stamped %v, want %v", h.Name, h.ModTime, m.Created)
		}
	}
	for _, name := range []string{"usr/local/bin/registerfake", "etc/passwd", "etc/group", "etc/ssl/certs/ca-certificates.crt", "tmp/"} {
		if files[name] == nil {
			t.Errorf("the layer has no %s", name)
		}
	}
	if h := files["usr/local/bin/registerfake"]; h != nil && h.Mode&0o111 == 0 {
		t.Errorf("the binary's mode %o is not executable", h.Mode)
	}
}

// untar unpacks the archive at path into dir (a test's own archive).
func untar(t *testing.T, path, dir string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tr := tar.NewReader(f)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, filepath.FromSlash(h.Name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
