"""scripts/hover-coverage.py on a hand-made site: what it counts as an
identifier, what it leaves out, and its totals (no browser needed)."""

import importlib.util
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "hover-coverage.py"

PAGE = """<!doctype html><html><body><main>
<p>Prose with identifiers outside samples: notCounted.</p>
<pre><code class="language-swift">let plainBlock = 1</code></pre>
<figure class="sample sample-verified">
<figcaption class="sample-badge">✓ Verified</figcaption>
<pre tabindex="0" class="has-hovers"><code class="language-swift"><span class="ln" id="L3"><span class="tok-attribute">@Observable</span> <span class="tok-keyword">final</span> <span class="tok-keyword">class</span> <span class="hv" aria-describedby="hv-1"><span class="tok-type">Model</span></span> {}</span>
<span class="ln sample-hidden-line" id="L4"><span class="tok-keyword">let</span> hiddenName = <span class="tok-number">1</span>
</span><span class="ln" id="L5"><span class="tok-keyword">let</span> <span class="hv" aria-describedby="hv-2">board</span> = <span class="hv" aria-describedby="hv-1"><span class="tok-type">Score</span></span><span class="tok-type">board</span>(name: <span class="tok-string">&quot;quoted words&quot;</span>) <span class="tok-comment">// a comment with words</span></span>
<span class="sample-callout"><span class="sample-callout-caret" aria-hidden="true">    ^</span>    <span class="sample-callout-type"><span class="tok-keyword">let</span> board: <span class="tok-type">Scoreboard</span></span></span><span class="ln" id="L7">items.map { <span class="hv" aria-describedby="hv-3">$0</span> <span class="tok-operator">+</span> `default` }</span>
<span class="sample-diagnostic">error: cannot find 'missing' in scope</span></code></pre>
</figure>
<figure class="sample sample-not-verified">
<pre><code class="language-swift">unverifiedName</code></pre>
</figure>
<div class="hv-defs" hidden><div class="hv-body" id="hv-1"><code class="hv-decl">class Model</code></div></div>
</main></body></html>
"""


def load_script():
    spec = importlib.util.spec_from_file_location("hover_coverage", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_counting_rule_on_a_hand_made_page(tmp_path):
    (tmp_path / "guide").mkdir()
    (tmp_path / "guide" / "page.html").write_text(PAGE, encoding="utf-8")
    (tmp_path / "index.html").write_text("<html><body><p>No samples.</p></body></html>", encoding="utf-8")
    pages, unverified = load_script().coverage(tmp_path)
    # Identifiers: @Observable, Model, board, Scoreboard (one type split by a trigger), name, items, map, $0, `default` = 9.
    # Covered: Model, board, Scoreboard, $0 = 4. Not counted: keywords, literals, the comment, the hidden line,
    # the callout, the compiler message, the popover bodies, prose, plain code blocks and the unverified sample.
    assert pages == {"guide/page.html": (9, 4)}
    assert unverified == 1
    pages, _ = load_script().coverage(tmp_path, include_unverified=True)
    assert pages == {"guide/page.html": (10, 4)}


def test_the_command_prints_per_page_and_total_and_checks_a_minimum(tmp_path):
    (tmp_path / "page.html").write_text(PAGE, encoding="utf-8")
    run = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "page.html: 4/9 (44.4 %)",
        "Total: 4/9 identifiers have a popover (44.4 %); 1 not-verified sample left out",
    ]
    below = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path), "--min", "95"], capture_output=True, text=True)
    assert below.returncode == 1 and "Below 95 %" in below.stderr
    missing = subprocess.run([sys.executable, str(SCRIPT), str(tmp_path / "nowhere")], capture_output=True, text=True)
    assert missing.returncode == 2
