#!/usr/bin/env python3
"""Fuzzes `listdsl lsp` with sessions of random and damaged messages, as a broken or hostile client sends
them: requests at random positions (before the start, past the end), changes with random ranges, scripts
with flipped bytes, messages cut short, bytes flipped in a frame, noise between frames; each session ends
with shutdown and exit. The server must answer or skip each message, and end with status 0 or 1 (its input
ended before exit), never a crash, a hang (30 s a session) or a word on standard error.

    fuzz/lsp.py LISTDSL SECONDS [SEED]      (run from the package's root; fuzz/run.sh runs it)

A failing session's input is kept in $TMPDIR/listdsl-lsp-finding.bin.
"""
import json, os, random, subprocess, sys, time
binary, seconds = sys.argv[1], float(sys.argv[2])
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
deadline = time.time() + seconds
methods = ["textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references",
           "textDocument/documentSymbol", "textDocument/didChange", "textDocument/didOpen", "initialize", "bogus", "shutdown"]
texts = [open(os.path.join("examples", f)).read() for f in os.listdir("examples") if f.endswith(".list")]
sessions = 0
while time.time() < deadline:
    p = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    chunks = []
    def frame(obj): 
        b = json.dumps(obj).encode(); return b"Content-Length: %d\r\n\r\n" % len(b) + b
    chunks.append(frame({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}))
    for i in range(rng.randint(1, 40)):
        m = rng.choice(methods)
        text = rng.choice(texts)
        if rng.random() < 0.3:
            b = bytearray(text.encode()); 
            for _ in range(rng.randint(1, 20)): b[rng.randrange(len(b))] = rng.randrange(256)
            text = b.decode("utf-8", "replace")
        params = {"textDocument": {"uri": "file:///f%d.list" % rng.randint(0, 2), "text": text, "version": i},
                  "position": {"line": rng.randint(-5, 300), "character": rng.randint(-5, 300)},
                  "contentChanges": [{"range": {"start": {"line": rng.randint(-2, 50), "character": rng.randint(-2, 90)},
                                                "end": {"line": rng.randint(-2, 50), "character": rng.randint(-2, 90)}},
                                      "text": rng.choice(["", "x", "\n", "delete 0:", "é😀", "}"])}],
                  "context": {"includeDeclaration": rng.random() < 0.5}}
        msg = {"jsonrpc": "2.0", "method": m, "params": params}
        if not m.startswith("textDocument/did"): msg["id"] = rng.choice([i, str(i), None])
        raw = frame(msg)
        r = rng.random()
        if r < 0.1: raw = raw[:rng.randrange(len(raw))]                      # cut
        elif r < 0.2:
            raw = bytearray(raw); raw[rng.randrange(len(raw))] = rng.randrange(256); raw = bytes(raw)  # flipped byte
        elif r < 0.25: raw = os.urandom(rng.randint(1, 200))                   # noise
        chunks.append(raw)
    chunks.append(frame({"jsonrpc":"2.0","id":999,"method":"shutdown"}))
    chunks.append(frame({"jsonrpc":"2.0","method":"exit"}))
    try:
        _, err = p.communicate(b"".join(chunks), timeout=30)
    except subprocess.TimeoutExpired:
        p.kill(); sys.exit("hang in session %d" % sessions)
    if p.returncode < 0 or p.returncode > 1 or err:
        open(os.path.join(os.environ.get("TMPDIR", "/tmp"), "listdsl-lsp-finding.bin"), "wb").write(b"".join(chunks))
        sys.exit("session %d: status %d, stderr %r (input kept in listdsl-lsp-finding.bin)" % (sessions, p.returncode, err[:300]))
    sessions += 1
print("%d sessions in %.0f s: no crash or hang" % (sessions, seconds))
