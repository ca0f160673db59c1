package enums

// ExtractStatus is the state of a Transparenzregister extract.
type ExtractStatus string

// Extract statuses. An extract starts processing and ends completed or
// failed; the SDK treats both as final (the service does not say).
const (
	ExtractStatusProcessing ExtractStatus = "processing"
	ExtractStatusCompleted  ExtractStatus = "completed"
	ExtractStatusFailed     ExtractStatus = "failed"
)

var extractStatuses = []ExtractStatus{ExtractStatusProcessing, ExtractStatusCompleted, ExtractStatusFailed}

// Values lists every extract status of the specification; the receiver is ignored.
func (ExtractStatus) Values() []ExtractStatus { return values(extractStatuses) }

// IsKnown reports whether s is an extract status of the specification.
func (s ExtractStatus) IsKnown() bool { return known(s, extractStatuses) }

// IsFinal reports whether an extract in status s will not change any
// more: completed or failed. An unknown status is not final, so a waiting
// client keeps polling until it sees one it knows.
func (s ExtractStatus) IsFinal() bool {
	return s == ExtractStatusCompleted || s == ExtractStatusFailed
}
