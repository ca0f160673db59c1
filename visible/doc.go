// Package visible shows register text to people as it is, never as it
// acts: the one rule the dossier (registerdatareport), the portfolio's
// overview, the command-line tool's tables and lines and the MCP
// servers' text apply to every piece of text a register, a customer or a
// reviewer wrote before it reaches a person.
//
// A character that changes how the text around it is displayed instead
// of showing itself (a bidirectional override that makes "evil" read as
// "live" or "gnp.exe-ref" as "exe.png-ref", an isolate, a mark, a
// zero-width space or joiner, a byte-order mark, a soft hyphen: Unicode's
// format characters, category Cf) and any control character (a terminal
// escape among them) is shown as its code point, "⟨U+202E⟩", so that it
// can neither reorder what a person reads nor pass unnoticed. Invalid
// UTF-8 is shown as U+FFFD.
//
//	visible.Text("\u202Egnp.exe")      // "⟨U+202E⟩gnp.exe"
//	visible.Line("Bau GmbH\n\u2066X")   // "Bau GmbH ⟨U+2066⟩X": one line
//
// Text keeps the layout a text may carry (tabs and line breaks), for a
// caller that escapes them itself (a quoted string); Line puts the text on
// one line, for a cell, a heading or a line of its own. Apply them to
// each piece of outside text, never to a block a program laid out.
package visible
