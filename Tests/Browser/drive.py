#!/usr/bin/env python3
"""Drives a ListDSL lesson page in headless Chromium over the DevTools protocol (--remote-debugging-pipe),
with nothing beyond Python's standard library.

    drive.py CHROMIUM PAGE.html EXPECTED.json SCREENSHOT.png

EXPECTED.json: {"steps": [{"table": [[row, ...], ...] or null, "rejection": message or null}, ...]}, the
interpreter's state after each step, read from `listdsl --events`. The driver opens the page at step 0,
presses → once per step, and after each press reads, in the page, the step number, the rows the table view
draws (section by section) and the rejection text. Then it opens PAGE.html#step=N for a middle N, and
presses End and saves a screenshot of the last step. It prints one JSON object: what it saw and every
mismatch.
"""
import base64, json, os, select, subprocess, sys, tempfile, time

def main():
    chromium, page, expected_path, screenshot = sys.argv[1:5]
    expected = json.load(open(expected_path))["steps"]
    profile = tempfile.mkdtemp(prefix="listdsl-chromium-")
    to_chrome_r, to_chrome_w = os.pipe()
    from_chrome_r, from_chrome_w = os.pipe()

    def child_fds():
        os.dup2(to_chrome_r, 3)
        os.dup2(from_chrome_w, 4)

    proc = subprocess.Popen(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
         "--remote-debugging-pipe", "--user-data-dir=" + profile, "--window-size=1280,1000",
         "--force-prefers-reduced-motion", "--hide-scrollbars", "about:blank"],
        pass_fds=(3, 4), preexec_fn=child_fds, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(to_chrome_r)
    os.close(from_chrome_w)
    out = os.fdopen(to_chrome_w, "wb", buffering=0)
    inp = os.fdopen(from_chrome_r, "rb", buffering=0)
    buffer = b""
    next_id = [0]
    pending_events = []

    def read_message(deadline):
        nonlocal buffer
        while b"\0" not in buffer:
            left = deadline - time.time()
            if left <= 0 or not select.select([inp], [], [], left)[0]:
                raise TimeoutError("no answer from chromium")
            chunk = inp.read(65536)
            if not chunk:
                raise EOFError("chromium closed the pipe")
            buffer += chunk
        raw, buffer = buffer.split(b"\0", 1)
        return json.loads(raw)

    def send(method, params=None, session=None, timeout=30):
        if os.environ.get("DRIVE_DEBUG"): print("send", method, file=sys.stderr)
        next_id[0] += 1
        message = {"id": next_id[0], "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        out.write(json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            reply = read_message(deadline)
            if reply.get("id") == next_id[0]:
                if "error" in reply:
                    raise RuntimeError(method + ": " + json.dumps(reply["error"]))
                return reply.get("result", {})
            pending_events.append(reply)

    def wait_event(name, timeout=30):
        deadline = time.time() + timeout
        while True:
            for i, e in enumerate(pending_events):
                if e.get("method") == name:
                    del pending_events[i]
                    return e
            pending_events.append(read_message(deadline))

    result = {"steps": 0, "mismatches": [], "hash": None, "screenshot": None}
    try:
        target = send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        send("Page.enable", session=session)
        send("Runtime.enable", session=session)
        url = "file://" + os.path.abspath(page)

        def evaluate(expression):
            r = send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=session)
            if "exceptionDetails" in r:
                raise RuntimeError("page error: " + json.dumps(r["exceptionDetails"])[:500])
            return r["result"].get("value")

        def open_at(fragment):
            # A fresh load each time (a navigation that changes only the fragment would not reload).
            for address in ("about:blank", url + fragment):
                pending_events.clear()
                send("Page.navigate", {"url": address}, session=session)
                wait_event("Page.loadEventFired")

        def key(name, code):
            for kind in ("rawKeyDown", "keyUp"):
                send("Input.dispatchKeyEvent", {"type": kind, "key": name, "code": name,
                     "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}, session=session)

        state = """JSON.stringify({
            step: parseInt(document.body.dataset.step, 10),
            rows: (() => { const out = []; document.querySelectorAll('#tableview .row').forEach((r) => {
                const s = parseInt(r.dataset.section, 10); while (out.length <= s) out.push([]);
                out[s].push(r.querySelector('.text').textContent); }); return out; })(),
            sections: document.querySelectorAll('#tableview .hdr, #tableview .row').length === 0 ? 0 : null,
            rejection: document.getElementById('rejection').hidden ? null : document.getElementById('rejection').textContent,
            hash: location.hash })"""

        open_at("#step=0")
        for i, want in enumerate(expected):
            if i > 0:
                key("ArrowRight", 39)
            seen = json.loads(evaluate(state))
            result["steps"] += 1
            if seen["step"] != i:
                result["mismatches"].append({"step": i, "what": "step number", "seen": seen["step"]})
                break
            table = want.get("table")
            if table is not None:
                # Empty sections draw no rows: compare the drawn rows with the table's, trailing empty sections aside.
                drawn = seen["rows"]
                wanted = [rows[:200] for rows in table]
                while wanted and not wanted[-1]:
                    wanted.pop()
                while drawn and not drawn[-1]:
                    drawn.pop()
                budget, capped = 200, []
                for rows in wanted:
                    capped.append(rows[:max(0, budget)])
                    budget -= len(rows)
                while capped and not capped[-1]:
                    capped.pop()
                if drawn != capped:
                    result["mismatches"].append({"step": i, "what": "rows", "seen": drawn, "wanted": capped})
            if want.get("rejection"):
                if not seen["rejection"] or want["rejection"] not in seen["rejection"]:
                    result["mismatches"].append({"step": i, "what": "rejection", "seen": seen["rejection"],
                                                 "wanted": want["rejection"]})
            if seen["hash"] != "#step=%d" % i:
                result["mismatches"].append({"step": i, "what": "address", "seen": seen["hash"]})
        middle = len(expected) // 2
        open_at("#step=%d" % middle)
        result["hash"] = {"asked": middle, "seen": json.loads(evaluate(state))["step"]}
        key("End", 35)
        time.sleep(0.2)
        shot = send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False}, session=session)
        with open(screenshot, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        result["screenshot"] = screenshot
    except Exception as e:  # reported, not raised: the test prints it
        result["error"] = "%s: %s" % (type(e).__name__, e)
    finally:
        try:
            send("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
    print(json.dumps(result))

main()
