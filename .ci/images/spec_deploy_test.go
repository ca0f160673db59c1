package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The deployment examples under deploy/ run the images this command
// builds: these tests keep them in step with the images and the CLI.
// Compose itself is not run here (it needs a daemon and PostgreSQL's
// image); systemd-analyze verify checks the units in .ci/run.

// composeFile is the part of deploy/compose.yaml the tests read.
type composeFile struct {
	Services map[string]struct {
		Image     string            `yaml:"image"`
		Command   []string          `yaml:"command"`
		Secrets   []string          `yaml:"secrets"`
		Ports     []string          `yaml:"ports"`
		Env       map[string]string `yaml:"environment"`
		DependsOn map[string]any    `yaml:"depends_on"`
	} `yaml:"services"`
	Secrets map[string]struct {
		File string `yaml:"file"`
	} `yaml:"secrets"`
}

// root is the repository's root, absolute.
func root(t *testing.T) string {
	t.Helper()
	r, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func readCompose(t *testing.T) composeFile {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root(t), "deploy", "compose.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var c composeFile
	if err := yaml.Unmarshal(b, &c); err != nil {
		t.Fatalf("deploy/compose.yaml is not YAML compose can read: %v", err)
	}
	return c
}

// registerdataRef is the name and tag podman load gives the
// registerdata image at the repository's version.
func registerdataRef(t *testing.T) string {
	t.Helper()
	m, err := readMeta(root(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range images {
		if s.Name == "registerdata" {
			return s.ref(m)
		}
	}
	t.Fatal("no registerdata image among the specs")
	return ""
}

func TestComposeRunsTheBuiltImages(t *testing.T) {
	c := readCompose(t)
	want := map[string]string{"serve": "serve", "work-1": "work", "work-2": "work", "web": "web"}
	ref := registerdataRef(t)
	for name, sub := range want {
		s, ok := c.Services[name]
		if !ok {
			t.Errorf("no service %s in deploy/compose.yaml", name)
			continue
		}
		if s.Image != ref {
			t.Errorf("%s runs image %q, want %q as .ci/images builds it", name, s.Image, ref)
		}
		if len(s.Command) < 2 || s.Command[0] != "portfolio" || s.Command[1] != sub {
			t.Errorf("%s runs %q, want portfolio %s", name, s.Command, sub)
		}
		if !strings.HasPrefix(s.Env["REGISTERDATA_PORTFOLIO_DB"], "postgres://") || strings.Contains(s.Env["REGISTERDATA_PORTFOLIO_DB"], ":@") {
			t.Errorf("%s: the DSN %q is not PostgreSQL's", name, s.Env["REGISTERDATA_PORTFOLIO_DB"])
		}
		if _, ok := s.DependsOn["postgres"]; !ok {
			t.Errorf("%s does not wait for postgres", name)
		}
		for _, p := range s.Ports {
			if !strings.HasPrefix(p, "127.0.0.1:") {
				t.Errorf("%s publishes %s beyond loopback: the TLS proxy is the way in", name, p)
			}
		}
		for _, sec := range s.Secrets {
			if _, ok := c.Secrets[sec]; !ok {
				t.Errorf("%s uses the undeclared secret %s", name, sec)
			}
		}
	}
	if pg, ok := c.Services["postgres"]; !ok || !strings.Contains(pg.Image, "postgres") {
		t.Errorf("no PostgreSQL service: %+v", pg)
	}
	serve := c.Services["serve"]
	if i := slices.Index(serve.Command, "--secret-file"); i < 0 || i+1 == len(serve.Command) ||
		!slices.Contains(serve.Secrets, strings.TrimPrefix(serve.Command[i+1], "/run/secrets/")) {
		t.Errorf("serve does not read its webhook secret from a compose secret: %q", serve.Command)
	}
}

// execCommand matches the registerdata command line a unit's shell runs.
var execCommand = regexp.MustCompile(`^ExecStart=/usr/local/bin/registerdata (.*)$`)

// unitCommands are the registerdata arguments of each unit under
// deploy/systemd.
func unitCommands(t *testing.T) map[string][]string {
	t.Helper()
	units, err := filepath.Glob(filepath.Join(root(t), "deploy", "systemd", "*.service"))
	if err != nil || len(units) != 3 {
		t.Fatalf("want the three units of deploy/systemd, found %v (%v)", units, err)
	}
	out := map[string][]string{}
	for _, u := range units {
		f, err := os.Open(u)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if m := execCommand.FindStringSubmatch(sc.Text()); m != nil {
				out[filepath.Base(u)] = strings.Fields(strings.ReplaceAll(m[1], "%d/", "/run/credentials/"))
			}
		}
		f.Close()
		if out[filepath.Base(u)] == nil {
			t.Errorf("%s: no ExecStart running /usr/local/bin/registerdata", u)
		}
	}
	return out
}

// TestDeployCommandLinesParse runs each command line of the compose
// file and the units with --help: an unknown command or flag fails.
func TestDeployCommandLinesParse(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the CLI")
	}
	bin := filepath.Join(t.TempDir(), "registerdata")
	build := exec.Command("go", "build", "-o", bin, "./cmd/registerdata")
	build.Dir = root(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/registerdata: %v\n%s", err, out)
	}
	lines := unitCommands(t)
	for name, s := range readCompose(t).Services {
		if s.Image == registerdataRef(t) {
			lines["compose "+name] = s.Command
		}
	}
	for where, args := range lines {
		out, err := exec.Command(bin, append(slices.Clone(args), "--help")...).CombinedOutput()
		if err != nil {
			t.Errorf("%s: registerdata %q: %v\n%s", where, args, err, out)
			continue
		}
		if usage := "registerdata " + args[0] + " " + args[1] + " [flags]"; !strings.Contains(string(out), usage) {
			t.Errorf("%s: registerdata %q is not a command (no %q in its help)", where, args, usage)
		}
	}
}
