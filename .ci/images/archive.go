package main

import (
	"archive/tar"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	v1 "github.com/google/go-containerregistry/pkg/v1"
	"github.com/google/go-containerregistry/pkg/v1/types"
)

// writeArchive writes img to path as an OCI image layout in a tar (what
// `podman load -i` calls an oci-archive), its manifest annotated with ref
// as its name; every entry is stamped with created, in a fixed order. It
// returns the archive's size.
func writeArchive(path string, img v1.Image, ref string, created time.Time) (int64, error) {
	manifest, err := img.RawManifest()
	if err != nil {
		return 0, err
	}
	digest, err := img.Digest()
	if err != nil {
		return 0, err
	}
	config, err := img.RawConfigFile()
	if err != nil {
		return 0, err
	}
	cfgName, err := img.ConfigName()
	if err != nil {
		return 0, err
	}
	index, err := json.Marshal(v1.IndexManifest{
		SchemaVersion: 2,
		MediaType:     types.OCIImageIndex,
		Manifests: []v1.Descriptor{{
			MediaType:   types.OCIManifestSchema1,
			Size:        int64(len(manifest)),
			Digest:      digest,
			Annotations: map[string]string{"org.opencontainers.image.ref.name": ref},
		}},
	})
	if err != nil {
		return 0, err
	}

	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	tw := tar.NewWriter(f)
	add := func(name string, size int64, body io.Reader) error {
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: size, ModTime: created, Typeflag: tar.TypeReg}); err != nil {
			return err
		}
		_, err := io.Copy(tw, body)
		return err
	}
	addBytes := func(name string, b []byte) error { return add(name, int64(len(b)), bytes.NewReader(b)) }
	blob := func(h v1.Hash) string { return "blobs/" + h.Algorithm + "/" + h.Hex }

	if err := addBytes("oci-layout", []byte(`{"imageLayoutVersion":"1.0.0"}`)); err != nil {
		return 0, err
	}
	if err := addBytes("index.json", index); err != nil {
		return 0, err
	}
	if err := addBytes(blob(digest), manifest); err != nil {
		return 0, err
	}
	if err := addBytes(blob(cfgName), config); err != nil {
		return 0, err
	}
	layers, err := img.Layers()
	if err != nil {
		return 0, err
	}
	for _, l := range layers {
		d, err := l.Digest()
		if err != nil {
			return 0, err
		}
		size, err := l.Size()
		if err != nil {
			return 0, err
		}
		rc, err := l.Compressed()
		if err != nil {
			return 0, err
		}
		err = add(blob(d), size, rc)
		rc.Close()
		if err != nil {
			return 0, fmt.Errorf("the layer %s: %w", d, err)
		}
	}
	if err := tw.Close(); err != nil {
		return 0, err
	}
	st, err := f.Stat()
	if err != nil {
		return 0, err
	}
	return st.Size(), f.Close()
}
