package main

// imageSpec is one image: the command it carries and how it starts.
type imageSpec struct {
	// Name is the image's name and the archive's (Name.tar).
	Name string
	// Package is the command's package, as go build takes it from the
	// repository's root.
	Package string
	// Entrypoint is the command line the image starts; arguments given to
	// the container follow it.
	Entrypoint []string
	// Ports are the TCP ports the image exposes.
	Ports []string
	// Title is the image's org.opencontainers.image.title label.
	Title string
}

// images are the images the command builds.
var images = []imageSpec{
	{
		Name:    "registerfake",
		Package: "./cmd/registerfake",
		// -allow-remote: inside a container the fake must listen on every
		// interface for a published port to reach it.
		Entrypoint: []string{"/usr/local/bin/registerfake", "-addr", "0.0.0.0:8080", "-allow-remote"},
		Ports:      []string{"8080/tcp"},
		Title:      "registerfake: the Register Data Service fake (API key fake-api-key unless -api-key says otherwise)",
	},
	{
		Name:       "registerdata",
		Package:    "./cmd/registerdata",
		Entrypoint: []string{"/usr/local/bin/registerdata"},
		Title:      "registerdata: the Register Data Service command line and portfolio",
	},
}

// binary is the path of the command inside the image.
func (s imageSpec) binary() string { return s.Entrypoint[0] }

// ref is the image's name and tag, as podman load names it.
func (s imageSpec) ref(m meta) string { return "localhost/" + s.Name + ":" + m.Version }
