package service

import (
	"testing"
)

// TestEmptyConfigIsDefaults: every config key is optional, so an empty
// config file, or one whose keys are all commented out (a `touch
// .mcpschema.yaml`, a template waiting to be filled in), is the defaults,
// not a configuration error saying the file "holds no tool".
func TestEmptyConfigIsDefaults(t *testing.T) {
	t.Parallel()
	for name, body := range map[string]string{"empty": "", "blank": "  \n", "comments": "# files: ['tools/*.json']\n# fail-on: warning\n"} {
		t.Run(name, func(t *testing.T) {
			cfg, err := ParseConfig([]byte(body), DefaultConfigName, testRules)
			if err != nil {
				t.Fatalf("ParseConfig: %v", err)
			}
			if def := DefaultConfig(); cfg.Gate != def.Gate || len(cfg.Files) != 0 || len(cfg.Ignores) != 0 {
				t.Errorf("config %+v: want the defaults", cfg)
			}
			dir := writeFiles(t, map[string]string{"a.json": goodTool, DefaultConfigName: body})
			if code, _, errOut := checkRun(t, dir, "a.json"); code != exitOK {
				t.Errorf("exit %d, want 0\n%s", code, errOut)
			}
		})
	}
}
