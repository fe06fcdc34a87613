package main

import (
	"runtime/debug"
	"strings"
)

// version is set by release builds (-ldflags "-X main.version=v1.2.3").
var version string

// versionString says which nardydocs this is: the release version, or
// the module's version and the commit it was built from.
func versionString() string {
	info, ok := debug.ReadBuildInfo()
	v := version
	if v == "" && ok {
		v = info.Main.Version
	}
	if v == "" {
		v = "(devel)"
	}
	if !ok {
		return v
	}
	var extra []string
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" && !strings.Contains(v, rev[:min(len(rev), 7)]) {
		rev = rev[:min(len(rev), 12)]
		if settings["vcs.modified"] == "true" {
			rev += "+changes"
		}
		extra = append(extra, "commit "+rev)
	}
	if t := settings["vcs.time"]; t != "" {
		extra = append(extra, t)
	}
	extra = append(extra, info.GoVersion)
	return v + " (" + strings.Join(extra, ", ") + ")"
}
