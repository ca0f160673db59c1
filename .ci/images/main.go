// Command images builds the container images of registerdata-go without
// a container daemon, with go-containerregistry:
//
//	go run ./.ci/images -out DIR   (from the repository's root; .ci/run runs it)
//
// It writes DIR/registerfake.tar and DIR/registerdata.tar, OCI image
// archives that `podman load -i` and `docker load -i` read. Each image is
// built from scratch: one layer with a static binary (CGO_ENABLED=0,
// -trimpath, -ldflags "-s -w -buildid="), the build machine's CA
// certificates (/etc/ssl/certs/ca-certificates.crt), an /etc/passwd and
// /etc/group naming the non-root user nonroot (uid and gid 65532) that
// the image runs as, and a writable /tmp. Its labels are
// org.opencontainers.image.{version,source,revision,created,title}.
// Every timestamp is SOURCE_DATE_EPOCH, else the commit's time, so the
// same commit gives the same bytes and the same digest.
//
// The registerfake image serves the fake on port 8080: its entrypoint is
// `registerfake -addr 0.0.0.0:8080 -allow-remote`, arguments are more of
// registerfake's flags, and its API key is fake-api-key unless -api-key
// (or REGISTERFAKE_API_KEY) says otherwise. The registerdata image's
// entrypoint is the CLI.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	out := flag.String("out", "", "the `directory` to write registerfake.tar and registerdata.tar into (made if missing)")
	root := flag.String("repo", ".", "the repository's root `directory`")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: go run ./.ci/images -out DIR [-repo DIR]")
		os.Exit(2)
	}
	if err := run(*root, *out); err != nil {
		fmt.Fprintln(os.Stderr, "images:", err)
		os.Exit(1)
	}
}

// run builds every image of images into out.
func run(root, out string) error {
	meta, err := readMeta(root)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return fmt.Errorf("the output directory: %w", err)
	}
	for _, spec := range images {
		path := filepath.Join(out, spec.Name+".tar")
		d, size, err := build(root, spec, meta, path)
		if err != nil {
			return fmt.Errorf("%s: %w", spec.Name, err)
		}
		fmt.Printf("%s: %s, %.1f MB, %s\n", path, spec.ref(meta), float64(size)/1e6, d)
	}
	return nil
}
