package main

import (
	"encoding/json"
	"strings"
	"testing"
)

const (
	testSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	albers     = "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01"
)

func TestMonitorCreateListDelete(t *testing.T) {
	srv := newFake(t)
	if err := srv.SetWebhookEndpoint(srv.InspectorURL("monitor-test"), testSecret); err != nil {
		t.Fatal(err)
	}
	h := against(srv)

	r := h.run(t, "monitor", "create", nordlicht, "--daily", "--preferences", "basic,insolvencies").wantCode(t, 0)
	golden(t, "monitor_create", r.stdout)
	if r.stderr != "cost: 50 credits\n" {
		t.Errorf("stderr = %q, want the cost of a daily monitor", r.stderr)
	}
	r = h.run(t, "monitor", "create", albers, "--json").wantCode(t, 0)
	var m map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &m); err != nil || m["entity_type"] != "person" || m["entity_id"] != albers {
		t.Errorf("--json = %s (%v): want the person monitor as the service sent it", r.stdout, err)
	}

	r = h.run(t, "monitor", "list").wantCode(t, 0)
	golden(t, "monitor_list", r.stdout)
	if r.stderr != "" {
		t.Errorf("listing is free but stderr = %q", r.stderr)
	}
	r = h.run(t, "monitor", "list", "--json").wantCode(t, 0)
	var list struct {
		Items []map[string]any `json:"items"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &list); err != nil || len(list.Items) != 2 {
		t.Errorf("list --json = %s (%v)", r.stdout, err)
	}

	r = h.run(t, "monitor", "create", nordlicht).wantCode(t, exitFailed)
	if !strings.Contains(r.stderr, "409") {
		t.Errorf("a second monitor of one company: stderr = %q, want the service's 409", r.stderr)
	}

	r = h.run(t, "monitor", "delete", nordlicht).wantCode(t, 0)
	if r.stdout != "deleted the monitor of "+nordlicht+"\n" {
		t.Errorf("delete printed %q", r.stdout)
	}
	h.run(t, "monitor", "delete", nordlicht, "--json").wantCode(t, exitFailed)
	if r := h.run(t, "monitor", "delete", albers, "--json").wantCode(t, 0); r.stdout != "" {
		t.Errorf("delete --json printed %q: the service answers 204 without a body", r.stdout)
	}
	r = h.run(t, "monitor", "list").wantCode(t, 0)
	if r.stdout != "no monitors\n" {
		t.Errorf("after deleting both: %q", r.stdout)
	}
}

func TestMonitorCreateOnTheFake(t *testing.T) {
	r := cli(t, "--fake", "monitor", "create", nordlicht).wantCode(t, 0)
	if !strings.Contains(r.stdout, "basic,representation") || r.stderr != "cost: 25 credits on the fake\n" {
		t.Errorf("stdout %q, stderr %q", r.stdout, r.stderr)
	}
}

func TestMonitorCreateBadPreferenceIsAUsageError(t *testing.T) {
	r := cli(t, "--fake", "monitor", "create", albers, "--preferences", "basic").wantCode(t, exitUsage)
	if !strings.Contains(r.stderr, `preference "basic" does not apply to a person monitor`) {
		t.Errorf("stderr = %q", r.stderr)
	}
	cli(t, "--fake", "monitor", "create", albers, "--daily").wantCode(t, exitUsage)
}
