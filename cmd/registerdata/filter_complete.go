package main

import (
	"strings"

	"github.com/registerdata/registerdata-go/filters"
	"github.com/spf13/cobra"
)

// completeFilter completes a --filter of a search of the given scope: the
// known field names, and after "field=" or "field in " the codes of an
// enum field.
func completeFilter(scope filters.Scope) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		var out []string
		for _, sep := range []string{" in ", "="} {
			field, _, ok := strings.Cut(toComplete, sep)
			if !ok {
				continue
			}
			for _, v := range enumValues(scope, filters.Field(strings.TrimSpace(field))) {
				if c := field + sep + v; strings.HasPrefix(c, toComplete) {
					out = append(out, c)
				}
			}
			return out, cobra.ShellCompDirectiveNoFileComp
		}
		for _, fi := range filters.Fields(scope) {
			if strings.HasPrefix(string(fi.Name), toComplete) {
				out = append(out, string(fi.Name)+"\t"+fi.Kind.String()+": "+fi.Doc)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
}
