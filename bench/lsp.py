#!/usr/bin/env python3
"""Measures `listdsl lsp` on a large document, for bench/NOTES.md and the README. Not a test: these machines
are shared and noisy, so it prints medians.

    bench/lsp.py LISTDSL [LINES]
    bench/lsp.py LISTDSL --hostile [SCALE]

--hostile times instead the hostile sizes of issue 57, each the median of 3 (SCALE, default 1,
multiplies them): one didChange of 10,000 one-character edits at scattered lines of a 100,000-line
script, to the answer of the hover sent after it; documentSymbol of 20,000 procedures on one line; and
references to a name used 100,000 times on one line (UTF-16 positions, after an 'é' on the line).

It starts `LISTDSL lsp` as an editor does (JSON-RPC over standard input and output, Content-Length
framing), opens a script of LINES lines (default 1,000,000: edits, loops, procedures and their calls), and
prints one JSON object: the time from didOpen to its diagnostics; completion's round trip at 20 places
(median); the time from a one-character change to the diagnostics of the changed document (median of 8
edits: each breaks or mends a line), and the server's peak resident memory (VmHWM).
"""
import json, os, statistics, subprocess, sys, time


def script(lines):
    out = ["reset [[], [], []]", "proc add(n) {", "  append 0 \"row \\(n)\"", "}"]
    i = 0
    while len(out) < lines:
        k = i % 5
        out.append(
            ["insert 0:0 \"a%d\"" % i, "add(%d)" % i, "delete 0:0", "let v%d = %d" % (i % 100, i),
             "for j in 0..<2 { append 1 \"x\\(j)\" }"][k])
        i += 1
    return "\n".join(out[:lines]) + "\n"


class Server:
    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0
        self.pending = []

    def send(self, message):
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("the server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == self.next_id and "method" not in message:
                return message
            self.pending.append(message)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, version):
        """Waits for the diagnostics of `version` of the document."""
        while True:
            message = self.pending.pop(0) if self.pending else self.read()
            if message.get("method") == "textDocument/publishDiagnostics":
                params = message["params"]
                if params.get("version", version) == version:
                    return params["diagnostics"]


def hostile(listdsl, scale):
    uri = "file:///hostile.list"
    result = {}

    def timed(name, text, message):
        times = []
        for _ in range(3):
            server = Server([listdsl, "lsp"])
            server.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
            server.notify("initialized", {})
            server.notify("textDocument/didOpen",
                          {"textDocument": {"uri": uri, "languageId": "listdsl", "version": 1, "text": text}})
            server.diagnostics(1)
            start = time.perf_counter()
            answer = message(server)
            times.append(time.perf_counter() - start)
            if "error" in answer:
                raise SystemExit("%s: %s" % (name, answer["error"]))
            server.request("shutdown", None)
            server.notify("exit", None)
            server.process.wait(timeout=60)
        result[name + " s (median of 3)"] = round(statistics.median(times), 3)

    lines = 100_000 * scale

    def change(server):
        changes = [{"range": {"start": {"line": k * 7919 % lines, "character": 0},
                              "end": {"line": k * 7919 % lines, "character": 0}}, "text": "#"}
                   for k in range(10_000 * scale)]
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2}, "contentChanges": changes})
        return server.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})

    timed("didChange of %d edits on %d lines" % (10_000 * scale, lines), "print 1\n" * lines, change)
    procedures = 20_000 * scale
    timed("documentSymbol of %d procedures on one line" % procedures,
          'print "é"; ' + "; ".join("proc p%d() {}" % i for i in range(procedures)) + "\n",
          lambda server: server.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}}))
    uses = 100_000 * scale
    timed("references to a name used %d times on one line" % uses,
          'let v = 1\nprint ["é",' + ",".join(["v"] * uses) + "]\n",
          lambda server: server.request("textDocument/references", {
              "textDocument": {"uri": uri}, "position": {"line": 0, "character": 4},
              "context": {"includeDeclaration": True}}))
    print(json.dumps(result))


def main():
    listdsl = sys.argv[1]
    if len(sys.argv) > 2 and sys.argv[2] == "--hostile":
        return hostile(listdsl, int(sys.argv[3]) if len(sys.argv) > 3 else 1)
    lines = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    text = script(lines)
    uri = "file:///bench.list"
    server = Server([listdsl, "lsp"])
    server.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
    server.notify("initialized", {})
    result = {"lines": lines, "bytes": len(text.encode())}

    start = time.perf_counter()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "listdsl", "version": 1, "text": text}})
    found = server.diagnostics(1)
    result["didOpen to diagnostics ms"] = round((time.perf_counter() - start) * 1000, 1)
    result["diagnostics of the opened document"] = len(found)

    times = []
    for k in range(20):
        line = (k * 48_271) % lines
        start = time.perf_counter()
        answer = server.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": {"line": line, "character": 0}})
        times.append((time.perf_counter() - start) * 1000)
        items = answer["result"]["items"] if isinstance(answer.get("result"), dict) else answer.get("result") or []
        if not items:
            raise SystemExit("no completion at line %d" % line)
    result["completion ms (median of 20)"] = round(statistics.median(times), 2)
    result["completion ms (max of 20)"] = round(max(times), 2)

    times = []
    version = 1
    for k in range(8):
        line = lines // 2 + k
        version += 1
        # Odd edits add a stray ':' at the start of a line (an error), even ones take it away.
        edit = {"range": {"start": {"line": line - (k % 2), "character": 0},
                          "end": {"line": line - (k % 2), "character": 1 if k % 2 else 0}},
                "text": "" if k % 2 else ":"}
        start = time.perf_counter()
        server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [edit]})
        found = server.diagnostics(version)
        times.append((time.perf_counter() - start) * 1000)
        if (k % 2 == 0) != bool(found):
            raise SystemExit("edit %d: %d diagnostics" % (k, len(found)))
    result["keystroke to diagnostics ms (median of 8)"] = round(statistics.median(times), 1)

    with open("/proc/%d/status" % server.process.pid) as status:
        for row in status:
            if row.startswith("VmHWM:"):
                result["server peak MiB"] = round(int(row.split()[1]) / 1024, 1)
    server.request("shutdown", None)
    server.notify("exit", None)
    server.process.wait(timeout=10)
    print(json.dumps(result))


main()
