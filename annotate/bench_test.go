package annotate

import (
	"io"
	"testing"

	"github.com/mcpschema/mcpschema/internal/report"
)

func BenchmarkMarkdownCheckRunLimit(b *testing.B) {
	rep := bigReport(5000)
	opt := SummaryOptions{Gate: report.DefaultGate, Failed: true, Limit: CheckRunSummaryLimit, Elsewhere: "see the annotations"}
	b.ReportAllocs()
	for b.Loop() {
		Markdown(rep, opt)
	}
}

func BenchmarkRender(b *testing.B) {
	rep := bigReport(5000)
	for _, format := range Formats {
		b.Run(format, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := Render(io.Discard, format, rep, sampleRules); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
