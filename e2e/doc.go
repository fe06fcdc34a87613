// Package e2e holds the browser tests of nardydocs: the built site is
// served on localhost and driven in headless Chromium. They run when
// NARDYDOCS_BROWSER=1 is set (CI sets it after installing Chromium);
// screenshots go to $NARDYDOCS_SCREENSHOTS when that is set.
package e2e
