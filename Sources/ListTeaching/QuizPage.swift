import ListFormats
import ListLanguage
import ListModel
import ListRuntime

/// A quiz as one self-contained HTML page (no network): each question's table and batch and its choices.
/// The student picks one; the page scores the first pick and shows the verdict the terminal gives for
/// that answer. The page's text holds no answer key: each choice's verdict is sealed with a key made
/// from the question's salt and that choice (QuizSeal), and opened only when it is picked.
public enum QuizPage {
    /// The page for `questions`, titled with the level and seed so it can be made again.
    public static func html(_ questions: [QuizQuestion], level: Int, seed: UInt64) -> String {
        let title = "ListDSL quiz, level \(level) (seed \(seed))"
        var body = ""
        for (i, question) in questions.enumerated() {
            let salt = QuizSeal.salt(level: level, seed: seed, index: i)
            let offered = choices(question, seed: seed, index: i)
            let verdicts = offered.map { Quiz.verdict($0.typed, for: question)?.text ?? "" }
            // Every seal of a question as long as the longest verdict: the short "✓ Right." is not told
            // apart by its length.
            let width = verdicts.map { $0.utf8.count }.max() ?? 0
            body += "<section class=\"question\" id=\"q\(i + 1)\" data-salt=\"\(salt)\">\n"
            body += "<h2>Question \(i + 1) of \(questions.count)"
            body += question.view == .collection ? " <span class=\"tag\">collection view</span>" : ""
            body += "</h2>\n<div class=\"pair\"><pre class=\"table\">\(escape(question.table))</pre>"
            body += "<pre class=\"batch\">\(escape(question.batch))</pre></div>\n"
            switch question.kind {
            case .result:
                body += "<p class=\"ask\">What does the \(question.view.name) show after this batch?</p>\n"
            case .crash:
                body += "<p class=\"ask\">Does this batch crash, and with which message?</p>\n"
            }
            body += "<ol class=\"choices\">\n"
            for (choice, verdict) in zip(offered, verdicts) {
                let sealed = QuizSeal.seal(verdict, key: QuizSeal.key(salt: salt, choice: choice.shown), width: width)
                body += "<li><button type=\"button\" class=\"choice\" data-choice=\"\(escape(choice.shown))\" "
                body += "data-seal=\"\(sealed)\">\(escape(choice.shown))</button></li>\n"
            }
            body += "</ol>\n<pre class=\"feedback\" hidden></pre>\n</section>\n"
        }
        let intro = Quiz.levels[level].map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? ""
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>
            body { font: 16px/1.45 -apple-system, "Helvetica Neue", Arial, sans-serif; margin: 0 auto; max-width: 60rem;
              padding: 1.5rem; color: #1c1c1e; background: #f2f2f7; }
            h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
            .intro { color: #48484a; margin: 0 0 1rem; }
            .score { position: sticky; top: 0; z-index: 1; margin: 0 0 1.25rem; padding: .5rem .9rem; border-radius: 10px;
              background: #1c1c1e; color: #fff; font-weight: 600; }
            .question { background: #fff; border-radius: 12px; padding: 1rem 1.25rem; margin: 0 0 1.25rem;
              box-shadow: 0 1px 3px rgba(0,0,0,.08); scroll-margin-top: 3.5rem; }
            h2 { font-size: 1.1rem; margin: 0 0 .75rem; }
            .tag { font-size: .8rem; font-weight: normal; background: #e5e5ea; border-radius: 6px; padding: .1rem .4rem; }
            .pair { display: flex; gap: 1rem; flex-wrap: wrap; }
            pre { font: 14px/1.4 ui-monospace, Menlo, "DejaVu Sans Mono", monospace; margin: 0; padding: .6rem .8rem;
              border-radius: 8px; white-space: pre-wrap; }
            pre.table { background: #f9f9fb; border: 1px solid #e5e5ea; min-width: 12rem; }
            pre.batch { background: #1c1c1e; color: #f2f2f7; min-width: 14rem; }
            .ask { font-weight: 600; margin: .9rem 0 .4rem; }
            .choices { padding-left: 1.6rem; margin: 0; }
            .choices li { margin: .35rem 0; }
            button.choice { font: 14px/1.4 ui-monospace, Menlo, "DejaVu Sans Mono", monospace; text-align: left; vertical-align: top;
              width: 100%; padding: .45rem .7rem; border: 1px solid #c7c7cc; border-radius: 8px; background: #fff;
              color: #1c1c1e; cursor: pointer; }
            button.choice:hover:enabled, button.choice:focus-visible { border-color: #0a64d8; background: #f0f6ff; }
            button.choice:disabled { cursor: default; color: #48484a; }
            button.choice.right { border: 2px solid #1b7f3b; background: #eaf7ee; color: #0f5226; }
            button.choice.wrong { border: 2px solid #b3261e; background: #fdeceb; color: #7a1410; }
            pre.feedback { margin-top: .75rem; border: 1px solid #e5e5ea; background: #f9f9fb; }
            pre.feedback.right { border-color: #1b7f3b; }
            pre.feedback.wrong { border-color: #b3261e; }
            </style>
            </head>
            <body>
            <h1>\(escape(title))</h1>
            <p class="intro">\(escape(intro)). Pick an answer to each question: the page scores your first pick and
            shows why, as <code>listdsl quiz --level \(level) --seed \(seed)</code> does in a terminal. The answers are
            sealed in the page, each opened only by its own choice, so the page's source does not tell which is right.</p>
            <p class="score" aria-live="polite">Score: 0 of \(questions.count) (\(questions.count) not answered)</p>
            <noscript><p>Checking an answer needs JavaScript; <code>listdsl quiz --level \(level) --seed \(seed)</code>
            asks the same questions in a terminal.</p></noscript>
            \(body)<script>
            \(script(seed: seed))
            </script>
            </body>
            </html>

            """
    }

    /// A choice as the page shows it, and as the terminal would read it typed.
    struct Choice {
        var shown: String
        var typed: String
    }

    /// The choices of question `index`: a crash question's own, in order; for a result question the
    /// right table and the tables the mistaken rules give (the table before the batch when they give
    /// fewer than two), spelled as the student types them, in an order drawn from the seed.
    static func choices(_ question: QuizQuestion, seed: UInt64, index: Int) -> [Choice] {
        switch question.kind {
        case .crash(let choices):
            return choices.enumerated().map { Choice(shown: $0.element, typed: String($0.offset + 1)) }
        case .result:
            var tables = [question.answerTable] + question.nearMisses.prefix(3).map { $0.table }
            if tables.count < 3 && !tables.contains(question.before) { tables.append(question.before) }
            var random = QuizRandom(seed: seed &+ 0x9E37_79B9 &* UInt64(index + 1))
            random.shuffle(&tables)
            return tables.map { Choice(shown: Quiz.spelled($0), typed: Quiz.spelled($0)) }
        }
    }

    /// The page's script: SHA-256 and the counter-mode keystream of QuizSeal, a pick's verdict opened
    /// with the question's salt and the choice, the score kept.
    static func script(seed: UInt64) -> String {
        """
        "use strict";
        const K = new Uint32Array([
        \(QuizSeal.roundConstantsForScript)]);
        const ror = (x, n) => (x >>> n) | (x << (32 - n));
        function sha256(message) {
          const H = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
            0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
          const total = (message.length + 9 + 63) & ~63;
          const data = new Uint8Array(total);
          data.set(message);
          data[message.length] = 0x80;
          const view = new DataView(data.buffer);
          view.setUint32(total - 8, Math.floor(message.length / 0x20000000));
          view.setUint32(total - 4, (message.length * 8) >>> 0);
          const w = new Uint32Array(64);
          for (let at = 0; at < total; at += 64) {
            for (let t = 0; t < 16; t++) w[t] = view.getUint32(at + 4 * t);
            for (let t = 16; t < 64; t++) {
              const a = w[t - 15], b = w[t - 2];
              w[t] = w[t - 16] + (ror(a, 7) ^ ror(a, 18) ^ (a >>> 3)) + w[t - 7] + (ror(b, 17) ^ ror(b, 19) ^ (b >>> 10));
            }
            let [a, b, c, d, e, f, g, h] = H;
            for (let t = 0; t < 64; t++) {
              const t1 = (h + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t]) | 0;
              const t2 = ((ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
              h = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
            }
            [a, b, c, d, e, f, g, h].forEach((v, i) => { H[i] += v; });
          }
          const digest = new Uint8Array(32);
          const out = new DataView(digest.buffer);
          H.forEach((v, i) => out.setUint32(4 * i, v));
          return digest;
        }
        function open(sealed, key) {
          const bytes = Uint8Array.from(atob(sealed), (c) => c.charCodeAt(0));
          const keyHash = sha256(new TextEncoder().encode(key));
          const block = new Uint8Array(36);
          block.set(keyHash);
          for (let i = 0, n = 0; i < bytes.length; n++) {
            new DataView(block.buffer).setUint32(32, n);
            const stream = sha256(block);
            for (let j = 0; j < 32 && i < bytes.length; j++, i++) bytes[i] ^= stream[j];
          }
          let end = bytes.length;
          while (end > 0 && bytes[end - 1] === 0) end--;
          return new TextDecoder().decode(bytes.subarray(0, end));
        }
        const questions = Array.from(document.querySelectorAll(".question"));
        const score = document.querySelector(".score");
        let right = 0, answered = 0;
        for (const question of questions) {
          const buttons = Array.from(question.querySelectorAll("button.choice"));
          for (const button of buttons) {
            button.addEventListener("click", () => {
              if (question.dataset.answered) return;
              const verdict = open(button.dataset.seal, question.dataset.salt + "\\n" + button.dataset.choice);
              const good = verdict.startsWith("\\u2713");
              question.dataset.answered = good ? "right" : "wrong";
              answered++;
              if (good) right++;
              button.classList.add(good ? "right" : "wrong");
              button.setAttribute("aria-pressed", "true");
              for (const other of buttons) other.disabled = true;
              const feedback = question.querySelector(".feedback");
              feedback.textContent = verdict;
              feedback.className = "feedback " + (good ? "right" : "wrong");
              feedback.hidden = false;
              score.textContent = "Score: " + right + " of " + questions.length +
                (answered < questions.length ? " (" + (questions.length - answered) + " not answered)"
                  : ". Seed \(seed) repeats this quiz.");
            });
          }
        }
        """
    }

    /// Text escaped for HTML (as the lesson page escapes it).
    static func escape(_ text: String) -> String { LessonPage.escaped(text) }
}
