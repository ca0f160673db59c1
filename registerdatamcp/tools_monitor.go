package registerdatamcp

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// CreateMonitorInput is the input of create_monitor.
type CreateMonitorInput struct {
	EntityID        string             `json:"entity_id" jsonschema:"the company id or person id to watch"`
	EntityType      enums.EntityType   `json:"entity_type" jsonschema:"company or person"`
	Preferences     []enums.Preference `json:"preferences" jsonschema:"what to watch: basic, representation, financials, documents, ownership, holdings, insolvencies for companies; management_positions and the like for persons"`
	UpdateFrequency string             `json:"update_frequency,omitempty" jsonschema:"companies only: daily or weekly (default); a daily monitor costs more (see create_monitor)"`
}

// DeleteMonitorInput is the input of delete_monitor.
type DeleteMonitorInput struct {
	EntityID string `json:"entity_id" jsonschema:"the watched company id or person id"`
}

// MonitorList is the result of list_monitors, as the service sends it.
type MonitorList struct {
	// Items are the account's monitors.
	Items []registerdata.Monitor `json:"items"`
}

// Deleted is the result of delete_monitor.
type Deleted struct {
	// EntityID is the entity no longer watched.
	EntityID string `json:"entity_id"`
}

func addMonitorTools(s *mcp.Server, c *registerdata.Client, allowWrite bool) error {
	list, err := serviceOutput("MonitorList")
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "list_monitors",
		Description:  "The account's change monitors: which companies and persons are watched, for which categories, how often. Free.",
		OutputSchema: list,
	}, func(ctx context.Context, _ NoInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		ms, err := c.ListMonitors(ctx, opts...)
		if err != nil {
			return outcome{}, err
		}
		return outcome{value: MonitorList{Items: ms}, summary: fmt.Sprintf("%d monitors.", len(ms))}, nil
	})
	if !allowWrite {
		return nil
	}
	mon, err := serviceOutput("Monitor")
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "create_monitor",
		Description:  "Starts watching a company or person for changes, delivered to the account's webhook. " + monitorCredits(c) + ": create one only when the user asked for it. One monitor per entity.",
		OutputSchema: mon,
		Annotations:  &mcp.ToolAnnotations{DestructiveHint: ptr(false)},
	}, func(ctx context.Context, in CreateMonitorInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		m, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: in.EntityID, EntityType: in.EntityType,
			Preferences: in.Preferences, UpdateFrequency: enums.UpdateFrequency(in.UpdateFrequency)}, opts...)
		if err != nil {
			return outcome{}, err
		}
		return outcome{value: m, summary: fmt.Sprintf("Now watching %s %s for %v, %s.", m.EntityType, qid(m.EntityID), m.Preferences, m.UpdateFrequency)}, nil
	})
	del, err := outputSchema(map[string]any{"type": "object", "required": []any{"entity_id"},
		"properties": map[string]any{"entity_id": map[string]any{"type": "string"}}})
	if err != nil {
		return err
	}
	addTool(s, c, &mcp.Tool{
		Name:         "delete_monitor",
		Description:  "Stops watching a company or person. Free; the monthly charge of the monitor ends.",
		OutputSchema: del,
		Annotations:  &mcp.ToolAnnotations{DestructiveHint: ptr(true)},
	}, func(ctx context.Context, in DeleteMonitorInput, _ *registerdata.ResponseInfo, opts []registerdata.CallOption) (outcome, error) {
		if err := c.DeleteMonitor(ctx, in.EntityID, opts...); err != nil {
			return outcome{}, err
		}
		return outcome{value: Deleted(in), summary: fmt.Sprintf("No longer watching %s.", qid(in.EntityID))}, nil
	})
	return nil
}

func ptr[T any](v T) *T { return &v }
