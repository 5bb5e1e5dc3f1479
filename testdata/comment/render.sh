#!/usr/bin/env bash
# testdata/comment/render.sh: renders the golden comments of this folder as
# GitHub renders a pull request comment (cmark-gfm with GitHub's extensions,
# raw HTML kept and tag-filtered, in a column as wide as a comment), writes
# NAME.html beside each NAME.md and a screenshot NAME.png taken by headless
# Chromium, for a reviewer to look at. Needs the Debian packages cmark-gfm
# and chromium. Regenerate the .md files first:
#
#	go test ./cmd/internal/action -run TestCommentExampleGolden -update
#	testdata/comment/render.sh
set -euo pipefail
cd "$(dirname "$0")"
for bin in cmark-gfm chromium; do
	command -v "$bin" >/dev/null || { echo "render.sh: $bin is not installed (apt-get install cmark-gfm chromium)" >&2; exit 1; }
done
profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
# each page at the height its collapsed content takes
for page in example.md:960 example-labelled.md:1060 example-checkrun.md:1200; do
	md="${page%%:*}" height="${page##*:}"
	name="${md%.md}"
	who='<b>github-actions</b> bot commented'
	[ "$name" = example-checkrun ] && who='Checks tab: check run <b>mcpschema</b> (its title, then its summary)'
	{
		cat <<'HEAD'
<!doctype html>
<html><head><meta charset="utf-8"><title>mcpschema comment</title>
<style>
body { margin: 0; padding: 16px; background: #fff; font: 14px/1.5 -apple-system, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: #1f2328; }
.comment { width: 760px; border: 1px solid #d1d9e0; border-radius: 6px; }
.comment-header { background: #f6f8fa; border-bottom: 1px solid #d1d9e0; padding: 8px 16px; color: #59636e; border-radius: 6px 6px 0 0; }
.markdown-body { padding: 16px; overflow-wrap: break-word; }
.markdown-body h1, .markdown-body h2 { border-bottom: 1px solid #d1d9e0; padding-bottom: .3em; }
.markdown-body h1 { font-size: 2em; margin: .67em 0; } .markdown-body h2 { font-size: 1.5em; margin-top: 0; }
.markdown-body h3 { font-size: 1.25em; } .markdown-body h4 { font-size: 1em; }
.markdown-body code { font: 85% ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: rgba(129,139,152,.12); padding: .2em .4em; border-radius: 6px; }
.markdown-body pre { background: #f6f8fa; padding: 16px; border-radius: 6px; overflow: auto; }
.markdown-body pre code { background: none; padding: 0; font-size: 85%; }
.markdown-body a { color: #0969da; text-decoration: none; }
.markdown-body table { border-collapse: collapse; display: block; max-width: 100%; overflow: auto; }
.markdown-body th, .markdown-body td { border: 1px solid #d1d9e0; padding: 6px 13px; }
.markdown-body tr:nth-child(2n) { background: #f6f8fa; }
.markdown-body blockquote { margin: 0; padding: 0 1em; color: #59636e; border-left: .25em solid #0969da; }
.markdown-body details summary { cursor: pointer; }
.markdown-body ul { padding-left: 2em; }
</style></head><body><div class="comment">
HEAD
		echo "<div class=\"comment-header\">$who</div><div class=\"markdown-body\">"
		cmark-gfm --unsafe -e table -e autolink -e strikethrough -e tagfilter "$md"
		echo '</div></div></body></html>'
	} >"$name.html"
	chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$profile" --hide-scrollbars --window-size="800,$height" \
		--screenshot="$PWD/$name.png" "file://$PWD/$name.html" >/dev/null 2>&1
	echo "rendered $name.html and $name.png"
done
