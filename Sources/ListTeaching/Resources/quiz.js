// The quiz page (QuizPage): a pick opens its sealed verdict (QuizSeal: SHA-256 in counter mode, keyed by the
// question's salt and the choice), and the score is kept.
"use strict";
// SHA-256's round constants, from the page's data (QuizSeal writes them).
const K = new Uint32Array(JSON.parse(document.getElementById("quiz-data").textContent).k);
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
      const verdict = open(button.dataset.seal, question.dataset.salt + "\n" + button.dataset.choice);
      const good = verdict.startsWith("\u2713");
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
          : ". Seed " + document.body.dataset.seed + " repeats this quiz.");
    });
  }
}
