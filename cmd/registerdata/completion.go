package main

import (
	"flag"
	"fmt"
	"sort"
	"strings"
)

// completionGroup is "registerdata completion bash": a completion script
// written from the command tree, since the flag package has none.
func completionGroup() *group {
	return &group{
		name:     "completion",
		summary:  "print a bash completion script",
		commands: []*command{completionBash()},
	}
}

func completionBash() *command {
	return &command{
		name: "bash", nargs: 0,
		summary: "bash completion of commands and flags",
		help:    `Prints a bash script that completes the commands, subcommands and flags of registerdata. Load it in ~/.bashrc.`,
		examples: []string{
			`registerdata completion bash > ~/.local/share/bash-completion/completions/registerdata`,
			`source <(registerdata completion bash)`,
		},
		setup: func(fs *flag.FlagSet) runFunc {
			return func(a *app, _ []string) error {
				_, err := fmt.Fprint(a.stdout, a.bashScript())
				return err
			}
		},
	}
}

// bashScript completes the group at position 1, the subcommand at
// position 2 and, for a word starting with "-", the flags of the command
// typed so far.
func (a *app) bashScript() string {
	var b strings.Builder
	var names []string
	cases := map[string]string{}
	for _, g := range groups() {
		names = append(names, g.name)
		var subs []string
		for _, c := range g.commands {
			key := strings.TrimSpace(g.name + " " + c.name)
			cases[key] = strings.Join(a.flagNames(c), " ")
			if c.name != "" {
				subs = append(subs, c.name)
			}
		}
		cases[g.name+" "] = strings.Join(subs, " ")
	}
	keys := make([]string, 0, len(cases))
	for k := range cases {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b.WriteString("# bash completion for registerdata\n_registerdata() {\n")
	b.WriteString("  local cur=${COMP_WORDS[COMP_CWORD]} words=() w\n")
	b.WriteString("  for w in \"${COMP_WORDS[@]:1:COMP_CWORD-1}\"; do [[ $w != -* ]] && words+=(\"$w\"); done\n")
	b.WriteString("  local opts\n  case \"${#words[@]}:${words[*]:0:2}:${cur:0:1}\" in\n")
	fmt.Fprintf(&b, "    0:*) opts=%q ;;\n", strings.Join(names, " ")+" --fake --json --budget --help")
	for _, k := range keys {
		if strings.HasSuffix(k, " ") { // subcommands of a group
			fmt.Fprintf(&b, "    \"1:%s:\"*) opts=%q ;;\n", strings.TrimSpace(k), cases[k])
			continue
		}
		if !strings.Contains(k, " ") { // a group that is itself the command
			fmt.Fprintf(&b, "    \"1:%s:-\") opts=%q ;;\n", k, cases[k])
			continue
		}
		fmt.Fprintf(&b, "    *\":%s:-\") opts=%q ;;\n", k, cases[k])
	}
	b.WriteString("  esac\n  COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n}\ncomplete -o default -F _registerdata registerdata\n")
	return b.String()
}

// flagNames lists the flags of a command as "--name".
func (a *app) flagNames(c *command) []string {
	fs := a.newFlagSet("")
	c.setup(fs)
	var out []string
	fs.VisitAll(func(f *flag.Flag) { out = append(out, "--"+f.Name) })
	return append(out, "--help")
}
