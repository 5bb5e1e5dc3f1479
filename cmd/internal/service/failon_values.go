package service

// FailOnValues are the values fail-on (and --fail-on) accepts.
var FailOnValues = []string{"error", "warning", "notice", "never", FailOnIncompleteValue}

// FailOnMessage says what is wrong with the fail-on value, naming the
// setting as the caller spells it ("--fail-on" on the command line).
func FailOnMessage(value, name string) string { return failOnError{value}.as(name) }
