"use strict";
// "Explain a crash" (issue 58), in every playground: a developer pastes what they have (the reason, an Xcode
// console, a crash report, a page copied as text); the module reads it as `listdsl explain --json` does
// (`ExplainReport.json`, format listdsl-explain version 1, docs/explain.md) and the panel shows each text
// found: which check failed, UIKit's arithmetic, what the numbers say, the view and iOS, the likely causes, and
// whether the script the module wrote raises the same text. "Open the script" runs that script in the
// playground and shows the step where UIKit raised (or logged) it. Nothing leaves the page: the same module
// that runs the lessons does the reading, in its worker.
(function () {
  const host = window.listdslHost;
  const playground = window.playground;
  const page = window.lessonPage;
  const $ = (id) => document.getElementById(id);
  // What the panel reads: the playground's limit on a script. A crash report is a few KiB.
  const TEXT_LIMIT = 1 << 20;
  // The texts the panel draws from one paste: a log that repeats a text a thousand times draws twenty.
  const SHOWN = 20;

  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  // A phrase of the report (they are written lowercase, without a full stop, to be joined) ended as a sentence;
  // `sentence` also capitalises its first word when that is a plain word (not code such as `reloadData()`).
  const ended = (text) => (/[.!?:)]$/.test(text) ? text : text + ".");
  const sentence = (text) => {
    const words = ended(text);
    return /^[a-z]+[ ,;]/.test(words) ? words[0].toUpperCase() + words.slice(1) : words;
  };

  // The control, beside Run and Copy link, and the panel it opens (a modal dialog: Escape closes it, and
  // focus goes back to the control).
  const open = el("button", "", "Explain a crash");
  open.type = "button";
  open.id = "explain";
  open.title = "Paste a UIKit crash text: what it means, and a script that makes it happen";
  open.setAttribute("aria-haspopup", "dialog");
  $("share").after(open);

  const panel = el("dialog");
  panel.id = "explain-panel";
  panel.setAttribute("aria-labelledby", "explain-title");
  panel.innerHTML =
    '<div class="ex-head"><h2 id="explain-title">Explain a crash</h2>' +
    '<button type="button" id="explain-close" aria-label="Close" title="Close (Esc)">Close</button></div>' +
    '<p class="ex-intro" id="explain-intro">Paste the crash: its reason, an Xcode console, a crash report or a page ' +
    "copied as text. The page reads UIKit's batch-update texts in it, says what they mean, and writes a script " +
    "that makes the same crash here. Nothing leaves this page.</p>" +
    '<textarea id="explain-input" rows="7" spellcheck="false" autocomplete="off" aria-describedby="explain-intro" ' +
    'aria-label="The crash text" placeholder="*** Terminating app due to uncaught exception \'NSInternalInconsistencyException\', reason: \'Invalid update: invalid number of rows in section 0. …\'"></textarea>' +
    '<div class="ex-buttons"><button type="button" id="explain-run" title="Explain (Ctrl+Enter or ⌘+Enter)">Explain</button>' +
    '<span id="explain-status" role="status"></span></div>' +
    '<div id="explain-result"></div>';
  document.body.appendChild(panel);
  const input = $("explain-input");
  const run = $("explain-run");
  const status = $("explain-status");
  const result = $("explain-result");

  open.addEventListener("click", () => {
    panel.showModal();
    input.focus();
  });
  $("explain-close").addEventListener("click", () => panel.close());
  // The lesson's keys (← → Home End) step the lesson behind the panel: not while the panel is open.
  panel.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && e.target === input) {
      e.preventDefault();
      explain();
    }
    if (e.key !== "Escape") e.stopPropagation();
  });
  // A click on the backdrop (outside the panel's box) closes it, as Escape does.
  panel.addEventListener("click", (e) => {
    if (e.target !== panel) return;
    const box = panel.getBoundingClientRect();
    if (e.clientX < box.left || e.clientX > box.right || e.clientY < box.top || e.clientY > box.bottom) panel.close();
  });
  run.addEventListener("click", () => explain());

  let busy = false;
  // Reads the pasted text in the module and draws what it says.
  async function explain() {
    if (busy) return;
    const text = input.value;
    if (text.trim() === "") {
      status.textContent = "Paste a crash text first.";
      return;
    }
    const size = new TextEncoder().encode(text).length;
    if (size > TEXT_LIMIT) {
      status.textContent = "Not read: the text is larger than 1 MiB (" + size.toLocaleString("en") + " bytes), the most the page reads. " +
        "Paste the part around the crash: the reason and a few lines either side are enough.";
      result.textContent = "";
      return;
    }
    busy = true;
    run.disabled = true;
    status.textContent = "Reading…";
    try {
      const report = await host.explain(text);
      if (report.stopped) {
        status.textContent = "Not read: " + report.stopped + ".";
        return;
      }
      window.playground.explained = report;
      draw(report);
    } catch (error) {
      status.textContent = "Not read: " + error.message;
    } finally {
      busy = false;
      run.disabled = false;
    }
  }

  // The report: a section for each text found, or what came close.
  function draw(report) {
    result.textContent = "";
    status.className = "";
    const texts = report.texts || [];
    if (texts.length === 0) {
      status.textContent = "No UIKit batch-update text found.";
      status.className = "none";
      result.appendChild(notFound(report.nearMisses || []));
      return;
    }
    // A text a log repeats is explained once; the status counts it each time it is there.
    const times = texts.reduce((n, t) => n + 1 + (t.repeatLines || []).length, 0);
    const again = times > texts.length ? " (" + times + " in all, with the repeats)" : "";
    status.textContent = (texts.length === 1 ? "Found 1 text" : "Found " + texts.length + " texts") + again +
      (texts.length > SHOWN ? "; the first " + SHOWN + " are shown." : ".");
    const many = texts.length > 1;
    texts.slice(0, SHOWN).forEach((t, k) => result.appendChild(section(t, many ? k + 1 : 0, report)));
  }

  // Nothing read: what the panel reads, and the near misses (where a text stopped being one).
  function notFound(misses) {
    const box = el("div", "ex-none");
    box.appendChild(el("p", "", "The page reads what UITableView and UICollectionView raise or log when a batch update " +
      "fails (“Invalid update: …”, “attempt to delete row …”, “Invalid batch updates detected: …”) and a diffable data " +
      "source's texts."));
    if (misses.length === 0) {
      box.appendChild(el("p", "", "Nothing in the text comes close to one of them."));
      return box;
    }
    // The same miss read from two starts (the text's first sentence, its second) is said once.
    const said = new Set();
    const unique = misses.filter((m) => {
      const key = m.line + "\n" + m.expected + "\n" + m.found;
      return !said.has(key) && said.add(key);
    });
    box.appendChild(el("p", "", unique.length === 1 ? "One place comes close:" : "These places come close:"));
    const list = el("ul", "ex-misses");
    unique.slice(0, 5).forEach((m) => {
      const li = el("li");
      li.appendChild(el("span", "ex-line", "Line " + m.line + ": "));
      li.appendChild(document.createTextNode("after "));
      li.appendChild(el("code", "", tail(m.read)));
      li.appendChild(document.createTextNode(" UIKit's text goes on with " + m.expected + ", but this one has " + m.found + "."));
      list.appendChild(li);
    });
    box.appendChild(list);
    return box;
  }

  // The last words of what a near miss read (as `listdsl explain` shows them).
  function tail(text) {
    const line = text.replace(/\s+/g, " ");
    return line.length > 60 ? "…" + line.slice(-60) : line;
  }

  // Who said it: the words `listdsl explain` heads a text with.
  function heading(t) {
    const view = t.view === "collection" ? "UICollectionView" : "UITableView";
    if (t.form === "diffable") return "A diffable data source raised";
    if (t.form === "log-ios13" || t.form === "log-fallback") return "UICollectionView logged (and reloaded)";
    return t.viewNamed ? view + " raised" : "UIKit raised (a table view or a collection view)";
  }

  // The view, as the text says which it is.
  function viewWords(t) {
    const name = t.view === "collection" ? "collection view" : "table view";
    if (t.form === "diffable") return "a diffable data source (table or collection view)";
    return t.viewNamed ? "a " + name + ", as its words say" : "a table view or a collection view (the words are the same; the script uses a " + name + ")";
  }

  // One text's explanation.
  function section(t, number, report) {
    const s = el("section", "ex-text");
    const title = el("h3", "", (number ? number + ". " : "") + heading(t));
    if (t.line > 1 || (report.texts.length > 1)) title.appendChild(el("span", "ex-line", " (line " + t.line + ")"));
    const repeats = t.repeatLines || [];
    if (repeats.length > 0) {
      title.appendChild(el("span", "ex-line", " — again at line" + (repeats.length > 1 ? "s " : " ") +
        repeats.slice(0, 10).join(", ") + (repeats.length > 10 ? " and " + (repeats.length - 10) + " more" : "")));
    }
    s.appendChild(title);
    s.appendChild(el("pre", "ex-uikit", t.text));
    const facts = el("dl", "ex-facts");
    const fact = (term, ...details) => {
      facts.appendChild(el("dt", "", term));
      details.forEach((d) => facts.appendChild(d));
    };
    fact("What failed", el("dd", "", sentence(t.check)));
    const arithmetic = el("dd");
    arithmetic.appendChild(el("pre", "ex-arithmetic", t.arithmetic.join("\n")));
    fact("UIKit's arithmetic", arithmetic);
    if (t.meaning.length > 0) fact("What the numbers say", ...t.meaning.map((m) => el("dd", "", sentence(m))));
    const where = el("dd", "", sentence(viewWords(t) + "; " + t.versionsText));
    if (t.versionNotes.length > 0) {
      const notes = el("ul", "ex-notes");
      t.versionNotes.forEach((n) => notes.appendChild(el("li", "", sentence(n))));
      where.appendChild(notes);
    }
    fact("The view and iOS", where);
    s.appendChild(facts);
    if (t.causes.length > 0) {
      s.appendChild(el("h4", "", "Likely causes, most likely first"));
      const causes = el("ol", "ex-causes");
      t.causes.forEach((c) => {
        const li = el("li");
        li.appendChild(el("p", "ex-cause", sentence(c.title)));
        const code = el("pre", "ex-swift");
        code.appendChild(el("code", "", c.swift));
        li.appendChild(code);
        const fix = el("p", "ex-fix");
        fix.appendChild(el("strong", "", "Fix: "));
        fix.appendChild(document.createTextNode(sentence(c.fix)));
        li.appendChild(fix);
        causes.appendChild(li);
      });
      s.appendChild(causes);
    }
    s.appendChild(reproduction(t));
    return s;
  }

  // Whether the module's script raises the same text, the script, and the button that opens it.
  function reproduction(t) {
    const box = el("div", "ex-script");
    box.appendChild(el("h4", "", "A script that makes it happen"));
    if (t.impossible) {
      box.appendChild(el("p", "ex-verdict differs", "No script: " + ended(t.impossible)));
      return box;
    }
    const said = t.form === "log-ios13" || t.form === "log-fallback" ? "log" : "raise";
    box.appendChild(el("p", "ex-verdict " + (t.reproduced ? "same" : "differs"), t.reproduced
      ? "Reproduced: this script makes the simulator " + said + " the same text, word for word (addresses and the view's description aside)."
      : "Not word for word: this script makes the simulator " + (t.simulated ? said + " a different text:" : "raise nothing.")));
    if (!t.reproduced && t.simulated) box.appendChild(el("pre", "ex-uikit", t.simulated));
    box.appendChild(el("p", "ex-label", "The script:"));
    box.appendChild(el("pre", "ex-code", t.script));
    if (t.chosen.length > 0) {
      box.appendChild(el("p", "", "Chosen, as the text does not say:"));
      const chosen = el("ul", "ex-notes");
      t.chosen.forEach((c) => chosen.appendChild(el("li", "", sentence(c))));
      box.appendChild(chosen);
    }
    const button = el("button", "ex-open", "Open the script");
    button.type = "button";
    button.title = "Put this script in the playground, run it, and show the step where UIKit " + (said === "log" ? "logs" : "raises") + " the text";
    button.addEventListener("click", () => openScript(t));
    box.appendChild(button);
    return box;
  }

  // The step the script's text is at: the first statement that did not complete (UIKit raised), else the
  // first commit UIKit logged a text for (it went on, with reloadData), else the last step.
  function crashStep(L) {
    const failed = L.steps.findIndex((s, k) => k > 0 && !s.completed);
    if (failed >= 0) return failed;
    const logged = L.steps.findIndex((s) => s.commit && (s.commit.warnings || []).length > 0);
    return logged >= 0 ? logged : L.steps.length - 1;
  }

  // Runs the text's script in the playground, as if typed in its editor, and shows its crash step.
  async function openScript(t) {
    panel.close();
    const ran = await playground.run(undefined, t.script, "reproduce.list");
    if (!ran) return;
    const step = crashStep(window.L);
    page.go(step);
    const logged = t.form === "log-ios13" || t.form === "log-fallback";
    $("run-status").textContent = "The pasted crash's script: UIKit " + (logged ? "logs" : "raises") + " its text at step " + step +
      " (“Explain a crash” shows the explanation again).";
    // The step's controls and the table view from the top of the page, and the box with UIKit's text in sight.
    $("phone").focus({ preventScroll: true });
    window.scrollTo(0, 0);
    const box = $(logged ? "warned" : "rejection");
    if (!box.hidden) box.scrollIntoView({ block: "nearest" });
  }

  // A link may open the panel at once (the class site's "Explain a crash": playground.html#explain), once the page
  // has loaded: a focus given while it loads does not stay.
  if (/^#explain$/.test(location.hash)) {
    const show = () => {
      panel.showModal();
      input.focus();
    };
    if (document.readyState === "complete") show();
    else window.addEventListener("load", show, { once: true });
  }
})();
