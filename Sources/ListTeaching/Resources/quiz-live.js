"use strict";
// The class site's quiz: the questions are made and each answer graded by the interpreter in the page (the
// module's `quiz` request, WasmSession.quiz: the code of `listdsl quiz`, so a seed gives the same questions
// and feedback as in a terminal). The address holds the quiz (#level=2&seed=7&count=5&view=table), so a
// teacher hands out a link and every student gets the same questions.
(function () {
  const host = window.listdslHost;
  const $ = (id) => document.getElementById(id);
  let quiz = null; // {request, questions, answered: [verdict|null]}

  function setStatus(text, stopped) {
    $("quiz-status").textContent = text;
    $("quiz-status").className = stopped ? "stopped" : "";
  }

  function request() {
    const seed = $("quiz-seed").value.trim();
    const count = Math.max(1, Math.min(50, parseInt($("quiz-count").value, 10) || 5));
    return [$("quiz-level").value, /^\d{1,19}$/.test(seed) ? seed : "1", count, $("quiz-view").value].join(" ");
  }

  function freshSeed() {
    const words = crypto.getRandomValues(new Uint32Array(2));
    return String((words[0] % 0x200000) * 0x100000000 + words[1]);
  }

  function score() {
    const answered = quiz.answered.filter((v) => v !== null);
    const right = answered.filter((v) => v.right).length;
    const left = quiz.questions.length - answered.length;
    $("quiz-score").textContent = "Score: " + right + " of " + quiz.questions.length +
      (left > 0 ? " (" + left + " not answered)" : ". Seed " + $("quiz-seed").value + " repeats this quiz.");
  }

  function element(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // Grades `typed` (as the terminal reads it) for question `index`; the first readable answer is scored.
  async function grade(index, typed, section, button) {
    if (quiz.answered[index] !== null) return;
    const asked = quiz;
    const verdict = await host.answer("quiz", asked.request + "\n" + (index + 1) + "\n" + typed);
    if (asked !== quiz || quiz.answered[index] !== null) return;
    const feedback = section.querySelector(".feedback");
    if (verdict.stopped) return setStatus("Stopped: " + verdict.stopped + ".", true);
    if (verdict.text === "") {
      feedback.textContent = "That cannot be read as an answer: type the rows by blanks and the sections by |, as A B | C.";
      feedback.className = "feedback";
      feedback.hidden = false;
      return;
    }
    quiz.answered[index] = verdict;
    if (button) {
      button.classList.add(verdict.right ? "right" : "wrong");
      button.setAttribute("aria-pressed", "true");
    }
    section.querySelectorAll("button, input").forEach((b) => { b.disabled = true; });
    feedback.textContent = verdict.text;
    feedback.className = "feedback " + (verdict.right ? "right" : "wrong");
    feedback.hidden = false;
    score();
  }

  function draw() {
    const list = $("quiz-questions");
    list.textContent = "";
    $("quiz-title").textContent = quiz.title;
    document.title = quiz.title;
    quiz.questions.forEach((q, i) => {
      const section = element("section", "question");
      section.id = "q" + (i + 1);
      const h = element("h2", "", "Question " + (i + 1) + " of " + quiz.questions.length);
      if (q.view === "collection view") h.append(" ", element("span", "tag", "collection view"));
      section.append(h);
      const pair = element("div", "pair");
      pair.append(element("pre", "table", q.table), element("pre", "batch", q.batch));
      section.append(pair, element("p", "ask", q.ask));
      const choices = element("ol", "choices");
      q.choices.forEach((c) => {
        const li = element("li");
        const b = element("button", "choice", c.shown);
        b.type = "button";
        b.addEventListener("click", () => grade(i, c.typed, section, b));
        li.append(b);
        choices.append(li);
      });
      section.append(choices);
      if (!q.ask.startsWith("Does")) {
        const typed = element("form", "typed");
        const input = element("input");
        input.setAttribute("aria-label", "Question " + (i + 1) + ": type the table");
        input.placeholder = "or type the table: A B | C";
        const check = element("button", "", "Check");
        check.type = "submit";
        typed.append(input, check);
        typed.addEventListener("submit", (e) => {
          e.preventDefault();
          if (input.value.trim() !== "") grade(i, input.value, section, null);
        });
        section.append(typed);
      }
      const feedback = element("pre", "feedback");
      feedback.hidden = true;
      section.append(feedback);
      list.append(section);
    });
    score();
  }

  async function start() {
    const asked = request();
    setStatus("Making the questions…");
    const started = performance.now();
    const answer = await host.answer("quiz", asked);
    if (answer.stopped) return setStatus("Stopped: " + answer.stopped + ".", true);
    const [level, seed, count, view] = asked.split(" ");
    history.replaceState(null, "", "#level=" + level + "&seed=" + seed + "&count=" + count + "&view=" + view);
    quiz = { request: asked, title: answer.title, questions: answer.questions, answered: answer.questions.map(() => null) };
    window.quizLive = { quiz: quiz, madeIn: performance.now() - started };
    draw();
    setStatus("");
  }

  // The quiz of the address, or level 1 with a fresh seed: a field that cannot be read (a malformed escape, a
  // level or view the form does not offer) leaves the form's value as it is.
  const field = (name) => { const f = host.linkField(name); return f ? f.text : null; };
  const choose = (select, value) => {
    if (value !== null && Array.from($(select).options).some((o) => o.value === value)) $(select).value = value;
  };
  choose("quiz-level", field("level"));
  $("quiz-seed").value = /^\d{1,19}$/.test(field("seed") || "") ? field("seed") : freshSeed();
  if (/^\d{1,2}$/.test(field("count") || "")) $("quiz-count").value = field("count");
  choose("quiz-view", field("view"));
  $("quiz-setup").addEventListener("submit", (e) => {
    e.preventDefault();
    if (e.submitter && e.submitter.id === "quiz-new" && quiz && quiz.request === request()) $("quiz-seed").value = freshSeed();
    start();
  });
  start().catch((error) => setStatus("The interpreter cannot start: " + error.message, true));
})();
